import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';

/** Where the member turns AI Match Suggestions back on. */
export const PRIVACY_SETTINGS_PATH = `${paths.settings}?tab=privacy`;

/**
 * In place of the compatibility selector and My Posts' match lists when the member turned
 * AI Match Suggestions off: says why there are no matches and where to turn them on.
 */
export function MatchingOffNote({ className }: { className?: string }) {
  return (
    <p className={cn('text-sm text-fg-muted', className)} data-testid="matching-off">
      Match suggestions are off.{' '}
      <Link to={PRIVACY_SETTINGS_PATH} className="font-medium text-brand-700 underline-offset-4 hover:underline">
        Turn them on in Settings.
      </Link>
    </p>
  );
}
