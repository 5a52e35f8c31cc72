import { Ban } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isSessionLapse } from '@/lib/auth';
import { useUnblockMember } from '@/lib/blocks';
import { cn } from '@/lib/cn';

export interface BlockedMemberNoticeProps {
  member: { id: string; name: string };
  /** 'by_viewer': the viewer blocked them (with Unblock); 'by_other': the viewer was blocked. */
  blocked: 'by_viewer' | 'by_other';
  className?: string;
}

/**
 * What shows instead of the actions (profile) or the composer (chat) when a block stands between
 * the two members: 'You blocked this member.' with Unblock, or 'You cannot reply to this conversation.'
 */
export function BlockedMemberNotice({ member, blocked, className }: BlockedMemberNoticeProps) {
  const unblock = useUnblockMember();

  async function handleUnblock() {
    try {
      await unblock.mutateAsync(member.id);
      toast.success(`You unblocked ${member.name}`);
    } catch (error) {
      console.warn('Unblocking a member failed', error);
      if (!isSessionLapse(error)) toast.error('Could not unblock this member', { description: 'Something went wrong. Please try again.' });
    }
  }

  return (
    <div role="status" className={cn('flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-fg-muted', className)} data-testid="blocked-notice">
      <Ban aria-hidden="true" className="size-4 shrink-0 text-fg-subtle" />
      <span className="min-w-0 flex-1">
        {blocked === 'by_viewer' ? 'You blocked this member.' : 'You cannot reply to this conversation.'}
      </span>
      {blocked === 'by_viewer' ? (
        <Button variant="outline" size="sm" disabled={unblock.isPending} onClick={() => void handleUnblock()}>
          {unblock.isPending ? <Spinner className="size-4" label="Unblocking..." /> : null}
          Unblock
        </Button>
      ) : null}
    </div>
  );
}
