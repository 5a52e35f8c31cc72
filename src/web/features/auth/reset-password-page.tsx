import { zodResolver } from '@hookform/resolvers/zod';
import { ResetPasswordForm } from '@shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { LinkIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { useResetPassword } from '@/features/auth/api/reset-password';
import { useResetPasswordToken } from '@/features/auth/api/reset-password-token';
import { AuthCard, AuthIcon } from '@/features/auth/components/auth-card';
import { BusyIcon } from '@/features/auth/components/busy-icon';
import { PendingView } from '@/features/auth/components/pending-view';
import { PasswordStrengthHint } from '@/features/auth/components/password-strength-hint';
import { TextField } from '@/features/auth/components/text-field';
import { RESET_LINK_INVALID, resetErrorToast } from '@/features/auth/lib/auth-errors';
import { ApiError } from '@/lib/api-client';
import { endSessionOnPurpose } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';

const linkClasses = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';
const PASSWORD_UPDATED = 'Your password has been successfully updated. Please log in with your new password.';

function ExpiredLink() {
  useDocumentTitle('Reset link expired');
  return (
    <AuthCard
      title="Reset link expired"
      icon={
        <AuthIcon tone="danger">
          <LinkIcon />
        </AuthIcon>
      }
      description={<p>{RESET_LINK_INVALID}</p>}
    >
      <div className="flex flex-col gap-3">
        <Button asChild size="lg">
          <Link to={paths.forgotPassword}>Request new reset link</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.login}>Return to log in</Link>
        </Button>
      </div>
    </AuthCard>
  );
}

function NewPasswordForm({ token, onLinkInvalid }: { token: string; onLinkInvalid: () => void }) {
  useDocumentTitle('Choose a new password');
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ResetPasswordForm),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = useWatch({ control, name: 'password' });

  async function handleReset(values: ResetPasswordForm) {
    try {
      await resetPassword.mutateAsync({ newPassword: values.password, token });
    } catch (error) {
      console.warn('Resetting the password failed', error);
      const fieldMessage = error instanceof ApiError ? error.fields.newPassword : undefined;
      if (fieldMessage) {
        setError('password', { type: 'server', message: fieldMessage });
        return;
      }
      const { title, description, linkInvalid } = resetErrorToast(error);
      toast.error(title, { description });
      if (linkInvalid) onLinkInvalid();
      return;
    }
    toast.success('Password updated', { description: PASSWORD_UPDATED });
    // The server has signed out every session of the member, this one included.
    endSessionOnPurpose(queryClient, location.key);
    await navigate(paths.login, { replace: true, state: { message: PASSWORD_UPDATED } });
  }

  return (
    <AuthCard title="Choose a new password">
      <form onSubmit={handleSubmit(handleReset)} noValidate className="space-y-3">
        <TextField
          id="reset-password"
          label="New Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          hintId="reset-password-strength"
          hint={<PasswordStrengthHint id="reset-password-strength" password={password} />}
          {...register('password')}
        />
        <TextField
          id="reset-confirm-password"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? <BusyIcon /> : null}
          Continue
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to={paths.help} className={linkClasses}>
          Still having trouble logging in?
        </Link>
      </p>
    </AuthCard>
  );
}

/** A link whose hash carries an error (`#error=access_denied&error_code=otp_expired…`): say so, then ask for a new one. */
function LinkErrorRedirect() {
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    toast.error('Reset Link Error', { description: RESET_LINK_INVALID });
  }, []);
  return <Navigate to={paths.forgotPassword} replace />;
}

/**
 * /reset-password?token=…: checks the recovery link, then offers the new-password form.
 * Open with or without a session; on success the member logs in again.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const linkError = new URLSearchParams(hash.slice(1)).get('error');
  const token = linkError ? '' : (params.get('token') ?? '');
  const check = useResetPasswordToken(token);
  const [linkInvalid, setLinkInvalid] = useState(false);

  if (linkError) return <LinkErrorRedirect />;
  if (!token || linkInvalid || check.isError || check.data?.valid === false) return <ExpiredLink />;
  if (check.isPending) {
    return <PendingView title="Verifying your reset link..." />;
  }
  return <NewPasswordForm token={token} onLinkInvalid={() => setLinkInvalid(true)} />;
}
