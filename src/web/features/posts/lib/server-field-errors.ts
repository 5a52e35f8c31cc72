import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/**
 * Puts a 400's field messages under the post form's own fields (create and edit alike).
 * Returns false when the error carries no field messages, so the caller says something else.
 */
export function showServerFieldErrors<T extends FieldValues>(error: unknown, fieldNames: readonly string[], setError: UseFormSetError<T>): boolean {
  if (!(error instanceof ApiError) || error.status !== 400 || Object.keys(error.fields).length === 0) return false;
  const known = new Set(fieldNames);
  for (const [field, message] of Object.entries(error.fields)) {
    const name = field.split('.')[0] ?? field;
    if (known.has(name)) setError(name as Path<T>, { message });
  }
  return true;
}
