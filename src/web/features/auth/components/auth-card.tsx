import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface AuthCardProps {
  title: string;
  description?: ReactNode;
  /** Placed above the title (an icon tile). */
  icon?: ReactNode;
  children?: ReactNode;
  /** Extra content in the card's corner (the close button). */
  corner?: ReactNode;
  className?: string;
}

/** The centred card every auth screen is shown in when it is a page (not a modal). */
export function AuthCard({ title, description, icon, children, corner, className }: AuthCardProps) {
  return (
    <div className="flex justify-center px-4 py-10 sm:py-16">
      <section
        aria-labelledby="auth-card-title"
        className={cn('relative w-full max-w-md rounded-2xl border border-border bg-surface p-6 shadow-card sm:p-8', className)}
      >
        {corner}
        <header className="mb-6 space-y-2 pr-8">
          {icon}
          <h1 id="auth-card-title" className="text-2xl font-semibold tracking-tight text-balance">
            {title}
          </h1>
          {description ? <div className="text-sm text-fg-muted">{description}</div> : null}
        </header>
        {children}
      </section>
    </div>
  );
}

/** The round tile with an icon at the top of a status card (verify e-mail, expired link). */
export function AuthIcon({ children, tone = 'brand' }: { children: ReactNode; tone?: 'brand' | 'danger' }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'mb-2 inline-flex size-12 items-center justify-center rounded-2xl [&_svg]:size-6',
        tone === 'brand' ? 'bg-brand-100 text-brand-700' : 'bg-danger-50 text-danger-600',
      )}
    >
      {children}
    </span>
  );
}
