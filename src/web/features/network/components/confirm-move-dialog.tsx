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
import { useRequestAction } from '@/features/network/components/request-action';

const COPY = {
  withdrawn: {
    title: 'Withdraw this request?',
    description: (name: string, post: string) => `${name} will no longer see your request for "${post}". You can send a new one later.`,
    confirm: 'Withdraw',
  },
  completed: {
    title: 'Mark this exchange completed?',
    description: (name: string, post: string) => `Confirm that your exchange with ${name} for "${post}" has taken place. You can then rate it.`,
    confirm: 'Mark Completed',
  },
} as const;

export interface ConfirmMoveDialogProps {
  requestId: string;
  memberName: string;
  postTitle: string;
  move: 'withdrawn' | 'completed';
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Confirms Withdraw or Mark Completed; stays open (busy) until the server answers. */
export function ConfirmMoveDialog({ requestId, memberName, postTitle, move, open, onOpenChange }: ConfirmMoveDialogProps) {
  const action = useRequestAction();
  const copy = COPY[move];
  return (
    <AlertDialog open={open} onOpenChange={(next) => (action.isPending ? undefined : onOpenChange(next))}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{copy.title}</AlertDialogTitle>
          <AlertDialogDescription>{copy.description(memberName, postTitle)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={action.isPending}>Cancel</AlertDialogCancel>
          <Button
            variant={move === 'withdrawn' ? 'destructive' : 'primary'}
            disabled={action.isPending}
            onClick={() => action.run({ id: requestId, status: move }, { onDone: () => onOpenChange(false) })}
          >
            {action.isPending ? <Spinner className="size-4" /> : null}
            {copy.confirm}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
