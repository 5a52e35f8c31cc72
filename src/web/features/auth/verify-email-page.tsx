import { CheckCircle2, MailCheck } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { useResendVerification } from '@/features/auth/api/resend-verification';
import { AuthCard, AuthIcon } from '@/features/auth/components/auth-card';
import { BusyIcon } from '@/features/auth/components/busy-icon';
import { useCountdown } from '@/features/auth/hooks/use-countdown';
import { RESEND_COOLDOWN_SECONDS } from '@/features/auth/lib/auth-constants';
import { stateString } from '@/features/auth/lib/location-state';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';

const checklist = [
  'Check your inbox for an email from us',
  'Check your spam or junk folder if you don’t see it',
  'Click the verification link in the email',
  'You’ll be signed in and taken to your feed automatically',
];

/** /verify-email: 'Check Your Email' after sign-up, with a rate-limited Resend Email. */
export function VerifyEmailPage() {
  useDocumentTitle('Check Your Email');
  const location = useLocation();
  const email = stateString(location.state, 'email');
  // Sign-up has just sent the first e-mail: the cooldown starts on arrival from there.
  const countdown = useCountdown(email ? RESEND_COOLDOWN_SECONDS : 0);
  const resend = useResendVerification();

  async function handleResend() {
    if (!email) {
      toast.error('Please go back to sign up and try again.');
      return;
    }
    try {
      await resend.mutateAsync({ email });
    } catch (error) {
      console.warn('Resending the verification e-mail failed', error);
      const description = error instanceof ApiError && error.status > 0 ? error.message : undefined;
      toast.error('Failed to resend email. Please try again.', { description });
      return;
    }
    toast.success('Verification email sent! Check your inbox.');
    countdown.start(RESEND_COOLDOWN_SECONDS);
  }

  const waiting = countdown.secondsLeft > 0;

  return (
    <AuthCard
      title="Check Your Email"
      icon={
        <AuthIcon>
          <MailCheck />
        </AuthIcon>
      }
      description={
        email ? (
          <p>
            We sent a verification link to <strong className="block font-semibold break-all text-fg">{email}</strong>
          </p>
        ) : (
          <p>We sent you a verification link.</p>
        )
      }
    >
      <ul className="space-y-3">
        {checklist.map((item) => (
          <li key={item} className="flex gap-3 text-sm">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
            {item}
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-col gap-3">
        <Button size="lg" onClick={() => void handleResend()} disabled={waiting || resend.isPending} aria-busy={resend.isPending}>
          {resend.isPending ? <BusyIcon /> : null}
          {waiting ? `Resend Email (${countdown.secondsLeft}s)` : 'Resend Email'}
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to={paths.signup}>Back to Sign Up</Link>
        </Button>
      </div>
    </AuthCard>
  );
}
