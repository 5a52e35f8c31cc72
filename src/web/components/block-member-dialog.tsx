import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { isSessionLapse } from '@/lib/auth';
import { useBlockMember } from '@/lib/blocks';

export interface BlockMemberDialogProps {
  member: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Block {name}?': says what a block does; stays open (busy) until the server answers. */
export function BlockMemberDialog({ member, open, onOpenChange }: BlockMemberDialogProps) {
  const block = useBlockMember();

  async function handleBlock() {
    try {
      await block.mutateAsync(member.id);
      onOpenChange(false);
      toast.success(`You blocked ${member.name}`, { description: 'You can unblock them any time in Settings.' });
    } catch (error) {
      console.warn('Blocking a member failed', error);
      if (isSessionLapse(error)) return;
      toast.error('Could not block this member', {
        description: error instanceof ApiError && error.status < 500 ? error.message : 'Something went wrong. Please try again.',
      });
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => (block.isPending ? undefined : onOpenChange(next))}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle className="wrap-anywhere">Block {member.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            They won't be able to message you, send you exchange requests, or see your profile and posts, and you won't see
            theirs. You can unblock them any time in Settings.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={block.isPending}>Cancel</AlertDialogCancel>
          <Button variant="destructive" disabled={block.isPending} onClick={() => void handleBlock()}>
            {block.isPending ? <Spinner className="size-4" label="Blocking..." /> : null}
            Block
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
