import { AlertCircle, Check, CheckCheck, Flag, MoreHorizontal, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { ExchangeProposal, ProposalCard as StoredProposal } from '@shared/schemas/messages';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { LinkedText } from '@/features/messages/components/linked-text';
import { ProposalCard, type ProposalCardProps } from '@/features/messages/components/proposal-card';
import { messageTime } from '@/features/messages/lib/time';
import { ReportDialog } from '@/features/safety/report-dialog';
import { cn } from '@/lib/cn';

/** What a proposal's content holds when the proposer wrote no notes. */
export const PROPOSAL_DEFAULT_CONTENT = 'Exchange proposal';

export type BubbleStatus = 'sending' | 'failed' | 'sent' | 'read';

export interface BubbleProps {
  mine: boolean;
  content: string;
  /** The stored proposal (any shape from the server); shown as a card when it reads as one. */
  exchangeProposal: unknown;
  createdAt: string;
  /** Only for the viewer's own messages. */
  status?: BubbleStatus;
  error?: string | null;
  onRetry?: () => void;
  senderName: string;
  /** A stored proposal's message, so its recipient can answer it on the card. */
  proposalAnswer?: ProposalCardProps['answer'];
  /** The stored message's id: the other member's messages get a menu to report them. */
  messageId?: string;
}

function StatusMark({ status }: { status: BubbleStatus }) {
  switch (status) {
    case 'sending':
      return <span>Sending...</span>;
    case 'failed':
      return null;
    case 'sent':
      return (
        <span className="inline-flex" title="Sent">
          <Check aria-hidden="true" className="size-3.5" />
          <span className="sr-only">Sent</span>
        </span>
      );
    case 'read':
      return (
        <span className="inline-flex" title="Read">
          <CheckCheck aria-hidden="true" className="size-3.5" />
          <span className="sr-only">Read</span>
        </span>
      );
  }
}

/**
 * The … beside another member's message (shown on hover or focus, always on touch screens):
 * Report message.
 */
function MessageMenu({ messageId, senderName }: { messageId: string; senderName: string }) {
  const [reportOpen, setReportOpen] = useState(false);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className={cn(
              'size-8 text-fg-subtle opacity-0 transition-opacity group-hover:opacity-100 focus-visible:opacity-100 data-[state=open]:opacity-100',
              'pointer-coarse:opacity-100',
            )}
            aria-label={`Message actions: message from ${senderName}`}
          >
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuItem onSelect={() => setReportOpen(true)}>
            <Flag aria-hidden="true" />
            Report message
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {reportOpen ? (
        <ReportDialog target={{ type: 'message', id: messageId, memberName: senderName }} open={reportOpen} onOpenChange={setReportOpen} />
      ) : null}
    </>
  );
}

/** One message: mine on the right in the brand colour, theirs on the left; proposals as a card. */
export function MessageBubble({ mine, content, exchangeProposal, createdAt, status, error, onRetry, senderName, proposalAnswer, messageId }: BubbleProps) {
  const proposal = exchangeProposal ? ExchangeProposal.safeParse(exchangeProposal) : null;
  const stored = exchangeProposal ? StoredProposal.safeParse(exchangeProposal) : null;
  const notes = proposal?.success && content === PROPOSAL_DEFAULT_CONTENT ? '' : content;
  return (
    <div className={cn('group flex flex-col', mine ? 'items-end' : 'items-start')} data-testid="message" data-mine={mine} data-status={status}>
      <div className="flex max-w-[85%] items-center gap-1 sm:max-w-[75%]">
        <div
          className={cn(
            'min-w-0 rounded-2xl px-3.5 py-2 shadow-xs',
            mine ? 'rounded-br-md bg-brand-700 text-white' : 'rounded-bl-md bg-surface-muted text-fg',
            status === 'sending' && 'opacity-80',
            status === 'failed' && 'ring-2 ring-danger-600',
          )}
        >
          {proposal?.success ? (
            <ProposalCard
              proposal={proposal.data}
              status={stored?.success ? stored.data.status : null}
              mine={mine}
              senderName={senderName}
              answer={proposalAnswer}
            />
          ) : null}
          {notes ? (
            <p className={cn('text-sm whitespace-pre-wrap wrap-anywhere', proposal?.success && 'mt-2')} data-testid="message-text">
              <LinkedText text={notes} />
            </p>
          ) : null}
          <p className={cn('mt-1 flex items-center justify-end gap-1 text-[11px]', mine ? 'text-brand-100' : 'text-fg-subtle')}>
            <time dateTime={createdAt}>{messageTime(createdAt)}</time>
            {mine && status ? <StatusMark status={status} /> : null}
          </p>
        </div>
        {!mine && messageId ? <MessageMenu messageId={messageId} senderName={senderName} /> : null}
      </div>
      {status === 'failed' ? (
        <p className="mt-1 flex items-center gap-2 text-xs text-danger-700" role="alert">
          <AlertCircle aria-hidden="true" className="size-3.5" />
          {error ?? 'Not sent.'}
          <Button size="sm" variant="ghost" className="h-7 px-2" onClick={onRetry}>
            <RotateCw aria-hidden="true" />
            Retry
          </Button>
        </p>
      ) : null}
    </div>
  );
}
