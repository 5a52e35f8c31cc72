import { MessageSquare, Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { MESSAGE_LIMITS, type ConversationSummary } from '@shared/schemas/messages';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useConversations } from '@/features/messages/api/get-conversations';
import { MemberAvatar } from '@/components/member-avatar';
import { NewConversationDialog } from '@/features/messages/components/new-conversation-dialog';
import { relativeTime } from '@/features/messages/lib/time';
import { cn } from '@/lib/cn';
import { conversationPath } from '@/lib/paths';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const SEARCH_DEBOUNCE_MS = 300;

function lastMessageText(conversation: ConversationSummary): string {
  const last = conversation.lastMessage;
  if (!last) return 'No messages yet';
  if (last.messageType === 'exchange_proposal') return 'Exchange proposal';
  return last.content;
}

function ConversationEntry({ conversation, active }: { conversation: ConversationSummary; active: boolean }) {
  const { otherMember, unreadCount } = conversation;
  const when = relativeTime(conversation.lastMessage?.createdAt ?? conversation.updatedAt);
  return (
    <li>
      <Link
        to={conversationPath(conversation.id)}
        aria-current={active ? 'page' : undefined}
        data-testid="conversation-entry"
        className={cn(
          'flex items-center gap-3 rounded-lg px-3 py-2.5 transition-colors hover:bg-surface-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
          active && 'bg-brand-50 hover:bg-brand-50',
        )}
      >
        <MemberAvatar name={otherMember.name} avatarUrl={otherMember.photoUrl} className="size-11" />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cn('truncate text-sm text-fg', unreadCount > 0 ? 'font-semibold' : 'font-medium')}>{otherMember.name}</span>
            <span className="shrink-0 text-xs text-fg-subtle">{when}</span>
          </span>
          <span className="flex items-center justify-between gap-2">
            <span className={cn('truncate text-sm', unreadCount > 0 ? 'text-fg' : 'text-fg-muted')} data-testid="conversation-last-message">
              {lastMessageText(conversation)}
            </span>
            {unreadCount > 0 ? (
              <span
                className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white tabular-nums"
                data-testid="conversation-unread"
              >
                {unreadCount}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </span>
          {conversation.post ? <span className="block truncate text-xs text-fg-subtle">{conversation.post.title}</span> : null}
        </span>
      </Link>
    </li>
  );
}

function ListSkeleton() {
  return (
    <ul className="space-y-1 p-2" aria-hidden="true" data-testid="conversations-loading">
      {[0, 1, 2, 3, 4].map((row) => (
        <li key={row} className="flex items-center gap-3 px-3 py-2.5">
          <Skeleton className="size-11 rounded-full" />
          <span className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-3/4" />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The left pane: search, New, and the member's conversations, newest activity first. */
export function ConversationList({ activeId }: { activeId: string | undefined }) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useConversations(q);
  const items = query.data?.items ?? [];

  let body;
  if (query.isPending) {
    body = <ListSkeleton />;
  } else if (query.isError && !query.data) {
    body = (
      <div className="space-y-3 p-6 text-center" role="alert">
        <p className="text-sm text-fg-muted">Your conversations could not be loaded.</p>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
          Try again
        </Button>
      </div>
    );
  } else if (items.length === 0) {
    body = q ? (
      <p className="p-6 text-center text-sm text-fg-muted">No conversations match &ldquo;{q}&rdquo;.</p>
    ) : (
      <div className="space-y-2 p-6 text-center" data-testid="conversations-empty">
        <MessageSquare aria-hidden="true" className="mx-auto size-8 text-fg-subtle" />
        <p className="font-medium text-fg">No conversations yet</p>
        <p className="text-sm text-fg-muted">Send an exchange request on a post and your conversation with its author starts here.</p>
      </div>
    );
  } else {
    body = (
      <ul className={cn('space-y-0.5 p-2', query.isPlaceholderData && 'opacity-70')} aria-label="Conversations">
        {items.map((conversation) => (
          <ConversationEntry key={conversation.id} conversation={conversation} active={conversation.id === activeId} />
        ))}
      </ul>
    );
  }

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="space-y-3 border-b border-border p-3">
        <div className="flex items-center justify-between gap-2">
          <h1 className="text-lg font-semibold text-fg">Messages</h1>
          <NewConversationDialog />
        </div>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle" />
          <Input
            type="search"
            aria-label="Search conversations"
            placeholder="Search conversations"
            value={search}
            maxLength={MESSAGE_LIMITS.searchMax}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto" aria-busy={query.isFetching}>
        {body}
      </div>
    </div>
  );
}
