import { useSyncExternalStore } from 'react';
import { useMatch } from 'react-router';
import { isServerBusy, subscribeServerBusy } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';

/**
 * A calm fixed pill while requests wait to be sent again because the server answered that it
 * is busy (lib/api-client.ts retries them after its Retry-After). Fixed near the bottom, so
 * nothing on the page moves and no heading is covered; above the realtime 'Reconnecting...'
 * pill, and in an open conversation above the composer. The live region stays mounted so the
 * change is announced.
 */
export function ServerBusyNotice() {
  const busy = useSyncExternalStore(subscribeServerBusy, isServerBusy, () => false);
  const inChat = useMatch(paths.messagesConversation) !== null;
  return (
    <div role="status" className={cn('pointer-events-none fixed inset-x-0 z-50 flex justify-center px-4', inChat ? 'bottom-40' : 'bottom-16')}>
      {busy ? (
        <span data-testid="server-busy" className="rounded-full bg-fg px-4 py-2 text-sm font-medium text-surface shadow-lg">
          The server is busy. Trying again...
        </span>
      ) : null}
    </div>
  );
}
