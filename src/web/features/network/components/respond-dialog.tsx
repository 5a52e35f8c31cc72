import { useState, type FormEvent } from 'react';
import { REQUEST_LIMITS } from '@shared/schemas/requests';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useRequestAction } from '@/features/network/components/request-action';

export interface RespondDialogProps {
  requestId: string;
  memberName: string;
  postTitle: string;
  decision: 'accepted' | 'declined';
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Accept or Decline an incoming request, with an optional response message (max 300). */
export function RespondDialog({ requestId, memberName, postTitle, decision, open, onOpenChange }: RespondDialogProps) {
  const [response, setResponse] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const action = useRequestAction();
  const accept = decision === 'accepted';
  const left = REQUEST_LIMITS.responseMax - response.length;

  function handleOpenChange(next: boolean) {
    if (action.isPending) return;
    if (!next) {
      setResponse('');
      setFieldError(undefined);
    }
    onOpenChange(next);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const responseMessage = response.trim();
    action.run(
      { id: requestId, status: decision, ...(responseMessage ? { responseMessage } : {}) },
      {
        onDone: () => {
          setResponse('');
          onOpenChange(false);
        },
        onFieldError: setFieldError,
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent>
        <form onSubmit={handleSubmit} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle>{accept ? 'Accept Request' : 'Decline Request'}</DialogTitle>
            <DialogDescription>
              {accept ? 'Accept' : 'Decline'} {memberName}'s request for "{postTitle}".
            </DialogDescription>
          </DialogHeader>
          <FormField
            id={`response-${requestId}`}
            label="Response message (optional)"
            error={fieldError}
            aside={
              <span className="text-xs text-fg-subtle" aria-live="polite">
                {left} characters left
              </span>
            }
          >
            <Textarea
              id={`response-${requestId}`}
              value={response}
              maxLength={REQUEST_LIMITS.responseMax}
              onChange={(event) => {
                setResponse(event.target.value);
                setFieldError(undefined);
              }}
              placeholder={accept ? 'Say when and how you would like to meet' : 'A short, kind word helps'}
            />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={() => handleOpenChange(false)} disabled={action.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant={accept ? 'primary' : 'destructive'} disabled={action.isPending}>
              {action.isPending ? <Spinner className="size-4" label={accept ? 'Accepting...' : 'Declining...'} /> : null}
              {accept ? 'Accept' : 'Decline'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
