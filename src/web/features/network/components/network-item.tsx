import { formatDistanceToNow } from 'date-fns';
import { Check, CheckCheck, MessageSquare, Star, Undo2, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { NetworkItem } from '@shared/schemas/network';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmMoveDialog } from '@/features/network/components/confirm-move-dialog';
import { RateExchangeDialog } from '@/features/network/components/rate-exchange-dialog';
import { RespondDialog } from '@/features/network/components/respond-dialog';
import { MemberAvatar } from '@/components/member-avatar';
import { conversationPath, openConversationPath, profilePath } from '@/lib/paths';

export type NetworkSection = 'incoming' | 'connections' | 'outgoing' | 'declined';

/** 'Sent 3 hours ago', 'Accepted yesterday'...: the latest step of the request, relative. */
function whenText(item: NetworkItem): string {
  const ago = (iso: string) => formatDistanceToNow(new Date(iso), { addSuffix: true });
  if (item.status === 'completed' && item.completedAt) return `Completed ${ago(item.completedAt)}`;
  if (item.status === 'accepted' && item.respondedAt) return `Accepted ${ago(item.respondedAt)}`;
  if (item.status === 'declined' && item.respondedAt) return `Declined ${ago(item.respondedAt)}`;
  return `${item.direction === 'incoming' ? 'Received' : 'Sent'} ${ago(item.createdAt)}`;
}

/** The conversation of this exchange; without one, Messages opens (or creates) it for the member and post. */
function messagesPath(item: NetworkItem): string {
  return item.conversationId ? conversationPath(item.conversationId) : openConversationPath(item.otherMember.id, item.post.id);
}

type OpenDialog = 'accepted' | 'declined' | 'withdrawn' | 'completed' | 'rate' | null;

/** One request in a My Network section: who, which post, the note and answer, when, and what can be done. */
export function NetworkItemRow({ item, section }: { item: NetworkItem; section: NetworkSection }) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const name = item.otherMember.name;
  const close = (open: boolean) => (open ? undefined : setDialog(null));
  const answerLabel = item.direction === 'incoming' ? 'Your response' : `${name}'s response`;

  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-3 sm:flex-row sm:items-start sm:p-4" data-testid="network-item">
      <div className="flex min-w-0 flex-1 gap-3">
        <Link to={profilePath(item.otherMember.id)} tabIndex={-1} aria-hidden="true" className="shrink-0 rounded-full">
          <MemberAvatar name={name} avatarUrl={item.otherMember.photoUrl} />
        </Link>
        <div className="min-w-0 flex-1 space-y-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Link
              to={profilePath(item.otherMember.id)}
              className="rounded-sm font-medium text-fg wrap-anywhere hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {name}
            </Link>
            <span className="text-xs text-fg-subtle">{whenText(item)}</span>
          </p>
          <p className="text-sm text-fg-muted wrap-anywhere">
            <span className="sr-only">Post: </span>
            {item.post.title}
          </p>
          {item.message ? (
            <p className="text-sm whitespace-pre-line wrap-anywhere text-fg">
              <span className="font-medium">{item.direction === 'incoming' ? 'Note' : 'Your note'}: </span>
              {item.message}
            </p>
          ) : null}
          {item.responseMessage ? (
            <p className="rounded-lg bg-surface-muted px-3 py-2 text-sm whitespace-pre-line wrap-anywhere text-fg" data-testid="response-message">
              <span className="font-medium">{answerLabel}: </span>
              {item.responseMessage}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:max-w-[45%] sm:justify-end">
        {section === 'incoming' ? (
          <>
            <Button size="sm" onClick={() => setDialog('accepted')}>
              <Check aria-hidden="true" />
              Accept
            </Button>
            <Button size="sm" variant="outline" onClick={() => setDialog('declined')}>
              <X aria-hidden="true" />
              Decline
            </Button>
          </>
        ) : null}
        {section === 'connections' ? (
          <>
            {item.status === 'completed' ? <Badge variant="success">Completed</Badge> : null}
            {item.status === 'completed' && item.ratedByMe ? (
              <Badge variant="brand">
                <Star aria-hidden="true" />
                Rated
              </Badge>
            ) : null}
            <Button size="sm" variant="outline" asChild>
              <Link to={messagesPath(item)}>
                <MessageSquare aria-hidden="true" />
                Message
              </Link>
            </Button>
            {item.status === 'accepted' ? (
              <Button size="sm" onClick={() => setDialog('completed')}>
                <CheckCheck aria-hidden="true" />
                Mark Completed
              </Button>
            ) : null}
            {item.status === 'completed' && !item.ratedByMe ? (
              <Button size="sm" onClick={() => setDialog('rate')}>
                <Star aria-hidden="true" />
                Rate
              </Button>
            ) : null}
          </>
        ) : null}
        {section === 'outgoing' ? (
          <>
            <Badge variant="warning">Waiting for response</Badge>
            <Button size="sm" variant="outline" onClick={() => setDialog('withdrawn')}>
              <Undo2 aria-hidden="true" />
              Withdraw
            </Button>
          </>
        ) : null}
        {section === 'declined' ? <Badge variant="danger">Declined</Badge> : null}
      </div>

      {section === 'incoming' ? (
        <RespondDialog
          requestId={item.id}
          memberName={name}
          postTitle={item.post.title}
          decision={dialog === 'declined' ? 'declined' : 'accepted'}
          open={dialog === 'accepted' || dialog === 'declined'}
          onOpenChange={close}
        />
      ) : null}
      {dialog === 'withdrawn' || dialog === 'completed' ? (
        <ConfirmMoveDialog requestId={item.id} memberName={name} postTitle={item.post.title} move={dialog} open onOpenChange={close} />
      ) : null}
      {dialog === 'rate' ? <RateExchangeDialog open onOpenChange={close} requestId={item.id} memberName={name} /> : null}
    </li>
  );
}
