import { Clock } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * How a post's author answers exchange requests ('Responds to 9 of 10 requests · usually within
 * a day'), from the server; nothing while it is hidden (fewer than 3 requests in 90 days).
 */
export function AuthorResponse({ text, className }: { text: string | null; className?: string }) {
  if (!text) return null;
  return (
    <p className={cn('flex items-start gap-1.5 text-xs text-fg-muted', className)} data-testid="author-response">
      <Clock aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span>{text}</span>
    </p>
  );
}
