import { Hammer } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useDocumentTitle } from '@/lib/use-document-title';

export interface ComingSoonProps {
  /** The screen's title as written in the spec. */
  title: string;
  className?: string;
}

/** Stand-in for a screen that a later release fills in. */
export function ComingSoon({ title, className }: ComingSoonProps) {
  useDocumentTitle(title);
  return (
    <section className={cn('mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24', className)}>
      <span className="mb-5 inline-flex size-14 items-center justify-center rounded-2xl bg-brand-100 text-brand-700">
        <Hammer aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{title}</h1>
      <p className="mt-3 text-fg-muted">Coming in a later release.</p>
    </section>
  );
}
