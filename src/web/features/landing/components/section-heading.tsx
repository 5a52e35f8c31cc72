import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface SectionHeadingProps {
  id?: string;
  eyebrow: string;
  title: ReactNode;
  description?: ReactNode;
  align?: 'center' | 'left';
  inverted?: boolean;
  className?: string;
}

/** Eyebrow, h2 and lead paragraph at the top of each landing section. */
export function SectionHeading({ id, eyebrow, title, description, align = 'center', inverted = false, className }: SectionHeadingProps) {
  return (
    <div className={cn('max-w-2xl', align === 'center' && 'mx-auto text-center', className)}>
      <p className={cn('text-sm font-semibold tracking-wide uppercase', inverted ? 'text-brand-200' : 'text-brand-700')}>
        {eyebrow}
      </p>
      <h2
        id={id}
        tabIndex={-1}
        className={cn(
          'mt-2 text-3xl font-semibold tracking-tight text-balance focus:outline-none sm:text-4xl',
          inverted ? 'text-white' : 'text-fg',
        )}
      >
        {title}
      </h2>
      {description ? (
        <p className={cn('mt-4 text-lg leading-relaxed text-pretty', inverted ? 'text-brand-100/85' : 'text-fg-muted')}>
          {description}
        </p>
      ) : null}
    </div>
  );
}
