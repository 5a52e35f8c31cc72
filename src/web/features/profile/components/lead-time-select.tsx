import type { ComponentProps } from 'react';
import { fieldClasses } from '@/components/ui/input';
import { leadTimeOptions } from '@/features/profile/profile-options';
import { cn } from '@/lib/cn';

/** Lead time choices as a native select (registered with react-hook-form). */
export function LeadTimeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select className={cn(fieldClasses, 'h-10', className)} {...props}>
      <option value="">Select lead time</option>
      {leadTimeOptions.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
