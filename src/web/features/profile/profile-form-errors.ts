import type { FieldPath, UseFormSetError } from 'react-hook-form';
import type { ProfileFormValues } from '@shared/schemas/profile';
import { ApiError } from '@/lib/api-client';

const formFields: readonly FieldPath<ProfileFormValues>[] = [
  'photoId',
  'displayName',
  'about',
  'serviceType',
  'primaryCategoryId',
  'skillKeywords',
  'portfolioUrl',
  'linkedinUrl',
  'leadTime',
  'zipCode',
  'serviceRadiusMiles',
  'location',
];

const isFormField = (name: string): name is FieldPath<ProfileFormValues> => (formFields as readonly string[]).includes(name);

/** Puts the server's field messages (a 400) on the form's fields; true when there were any. */
export function applyServerFieldErrors(error: unknown, setError: UseFormSetError<ProfileFormValues>): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  let applied = false;
  for (const [name, message] of Object.entries(error.fields)) {
    if (isFormField(name)) {
      setError(name, { type: 'server', message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
