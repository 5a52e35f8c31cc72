import { ArrowDown, ArrowLeft, Handshake } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MESSAGE_MESSAGES, MessageItem } from '@shared/schemas/messages';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useConversation } from '@/features/messages/api/get-conversation';
import { useMessages } from '@/features/messages/api/get-messages';
import { useMarkConversationRead } from '@/features/messages/api/mark-read';
import { addMessageToCache, useSendMessage } from '@/features/messages/api/send-message';
import { Composer } from '@/features/messages/components/composer';
import { BlockedMemberNotice } from '@/components/blocked-member-notice';
import { MemberAvatar } from '@/components/member-avatar';
import { MemberSafetyMenu } from '@/components/member-safety-menu';
import { MessageBubble } from '@/features/messages/components/message-bubble';
import { ProposeExchangeDialog } from '@/features/messages/components/propose-exchange-dialog';
import { pendingMessages, usePendingMessages } from '@/features/messages/lib/pending-messages';
import { useDocumentVisible } from '@/features/messages/lib/use-document-visible';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { useRealtimeEvent } from '@/lib/realtime';
import { paths, profilePath } from '@/lib/paths';

/** How close to an edge (px) counts as being there: at the bottom, or near the top to load older. */
const BOTTOM_SLACK = 48;
const TOP_LOAD_AT = 160;

function BackLink() {
  return (
    <Button asChild variant="ghost" size="icon" className="shrink-0 md:hidden">
      <Link to={paths.messages} aria-label="Back to conversations">
        <ArrowLeft aria-hidden="true" />
      </Link>
    </Button>
  );
}

function MessagesSkeleton() {
  return (
    <div className="space-y-3 p-4" aria-hidden="true" data-testid="messages-loading">
      <Skeleton className="h-10 w-2/5 rounded-2xl" />
      <Skeleton className="ml-auto h-14 w-1/2 rounded-2xl" />
      <Skeleton className="h-10 w-1/3 rounded-2xl" />
      <Skeleton className="ml-auto h-10 w-2/5 rounded-2xl" />
    </div>
  );
}

/** The messages of every loaded page, oldest first, each once (a refetch may overlap a page). */
function flatten(pages: readonly { items: MessageItem[] }[] | undefined): MessageItem[] {
  if (!pages) return [];
  const seen = new Set<string>();
  const out: MessageItem[] = [];
  for (let index = pages.length - 1; index >= 0; index -= 1) {
    for (const item of pages[index]?.items ?? []) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}

/** The right pane: who, which post, the messages (older ones load on scrolling up) and the composer. */
export function ChatPanel({ conversationId }: { conversationId: string }) {
  const { data: session } = useSession();
  const viewerId = session?.user.id;
  const conversation = useConversation(conversationId);
  const messagesQuery = useMessages(conversationId);
  const pending = usePendingMessages(conversationId);
  const { send, retry } = useSendMessage();
  const markRead = useMarkConversationRead(viewerId);
  const visible = useDocumentVisible();
  const [proposing, setProposing] = useState(false);
  const [showPill, setShowPill] = useState(false);

  // A message of this conversation from the realtime event shows at once; the refetch the event
  // also starts (realtime.tsx) confirms it a round trip later.
  const queryClient = useQueryClient();
  useRealtimeEvent((event) => {
    if (event.type !== 'message.created' || event.message.conversationId !== conversationId) return;
    const message = MessageItem.safeParse(event.message);
    if (message.success) addMessageToCache(queryClient, message.data);
  });

  const messages = useMemo(() => flatten(messagesQuery.data?.pages), [messagesQuery.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = messagesQuery;

  // A pending bubble goes once the server's copy (from our POST or the realtime refetch) is here.
  useEffect(() => {
    const delivered = new Set(messages.map((message) => message.clientId).filter((id): id is string => Boolean(id)));
    pendingMessages.remove(pending.filter((message) => delivered.has(message.clientId)).map((message) => message.clientId));
  }, [messages, pending]);

  // Read while open and visible: on opening and whenever a new message from the other member arrives.
  const newestUnreadId = messages.findLast((message) => message.senderId !== viewerId && !message.isRead)?.id;
  const askedFor = useRef<string | null>(null);
  const { mutate: markReadNow } = markRead;
  useEffect(() => {
    if (!viewerId || !visible || !newestUnreadId || askedFor.current === newestUnreadId) return;
    askedFor.current = newestUnreadId;
    markReadNow(conversationId);
  }, [viewerId, visible, newestUnreadId, conversationId, markReadNow]);

  // Scrolling: start at the bottom, follow new messages while there, keep the place when older ones load.
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const restoreFromBottom = useRef<number | null>(null);
  const seenNewest = useRef<string | null>(null);
  const newestKey = pending.at(-1)?.clientId ?? messages.at(-1)?.id ?? null;
  const newestIsMine = pending.length > 0 || messages.at(-1)?.senderId === viewerId;
  const oldestId = messages[0]?.id;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || restoreFromBottom.current === null) return;
    element.scrollTop = element.scrollHeight - restoreFromBottom.current;
    restoreFromBottom.current = null;
  }, [oldestId]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || newestKey === null || seenNewest.current === newestKey) return;
    const first = seenNewest.current === null;
    seenNewest.current = newestKey;
    if (first || atBottom.current || newestIsMine) {
      element.scrollTop = element.scrollHeight;
      atBottom.current = true;
      setShowPill(false);
    } else {
      setShowPill(true);
    }
  }, [newestKey, newestIsMine]);

  // A failed send grows its bubble (the Retry line): stay at the bottom if the member was there.
  const failedCount = pending.filter((message) => message.status === 'failed').length;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [failedCount]);

  function handleScroll() {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < BOTTOM_SLACK;
    if (atBottom.current) setShowPill(false);
    if (element.scrollTop < TOP_LOAD_AT && hasNextPage && !isFetchingNextPage) {
      restoreFromBottom.current = element.scrollHeight - element.scrollTop;
      void fetchNextPage();
    }
  }

  function jumpToNewest() {
    const element = scroller.current;
    if (!element) return;
    element.scrollTo({ top: element.scrollHeight, behavior: 'smooth' });
    setShowPill(false);
  }

  const notFound =
    (conversation.error instanceof ApiError && (conversation.error.status === 404 || conversation.error.status === 403)) ||
    (messagesQuery.error instanceof ApiError && (messagesQuery.error.status === 404 || messagesQuery.error.status === 403));
  if (notFound) {
    return (
      <div className="flex h-full flex-col">
        <div className="flex items-center gap-2 border-b border-border p-2 md:hidden">
          <BackLink />
        </div>
        <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center" role="alert">
          <p className="font-medium text-fg">{MESSAGE_MESSAGES.conversationNotFound}</p>
          <Button asChild variant="outline" size="sm">
            <Link to={paths.messages}>Back to conversations</Link>
          </Button>
        </div>
      </div>
    );
  }

  const other = conversation.data?.otherMember;
  const otherName = other?.name ?? '';
  // History stays readable across a block; nothing new can be sent either way.
  const blocked = conversation.data?.blocked ?? null;

  let body;
  if (messagesQuery.isPending) {
    body = <MessagesSkeleton />;
  } else if (messagesQuery.isError && !messagesQuery.data) {
    // A failed refetch (the server restarting, say) keeps what is on screen, pending bubbles included.
    body = (
      <div className="space-y-3 p-6 text-center" role="alert">
        <p className="text-sm text-fg-muted">The messages could not be loaded.</p>
        <Button size="sm" variant="outline" onClick={() => void messagesQuery.refetch()} disabled={messagesQuery.isFetching}>
          Try again
        </Button>
      </div>
    );
  } else if (messages.length === 0 && pending.length === 0) {
    body = <p className="p-6 text-center text-sm text-fg-muted">No messages yet. Say hello!</p>;
  } else {
    body = (
      <div className="space-y-2 px-3 py-4 sm:px-5" role="log" aria-label={`Messages with ${otherName}`} aria-live="polite">
        {isFetchingNextPage ? <Spinner className="mx-auto size-5" label="Loading older messages..." /> : null}
        {!hasNextPage && messages.length > 0 ? (
          <p className="pb-2 text-center text-xs text-fg-subtle">This is the start of your conversation.</p>
        ) : null}
        {messages.map((message) => {
          const mine = message.senderId === viewerId;
          return (
            <MessageBubble
              key={message.id}
              messageId={message.id}
              mine={mine}
              senderName={otherName}
              content={message.content}
              exchangeProposal={message.exchangeProposal}
              createdAt={message.createdAt}
              status={mine ? (message.isRead ? 'read' : 'sent') : undefined}
              proposalAnswer={message.exchangeProposal ? { conversationId, messageId: message.id } : undefined}
            />
          );
        })}
        {pending.map((message) => (
          <MessageBubble
            key={message.clientId}
            mine
            senderName={otherName}
            content={message.content}
            exchangeProposal={message.exchangeProposal}
            createdAt={message.createdAt}
            status={message.status}
            error={message.error}
            onRetry={() => retry(message.clientId)}
          />
        ))}
      </div>
    );
  }

  return (
    <div className="flex h-full min-h-0 flex-col">
      <header className="flex items-center gap-2 border-b border-border px-2 py-2 sm:px-4">
        <BackLink />
        {other ? (
          <Link
            to={profilePath(other.id)}
            className="flex min-w-0 flex-1 items-center gap-3 rounded-lg p-1 hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <MemberAvatar name={other.name} avatarUrl={other.photoUrl} />
            <span className="min-w-0">
              <span className="block truncate font-semibold text-fg" data-testid="chat-member-name">
                {other.name}
              </span>
              {conversation.data?.post ? (
                <span className="block truncate text-xs text-fg-muted">{conversation.data.post.title}</span>
              ) : null}
            </span>
          </Link>
        ) : (
          <span className="flex flex-1 items-center gap-3 p-1" aria-hidden="true">
            <Skeleton className="size-10 rounded-full" />
            <Skeleton className="h-4 w-32" />
          </span>
        )}
        <Button variant="outline" size="sm" onClick={() => setProposing(true)} disabled={!other || blocked !== null} className="shrink-0">
          <Handshake aria-hidden="true" />
          <span className="max-sm:sr-only">Propose an Exchange</span>
        </Button>
        {other ? <MemberSafetyMenu member={other} blockedByViewer={blocked === 'by_viewer'} variant="ghost" /> : null}
      </header>
      <div className="relative min-h-0 flex-1">
        <div ref={scroller} onScroll={handleScroll} className="h-full overflow-y-auto overscroll-contain" data-testid="messages-scroller">
          {body}
        </div>
        {showPill ? (
          <Button size="sm" onClick={jumpToNewest} className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full shadow-md">
            <ArrowDown aria-hidden="true" />
            New messages
          </Button>
        ) : null}
      </div>
      {other && blocked ? (
        <BlockedMemberNotice member={other} blocked={blocked} className="border-t border-border bg-surface px-3 py-3 sm:px-4" />
      ) : (
        <Composer conversationId={conversationId} onSend={(content) => send({ conversationId, content })} />
      )}
      {other ? (
        <ProposeExchangeDialog
          open={proposing}
          onOpenChange={setProposing}
          otherName={otherName}
          onPropose={(exchangeProposal, content) => send({ conversationId, content, exchangeProposal })}
        />
      ) : null}
    </div>
  );
}
