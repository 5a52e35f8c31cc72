import type { Ref } from 'react';
import { fieldClasses } from '@/components/ui/input';
import { useCategories } from '@/features/profile/api/get-categories';
import { cn } from '@/lib/cn';

export interface CategorySelectProps {
  id: string;
  value: number | null | undefined;
  onChange: (id: number | undefined) => void;
  onBlur: () => void;
  selectRef?: Ref<HTMLSelectElement>;
  invalid: boolean;
  describedBy?: string | undefined;
}

/** The primary skill categories (disabled while they load). */
export function CategorySelect({ id, value, onChange, onBlur, selectRef, invalid, describedBy }: CategorySelectProps) {
  const categories = useCategories(1);
  return (
    <select
      id={id}
      ref={selectRef}
      className={cn(fieldClasses, 'h-10')}
      disabled={categories.isPending}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
      onBlur={onBlur}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
    >
      <option value="">{categories.isPending ? 'Loading categories...' : 'Select a category'}</option>
      {(categories.data ?? []).map((category) => (
        <option key={category.id} value={category.id}>
          {category.name}
        </option>
      ))}
    </select>
  );
}
