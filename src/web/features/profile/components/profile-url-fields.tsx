import type { UseFormReturn } from 'react-hook-form';
import type { ProfileFormValues, ProfileInput } from '@shared/schemas/profile';
import { fieldDescribedBy, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

export interface ProfileUrlFieldsProps<T extends ProfileInput> {
  form: UseFormReturn<ProfileFormValues, unknown, T>;
  labels: { portfolio: string; linkedin: string };
}

const fields = [
  { name: 'portfolioUrl', placeholder: 'https://' },
  { name: 'linkedinUrl', placeholder: 'https://www.linkedin.com/in/...' },
] as const;

/** Portfolio and LinkedIn addresses, side by side. */
export function ProfileUrlFields<T extends ProfileInput>({ form, labels }: ProfileUrlFieldsProps<T>) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {fields.map(({ name, placeholder }) => {
        const error = errors[name]?.message;
        return (
          <FormField key={name} id={name} label={name === 'portfolioUrl' ? labels.portfolio : labels.linkedin} error={error}>
            <Input
              id={name}
              type="url"
              inputMode="url"
              placeholder={placeholder}
              aria-invalid={error ? true : undefined}
              aria-describedby={fieldDescribedBy(name, { error: Boolean(error) })}
              {...form.register(name)}
            />
          </FormField>
        );
      })}
    </div>
  );
}
