import { zodResolver } from '@hookform/resolvers/zod';
import { EmailOnlyInput } from '@shared/schemas/auth';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { useRequestPasswordRecovery } from '@/features/auth/api/forgot-password';
import { AuthCard, AuthIcon } from '@/features/auth/components/auth-card';
import { BusyIcon } from '@/features/auth/components/busy-icon';
import { TextField } from '@/features/auth/components/text-field';
import { useCountdown } from '@/features/auth/hooks/use-countdown';
import { RESEND_COOLDOWN_SECONDS } from '@/features/auth/lib/auth-constants';
import { useDocumentTitle } from '@/lib/use-document-title';

const linkClasses = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

function AccountLinks() {
  return (
    <p className="mt-6 flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm">
      <Link to={paths.signup} className={linkClasses}>
        Sign up
      </Link>
      <Link to={paths.login} className={linkClasses}>
        Return to log in
      </Link>
    </p>
  );
}

/**
 * /forgot-password: asks for a recovery link. The answer is the same whether or not the
 * address has an account; after sending, a resend is offered once the cooldown ends.
 */
export function ForgotPasswordPage() {
  useDocumentTitle("Can't log in?");
  const recovery = useRequestPasswordRecovery();
  const countdown = useCountdown();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isValid, isSubmitting },
  } = useForm({ resolver: zodResolver(EmailOnlyInput), mode: 'onChange', defaultValues: { email: '' } });

  async function handleSend({ email }: EmailOnlyInput) {
    try {
      await recovery.mutateAsync({ email });
    } catch (error) {
      console.warn('Requesting a recovery link failed', error);
      toast.error('Error', { description: "If that email exists, we'll send a link. Please check your inbox." });
      return;
    }
    setSentTo(email);
    countdown.start(RESEND_COOLDOWN_SECONDS);
  }

  function handleResend() {
    if (countdown.secondsLeft > 0 || sentTo === null) return;
    reset({ email: sentTo });
    setSentTo(null);
  }

  if (sentTo !== null) {
    const waiting = countdown.secondsLeft > 0;
    return (
      <AuthCard
        title="Can't log in?"
        icon={
          <AuthIcon>
            <MailCheck />
          </AuthIcon>
        }
        description={
          <div className="space-y-1">
            <p>If an account exists for this address, we&apos;ve sent it a recovery link:</p>
            <p className="font-semibold break-all text-fg">{sentTo}</p>
            <p>Please check your inbox.</p>
          </div>
        }
      >
        <Button size="lg" variant="outline" className="w-full" disabled={waiting} onClick={handleResend}>
          {waiting ? `Resend in ${countdown.secondsLeft}s` : 'Resend recovery link'}
        </Button>
        <AccountLinks />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Can't log in?"
      description={<p>Enter your email and we&apos;ll send you a link to get back into your account.</p>}
    >
      <form onSubmit={handleSubmit(handleSend)} noValidate className="space-y-3">
        <TextField
          id="forgot-email"
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" size="lg" className="w-full" disabled={!isValid || isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? <BusyIcon /> : null}
          Send recovery link
        </Button>
      </form>
      <AccountLinks />
    </AuthCard>
  );
}
