import { Controller, type UseFormReturn } from 'react-hook-form';
import type { ProfileFormValues, ProfileInput } from '@shared/schemas/profile';
import { fieldDescribedBy, FormField } from '@/components/ui/form-field';
import { CategorySelect } from '@/features/profile/components/category-select';
import { SkillKeywordsInput, skillsCounter } from '@/features/profile/components/skill-keywords-input';

type ProfileForm<T extends ProfileInput> = UseFormReturn<ProfileFormValues, unknown, T>;

/** Primary Skill Category, bound to the complete-profile or edit-profile form. */
export function PrimaryCategoryField<T extends ProfileInput>({ form }: { form: ProfileForm<T> }) {
  const error = form.formState.errors.primaryCategoryId?.message;
  return (
    <FormField id="primaryCategoryId" label="Primary Skill Category" error={error}>
      <Controller
        control={form.control}
        name="primaryCategoryId"
        render={({ field }) => (
          <CategorySelect
            id="primaryCategoryId"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            selectRef={field.ref}
            invalid={Boolean(error)}
            describedBy={fieldDescribedBy('primaryCategoryId', { error: Boolean(error) })}
          />
        )}
      />
    </FormField>
  );
}

/** The skill keywords with their counter; the two screens name them and their limit message differently. */
export function SkillKeywordsField<T extends ProfileInput>({ form, label, maxMessage }: { form: ProfileForm<T>; label: string; maxMessage: string }) {
  const error = form.formState.errors.skillKeywords?.message;
  return (
    <Controller
      control={form.control}
      name="skillKeywords"
      render={({ field }) => (
        <FormField id="skillKeywords" label={label} error={error} hint={skillsCounter(field.value?.length ?? 0)}>
          <SkillKeywordsInput
            id="skillKeywords"
            value={field.value ?? []}
            onChange={field.onChange}
            onBlur={field.onBlur}
            maxMessage={maxMessage}
            error={error}
          />
        </FormField>
      )}
    />
  );
}
