import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { toast } from 'sonner';
import type { JSX } from 'react';
import type { z } from 'zod';
import { REPORT_LIMITS, REPORT_REASON_LABELS, REPORT_REASONS, ReportInput } from '@shared/schemas/safety';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldMessage } from '@/components/ui/field-message';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { isSessionLapse } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useSendReport } from '@/features/safety/api/send-report';

/** What a member reports: the member themself, one of their posts, or one of their messages. */
export interface ReportTarget {
  type: 'member' | 'post' | 'message';
  id: string;
  /** The member behind the target, as members see their name. */
  memberName: string;
}

/** The dialog's own fields; the target comes from the props. */
const ReportFields = ReportInput.pick({ reason: true, note: true });
type ReportFieldsInput = z.input<typeof ReportFields>;
type ReportFieldsData = z.output<typeof ReportFields>;

/** No reason chosen yet: the schema refuses that with 'Please choose a reason.' */
const EMPTY: DefaultValues<ReportFieldsInput> = { note: '' };
const FAILED = 'Your report could not be sent. Please try again.';

function titleOf(target: ReportTarget): string {
  if (target.type === 'post') return 'Report post';
  if (target.type === 'message') return 'Report message';
  return `Report ${target.memberName}`;
}

/**
 * Report a member, a post or a message (issue 12): a reason (required) and an optional note of
 * up to 1,000 characters, sent for the operator to review. Opened from the post card's menu, a
 * message's menu, the profile page and the chat header.
 */
export function ReportDialog(props: {
  target: { type: 'member' | 'post' | 'message'; id: string; memberName: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}): JSX.Element {
  const { target, open, onOpenChange } = props;
  const send = useSendReport();
  const form = useForm<ReportFieldsInput, unknown, ReportFieldsData>({
    resolver: zodResolver(ReportFields),
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, formState, setError, control } = form;
  const { errors } = formState;
  const note = useWatch({ control, name: 'note' }) ?? '';
  const remaining = REPORT_LIMITS.noteMax - note.length;
  const idPrefix = `report-${target.type}`;

  function close() {
    form.reset(EMPTY);
    send.reset();
    onOpenChange(false);
  }

  function handleOpenChange(next: boolean) {
    if (send.isPending) return;
    if (next) onOpenChange(true);
    else close();
  }

  function handleValid(data: ReportFieldsData) {
    if (send.isPending) return;
    const text = data.note?.trim() ?? '';
    send.mutate(
      { targetType: target.type, targetId: target.id, reason: data.reason, ...(text ? { note: text } : {}) },
      {
        onSuccess: () => {
          toast.success('Report sent', { description: 'Thank you. Our team will review it.' });
          close();
        },
        onError: (error) => {
          if (isSessionLapse(error)) return; // 'Session expired' says it all
          console.warn('Sending a report failed', error);
          if (error instanceof ApiError && (error.fields.reason || error.fields.note)) {
            if (error.fields.reason) setError('reason', { message: error.fields.reason });
            if (error.fields.note) setError('note', { message: error.fields.note });
          } else if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
            // Gone since it was shown, the member's own content, or too many reports this hour.
            setError('root', { message: error.message });
          } else {
            setError('root', { message: FAILED });
          }
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent>
        <form onSubmit={(event) => void handleSubmit(handleValid)(event)} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle className="wrap-anywhere">{titleOf(target)}</DialogTitle>
            <DialogDescription>
              {target.type === 'member'
                ? `Tell us what went wrong. ${target.memberName} will not know who reported them.`
                : `Tell us what is wrong with this ${target.type} from ${target.memberName}. They will not know who reported it.`}
            </DialogDescription>
          </DialogHeader>

          <fieldset className="grid gap-2" aria-describedby={errors.reason ? `${idPrefix}-reason-error` : undefined}>
            <legend className="mb-2 text-sm font-medium text-fg">Reason</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {REPORT_REASONS.map((reason) => (
                <label
                  key={reason}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-lg border border-border-strong bg-surface px-3 py-2.5 text-sm font-medium transition-colors hover:bg-surface-muted',
                    'has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                    send.isPending && 'cursor-not-allowed opacity-70',
                  )}
                >
                  <input
                    type="radio"
                    value={reason}
                    disabled={send.isPending}
                    className="size-4 accent-brand-700"
                    {...register('reason', { onChange: () => form.clearErrors('root') })}
                  />
                  {REPORT_REASON_LABELS[reason]}
                </label>
              ))}
            </div>
            <FieldMessage id={`${idPrefix}-reason-error`} message={errors.reason?.message} className="font-medium" />
          </fieldset>

          <FormField
            id={`${idPrefix}-note`}
            label="Note (optional)"
            error={errors.note?.message}
            aside={
              <span id={`${idPrefix}-note-count`} className={cn('text-xs', remaining < 0 ? 'text-danger-700' : 'text-fg-subtle')}>
                {remaining.toLocaleString('en-US')} characters left
              </span>
            }
          >
            <Textarea
              id={`${idPrefix}-note`}
              rows={4}
              maxLength={REPORT_LIMITS.noteMax}
              disabled={send.isPending}
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={cn(`${idPrefix}-note-count`, errors.note && `${idPrefix}-note-error`)}
              placeholder="Anything that helps us understand what happened"
              {...register('note')}
            />
          </FormField>

          {errors.root?.message ? (
            <p role="alert" className="rounded-lg bg-danger-50 px-3 py-2 text-sm font-medium text-danger-700">
              {errors.root.message}
            </p>
          ) : null}

          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => handleOpenChange(false)} disabled={send.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send Report'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
