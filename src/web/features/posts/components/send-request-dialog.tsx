import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { REQUEST_LIMITS } from '@shared/schemas/requests';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { useSendExchangeRequest } from '@/features/posts/api/send-exchange-request';
import { MemberAvatar } from '@/features/posts/components/member-avatar';
import { toastWriteLimit } from '@/features/posts/lib/limit-toast';
import { POST_TOASTS } from '@/features/posts/lib/post-labels';

/** What the dialog shows about the post it requests. */
export interface RequestTarget {
  postId: string;
  title: string;
  author: { name: string; avatarUrl: string | null };
}

export interface SendRequestDialogProps {
  target: RequestTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Send Exchange Request: the target author and post, an optional note (max 300), Send Request. */
export function SendRequestDialog({ target, open, onOpenChange }: SendRequestDialogProps) {
  const [note, setNote] = useState('');
  const send = useSendExchangeRequest();

  function handleOpenChange(next: boolean) {
    if (send.isPending) return;
    if (!next) setNote('');
    onOpenChange(next);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const message = note.trim();
    send.mutate(message ? { postId: target.postId, message } : { postId: target.postId }, {
      onSuccess: () => {
        toast.success(POST_TOASTS.requestSentTitle, { description: POST_TOASTS.requestSent });
        setNote('');
        onOpenChange(false);
      },
      onError: (error) => {
        console.warn('Sending an exchange request failed', error);
        const status = error instanceof ApiError ? error.status : 0;
        if (toastWriteLimit(error)) return;
        if (status === 401) toast.error(POST_TOASTS.authRequiredTitle, { description: POST_TOASTS.authRequired });
        // Hidden, completed or deleted since the list was loaded.
        else if (status === 404) toast.error(POST_TOASTS.errorTitle, { description: POST_TOASTS.postNotFound });
        // A block between the two members: the server's 'You cannot contact this member.'
        else if (status === 403 && error instanceof ApiError) toast.error(POST_TOASTS.errorTitle, { description: error.message });
        else toast.error(POST_TOASTS.errorTitle, { description: POST_TOASTS.requestFailed });
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent>
        <form onSubmit={handleSubmit} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle>Send Exchange Request</DialogTitle>
            <DialogDescription>Start a conversation about this post.</DialogDescription>
          </DialogHeader>
          <div className="flex items-center gap-3 rounded-xl bg-surface-muted p-3">
            <MemberAvatar name={target.author.name} avatarUrl={target.author.avatarUrl} />
            <div className="min-w-0">
              <p className="font-medium">{target.author.name}</p>
              <p className="truncate text-sm text-fg-muted">{target.title}</p>
            </div>
          </div>
          <FormField
            id="exchange-note"
            label="Add a note to your invitation (optional)"
            aside={
              <span className="text-xs text-fg-subtle" aria-live="polite">
                {note.length}/{REQUEST_LIMITS.noteMax}
              </span>
            }
          >
            <Textarea
              id="exchange-note"
              value={note}
              maxLength={REQUEST_LIMITS.noteMax}
              onChange={(event) => setNote(event.target.value)}
              placeholder="Say hello and what you'd like to exchange"
            />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={() => handleOpenChange(false)} disabled={send.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send Request'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
