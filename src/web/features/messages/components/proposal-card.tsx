import { CheckCircle2, Clock, Handshake, Hourglass, MapPin, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import type { ExchangeProposal, ProposalStatus } from '@shared/schemas/messages';
import { Button } from '@/components/ui/button';
import { useDecideProposal } from '@/features/messages/api/decide-proposal';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';

export interface ProposalCardProps {
  proposal: ExchangeProposal;
  /** Where it stands on the server; null while the proposer's own copy is still being sent. */
  status: ProposalStatus | null;
  mine: boolean;
  senderName: string;
  /** The stored message, so its recipient can answer it. */
  answer?: { conversationId: string; messageId: string };
}

/** Accept / Decline for the recipient of a pending proposal, with busy states (the toasts come from useDecideProposal). */
function ProposalAnswer({ conversationId, messageId, senderName }: { conversationId: string; messageId: string; senderName: string }) {
  const mutation = useDecideProposal();
  const busy = mutation.isPending ? mutation.variables.decision : null;
  const answer = (decision: 'accepted' | 'declined') =>
    mutation.mutate({ conversationId, messageId, decision, proposerName: senderName });

  return (
    <div className="flex flex-wrap justify-end gap-2 pt-1">
      <Button size="sm" variant="outline" disabled={busy !== null} onClick={() => answer('declined')}>
        <XCircle aria-hidden="true" />
        {busy === 'declined' ? 'Declining...' : 'Decline'}
      </Button>
      <Button size="sm" disabled={busy !== null} onClick={() => answer('accepted')}>
        <CheckCircle2 aria-hidden="true" />
        {busy === 'accepted' ? 'Accepting...' : 'Accept'}
      </Button>
    </div>
  );
}

/** An exchange proposal in the chat: what is offered for what, and where it stands for both members. */
export function ProposalCard({ proposal, status, mine, senderName, answer }: ProposalCardProps) {
  const who = mine ? 'You' : senderName;
  const muted = mine ? 'text-brand-100' : 'text-fg-muted';
  return (
    <div className="space-y-2" data-testid="proposal-card" data-status={status ?? 'sending'}>
      <p className="flex items-center gap-1.5 text-sm font-semibold">
        <Handshake aria-hidden="true" className="size-4" />
        Exchange proposal
      </p>
      <dl className={cn('grid gap-1 rounded-lg p-2.5 text-sm', mine ? 'bg-brand-800' : 'bg-surface')}>
        <div>
          <dt className={cn('text-xs', muted)}>
            {who} offer{mine ? '' : 's'}
          </dt>
          <dd className="font-medium wrap-anywhere">{proposal.offered_skill}</dd>
        </div>
        <div>
          <dt className={cn('text-xs', muted)}>In exchange for</dt>
          <dd className="font-medium wrap-anywhere">{proposal.requested_skill}</dd>
        </div>
        {proposal.duration_hours || proposal.location ? (
          <div className="flex flex-wrap gap-x-4 gap-y-1 pt-1">
            {proposal.duration_hours ? (
              <dd className="inline-flex items-center gap-1">
                <Clock aria-hidden="true" className="size-3.5" />
                {proposal.duration_hours} {proposal.duration_hours === 1 ? 'hour' : 'hours'}
              </dd>
            ) : null}
            {proposal.location ? (
              <dd className="inline-flex items-center gap-1 wrap-anywhere">
                <MapPin aria-hidden="true" className="size-3.5" />
                {proposal.location}
              </dd>
            ) : null}
          </div>
        ) : null}
        {proposal.notes ? (
          <div className="pt-1">
            <dt className={cn('text-xs', muted)}>Notes</dt>
            <dd className="whitespace-pre-wrap wrap-anywhere">{proposal.notes}</dd>
          </div>
        ) : null}
      </dl>
      {status === 'pending' && !mine && answer ? (
        <ProposalAnswer conversationId={answer.conversationId} messageId={answer.messageId} senderName={senderName} />
      ) : null}
      {status === 'pending' && mine ? (
        <p className={cn('flex items-center gap-1.5 text-xs', muted)} data-testid="proposal-outcome">
          <Hourglass aria-hidden="true" className="size-3.5" />
          Waiting for response
        </p>
      ) : null}
      {status === 'accepted' || status === 'declined' ? (
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <p
            className={cn(
              'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
              mine ? 'bg-white/15 text-white' : status === 'accepted' ? 'bg-success-50 text-success-700' : 'bg-danger-50 text-danger-700',
            )}
            data-testid="proposal-outcome"
          >
            {status === 'accepted' ? <CheckCircle2 aria-hidden="true" className="size-3.5" /> : <XCircle aria-hidden="true" className="size-3.5" />}
            {status === 'accepted' ? 'Accepted' : 'Declined'}
          </p>
          {status === 'accepted' ? (
            <Link
              to={paths.network}
              className={cn(
                'text-xs font-medium underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2',
                mine ? 'text-white focus-visible:outline-white' : 'text-brand-700 focus-visible:outline-brand-600',
              )}
            >
              View in My Network
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
