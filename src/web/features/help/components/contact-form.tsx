import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, Mail } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type DefaultValues } from 'react-hook-form';
import {
  SUPPORT_LIMITS,
  SupportMessageInput,
  VisitorSupportMessageInput,
  type SupportMessageSent,
} from '@shared/schemas/support';
import { Button } from '@/components/ui/button';
import { FormField, fieldDescribedBy } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { appConfig } from '@/lib/app-config';
import { cn } from '@/lib/cn';
import { useSendSupportMessage } from '@/features/help/api/send-support-message';

type ContactValues = SupportMessageInput;
type ContactField = 'subject' | 'message' | 'email' | 'name';
const FIELDS: ContactField[] = ['subject', 'message', 'email', 'name'];

/** What a member writes; their address comes from their account. */
const MemberContactInput = SupportMessageInput.pick({ subject: true, message: true });

const EMPTY: DefaultValues<ContactValues> = { subject: '', message: '', email: '', name: '' };
const FAILED = `Your message could not be sent. Please try again, or e-mail ${appConfig.supportEmail}.`;

/**
 * The help page's contact form: sends the message to the support address with a copy to the
 * sender. Members write from their account's address; visitors (the page is public, for people
 * who cannot sign in) give theirs.
 */
export function ContactForm() {
  const session = useSession();
  if (session.isPending) return <Spinner label="Loading the contact form..." className="py-6" />;
  const email = session.data?.user.email ?? null;
  // A new form when the member signs in or out: the fields and rules differ.
  return <ContactFormFields key={email ?? 'visitor'} memberEmail={email} />;
}

function ContactFormFields({ memberEmail }: { memberEmail: string | null }) {
  const send = useSendSupportMessage();
  const [sent, setSent] = useState<SupportMessageSent | null>(null);
  const anotherRef = useRef<HTMLButtonElement>(null);
  // The form is replaced by the confirmation: keep keyboard focus in this card, once it is rendered.
  useEffect(() => {
    if (sent) anotherRef.current?.focus();
  }, [sent]);
  const form = useForm<ContactValues>({
    resolver: zodResolver(memberEmail ? MemberContactInput : VisitorSupportMessageInput),
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, formState, setError, control, setFocus } = form;
  const { errors } = formState;
  const message = useWatch({ control, name: 'message' }) ?? '';
  const remaining = SUPPORT_LIMITS.messageMax - message.length;
  const busy = send.isPending;

  function handleValid(values: ContactValues) {
    if (busy) return;
    const body: SupportMessageInput = memberEmail
      ? { subject: values.subject, message: values.message }
      : { subject: values.subject, message: values.message, email: values.email, ...(values.name?.trim() ? { name: values.name } : {}) };
    send.mutate(body, {
      onSuccess: (answer) => {
        form.reset(EMPTY);
        setSent(answer);
      },
      onError: (error) => {
        console.warn('Sending a support message failed', error);
        const fieldErrors = error instanceof ApiError ? FIELDS.filter((field) => error.fields[field]) : [];
        if (error instanceof ApiError && fieldErrors.length > 0 && !(memberEmail && fieldErrors.includes('email'))) {
          for (const field of fieldErrors) setError(field, { message: error.fields[field] });
          const first = fieldErrors[0];
          if (first) setFocus(first);
        } else if (error instanceof ApiError && error.status >= 400 && error.status !== 500) {
          // Too many messages this hour (429), the mail server unavailable (503), a lapsed session.
          setError('root', { message: error.message });
        } else {
          setError('root', { message: FAILED });
        }
      },
    });
  }

  if (sent) {
    return (
      <div role="status" className="flex flex-col items-start gap-4 rounded-xl border border-success-600/25 bg-success-50 p-5 text-success-700">
        <div className="flex gap-3">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div className="space-y-1">
            <p className="font-semibold">Message sent</p>
            <p className="text-sm text-fg">
              {sent.copySent ? (
                <>
                  We sent a copy to <span className="font-medium break-all">{sent.copyTo}</span> and will reply to that
                  address within 24 hours.
                </>
              ) : (
                <>
                  Your message reached us, but we could not send a copy to{' '}
                  <span className="font-medium break-all">{sent.copyTo}</span>. We will reply to that address within 24
                  hours.
                </>
              )}
            </p>
          </div>
        </div>
        <Button ref={anotherRef} variant="outline" onClick={() => setSent(null)}>
          Send another message
        </Button>
      </div>
    );
  }

  return (
    <form
      onSubmit={(event) => void handleSubmit(handleValid)(event)}
      className="space-y-4"
      aria-labelledby="contact-form-title"
      noValidate
    >
      {memberEmail ? null : (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="contact-name" label="Name (optional)" error={errors.name?.message}>
            <Input
              id="contact-name"
              autoComplete="name"
              maxLength={SUPPORT_LIMITS.nameMax}
              disabled={busy}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={fieldDescribedBy('contact-name', { error: Boolean(errors.name) })}
              {...register('name')}
            />
          </FormField>
          <FormField id="contact-email" label="Email" error={errors.email?.message}>
            <Input
              id="contact-email"
              type="email"
              autoComplete="email"
              disabled={busy}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={fieldDescribedBy('contact-email', { error: Boolean(errors.email) })}
              {...register('email')}
            />
          </FormField>
        </div>
      )}
      <FormField id="contact-subject" label="Subject" error={errors.subject?.message}>
        <Input
          id="contact-subject"
          maxLength={SUPPORT_LIMITS.subjectMax}
          disabled={busy}
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={fieldDescribedBy('contact-subject', { error: Boolean(errors.subject) })}
          {...register('subject')}
        />
      </FormField>
      <FormField
        id="contact-message"
        label="Message"
        error={errors.message?.message}
        aside={
          <span id="contact-message-count" className={cn('text-xs', remaining < 0 ? 'text-danger-700' : 'text-fg-subtle')}>
            {remaining.toLocaleString('en-US')} characters left
          </span>
        }
      >
        <Textarea
          id="contact-message"
          rows={5}
          maxLength={SUPPORT_LIMITS.messageMax}
          disabled={busy}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={cn('contact-message-count', errors.message && 'contact-message-error')}
          {...register('message')}
        />
      </FormField>

      {errors.root?.message ? (
        <p role="alert" className="rounded-lg bg-danger-50 px-3 py-2 text-sm font-medium text-danger-700">
          {errors.root.message}
        </p>
      ) : null}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-fg-muted">
          {memberEmail ? (
            <>
              We will reply to <span className="font-medium break-all text-fg">{memberEmail}</span> and send you a copy.
            </>
          ) : (
            'We will reply to this address and send you a copy.'
          )}
        </p>
        <Button type="submit" disabled={busy} className="self-stretch sm:self-auto">
          <Mail aria-hidden="true" />
          {busy ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
