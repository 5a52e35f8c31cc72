import { useState, type FormEvent } from 'react';
import { ExchangeProposal } from '@shared/schemas/messages';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField, fieldDescribedBy } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { PROPOSAL_DEFAULT_CONTENT } from '@/features/messages/components/message-bubble';

export interface ProposeExchangeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  otherName: string;
  /** Sends the proposal as a message (optimistic: the card shows at once in the chat). */
  onPropose: (proposal: ExchangeProposal, content: string) => void;
}

/** The proposal schema's limit for notes (the card shows them). */
const PROPOSAL_NOTES_MAX = 1000;

const EMPTY = { offered: '', requested: '', hours: '', location: '', notes: '' };
type Fields = typeof EMPTY;
type Errors = Partial<Record<keyof Fields, string>>;

const FIELD_OF: Record<string, keyof Fields> = {
  offered_skill: 'offered',
  requested_skill: 'requested',
  duration_hours: 'hours',
  location: 'location',
  notes: 'notes',
};

/** The spec's 'Propose an Exchange' dialog: offered skill, requested skill, duration in hours, location, notes. */
export function ProposeExchangeDialog({ open, onOpenChange, otherName, onPropose }: ProposeExchangeDialogProps) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});

  function set(name: keyof Fields, value: string) {
    setFields((old) => ({ ...old, [name]: value }));
    setErrors((old) => ({ ...old, [name]: undefined }));
  }

  function handleOpenChange(next: boolean) {
    if (!next) {
      setFields(EMPTY);
      setErrors({});
    }
    onOpenChange(next);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const hours = fields.hours.trim();
    const next: Errors = {};
    if (hours !== '' && !/^\d+$/.test(hours)) next.hours = 'Please enter whole hours, from 1 to 100.';
    const parsed = ExchangeProposal.safeParse({
      offered_skill: fields.offered,
      requested_skill: fields.requested,
      ...(hours !== '' && !next.hours ? { duration_hours: Number(hours) } : {}),
      ...(fields.location.trim() ? { location: fields.location } : {}),
      ...(fields.notes.trim() ? { notes: fields.notes } : {}),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = FIELD_OF[String(issue.path[0])];
        if (field && !next[field]) next[field] = field === 'hours' ? 'Please enter whole hours, from 1 to 100.' : issue.message;
      }
    }
    if (Object.values(next).some(Boolean) || !parsed.success) {
      setErrors(next);
      return;
    }
    // The notes travel inside the proposal (the card shows them); the message text is the label.
    onPropose(parsed.data, PROPOSAL_DEFAULT_CONTENT);
    handleOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent>
        <form onSubmit={handleSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Propose an Exchange</DialogTitle>
            <DialogDescription>Suggest what you will trade with {otherName}. They see it as a card in this conversation.</DialogDescription>
          </DialogHeader>
          <FormField id="proposal-offered" label="Skill you offer" error={errors.offered}>
            <Input
              id="proposal-offered"
              value={fields.offered}
              maxLength={200}
              aria-invalid={Boolean(errors.offered)}
              aria-describedby={fieldDescribedBy('proposal-offered', { error: Boolean(errors.offered) })}
              onChange={(event) => set('offered', event.target.value)}
              placeholder="e.g. Guitar lessons"
            />
          </FormField>
          <FormField id="proposal-requested" label="Skill you would like" error={errors.requested}>
            <Input
              id="proposal-requested"
              value={fields.requested}
              maxLength={200}
              aria-invalid={Boolean(errors.requested)}
              aria-describedby={fieldDescribedBy('proposal-requested', { error: Boolean(errors.requested) })}
              onChange={(event) => set('requested', event.target.value)}
              placeholder="e.g. Spanish conversation"
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
            <FormField id="proposal-hours" label="Duration (hours)" error={errors.hours}>
              <Input
                id="proposal-hours"
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                step={1}
                value={fields.hours}
                aria-invalid={Boolean(errors.hours)}
                aria-describedby={fieldDescribedBy('proposal-hours', { error: Boolean(errors.hours) })}
                onChange={(event) => set('hours', event.target.value)}
              />
            </FormField>
            <FormField id="proposal-location" label="Location" error={errors.location}>
              <Input
                id="proposal-location"
                value={fields.location}
                maxLength={200}
                onChange={(event) => set('location', event.target.value)}
                placeholder="e.g. Community library"
              />
            </FormField>
          </div>
          <FormField id="proposal-notes" label="Notes (optional)" error={errors.notes}>
            <Textarea
              id="proposal-notes"
              rows={3}
              value={fields.notes}
              maxLength={PROPOSAL_NOTES_MAX}
              aria-invalid={Boolean(errors.notes)}
              aria-describedby={fieldDescribedBy('proposal-notes', { error: Boolean(errors.notes) })}
              onChange={(event) => set('notes', event.target.value)}
            />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={() => handleOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">Send Proposal</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
