import { cn } from '@/lib/cn';
import { appConfig } from '@/lib/app-config';

/** The logo tile and product name, used by every top bar and the footer. */
export function BrandMark({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-semibold tracking-tight', className)}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" className={inverted ? 'fill-white' : 'fill-brand-700'} />
        <path
          d="M9 12.5h11.5l-3-3M23 19.5H11.5l3 3"
          fill="none"
          className={inverted ? 'stroke-brand-800' : 'stroke-white'}
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="24" cy="9" r="2.2" className="fill-accent-300" />
      </svg>
      <span>{appConfig.appName}</span>
    </span>
  );
}
