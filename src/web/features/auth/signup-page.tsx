import { zodResolver } from '@hookform/resolvers/zod';
import { SignUpInput } from '@shared/schemas/auth';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { FieldMessage } from '@/components/ui/field-message';
import { useSignUp } from '@/features/auth/api/sign-up';
import { BusyIcon } from '@/features/auth/components/busy-icon';
import { AuthScreen } from '@/features/auth/components/auth-screen';
import { TextField } from '@/features/auth/components/text-field';
import { signUpErrorToast } from '@/features/auth/lib/auth-errors';
import { ApiError } from '@/lib/api-client';
import { appConfig } from '@/lib/app-config';

type SignUpFields = 'email' | 'password' | 'acceptTerms';
const fieldNames: readonly SignUpFields[] = ['email', 'password', 'acceptTerms'];

/** Puts the server's field messages (e.g. a too-common password) under their fields. */
function showFieldErrors(error: unknown, setError: UseFormSetError<SignUpInput>) {
  if (!(error instanceof ApiError)) return;
  for (const name of fieldNames) {
    const message = error.fields[name];
    if (message) setError(name, { type: 'server', message });
  }
}

const linkClasses = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/** /signup: create an account, then check your e-mail. */
export function SignUpPage() {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(SignUpInput), defaultValues: { email: '', password: '' } });

  async function handleSignUp(values: SignUpInput) {
    try {
      await signUp.mutateAsync(values);
    } catch (error) {
      console.warn('Sign-up failed', error);
      showFieldErrors(error, setError);
      const { title, description } = signUpErrorToast(error);
      toast.error(title, { description });
      return;
    }
    toast.success('Account created successfully!', { description: 'Check your email to verify your account.' });
    await navigate(paths.verifyEmail, { state: { email: values.email } });
  }

  return (
    <AuthScreen
      title={`Join the ${appConfig.appName} Community`}
      description="Sign up to offer what you do best and get what you need most"
    >
      <form onSubmit={handleSubmit(handleSignUp)} noValidate className="space-y-3">
        <TextField
          id="signup-email"
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          id="signup-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="space-y-1.5">
          <div className="flex items-start gap-3">
            <input
              id="signup-terms"
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-brand-700"
              aria-invalid={errors.acceptTerms ? true : undefined}
              aria-describedby={errors.acceptTerms ? 'signup-terms-error' : undefined}
              {...register('acceptTerms')}
            />
            <label htmlFor="signup-terms" className="text-sm text-fg-muted">
              I agree to the{' '}
              <a href={paths.termsPdf} target="_blank" rel="noopener noreferrer" className={linkClasses}>
                Terms of Service
              </a>{' '}
              and{' '}
              <a href={paths.privacyPdf} target="_blank" rel="noopener noreferrer" className={linkClasses}>
                Privacy Policy
              </a>
            </label>
          </div>
          <FieldMessage id="signup-terms-error" message={errors.acceptTerms?.message} reserveLine />
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? (
            <>
              <BusyIcon />
              Creating Account...
            </>
          ) : (
            'Continue'
          )}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-fg-muted">
        Already have an account?{' '}
        <Link to={paths.login} className={linkClasses}>
          Log in
        </Link>
      </p>
    </AuthScreen>
  );
}
