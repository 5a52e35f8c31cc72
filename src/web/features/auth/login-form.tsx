import { zodResolver } from '@hookform/resolvers/zod';
import { LoginInput } from '@shared/schemas/auth';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, type To } from 'react-router';
import { paths } from '@/lib/paths';
import { getRedirectTarget } from '@/lib/redirect-target';
import { Button } from '@/components/ui/button';
import { signIn } from '@/features/auth/api/sign-in';
import { AuthScreen } from '@/features/auth/components/auth-screen';
import { BusyIcon } from '@/features/auth/components/busy-icon';
import { FormNotice } from '@/features/auth/components/form-notice';
import { TextField } from '@/features/auth/components/text-field';
import { useOnlineStatus } from '@/features/auth/hooks/use-online-status';
import { LOGIN_MIN_BUSY_MS, LOGIN_SLOW_NOTICE_MS } from '@/features/auth/lib/auth-constants';
import { loginError, type LoginError } from '@/features/auth/lib/auth-errors';
import { stateString } from '@/features/auth/lib/location-state';
import { ApiError } from '@/lib/api-client';

const linkClasses = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Signs in, taking at least the minimum busy time; resolves to the error, or null on success. */
async function signInShownBusy(values: LoginInput, signal: AbortSignal): Promise<{ error: unknown } | null> {
  const started = Date.now();
  let failed: { error: unknown } | null = null;
  try {
    await signIn(values, signal);
  } catch (error) {
    failed = { error };
  }
  const wait = LOGIN_MIN_BUSY_MS - (Date.now() - started);
  if (wait > 0) await sleep(wait);
  return failed;
}

export interface LoginFormProps {
  /** Takes the member, now signed in, to `target`: where they were going, else /home. */
  onSignedIn: (target: To) => Promise<void>;
}

/**
 * /login and /signin: sign in, then on to where the member was going. The app's page
 * (login-page.tsx) and the sign-in pages' own first load (app/sign-in-app.tsx) each say how.
 */
export function LoginForm({ onSignedIn }: LoginFormProps) {
  const location = useLocation();
  const online = useOnlineStatus();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(LoginInput), mode: 'onBlur', defaultValues: { email: '', password: '' } });
  const [email, password] = useWatch({ control, name: ['email', 'password'] });
  const [busy, setBusy] = useState(false);
  const [slow, setSlow] = useState(false);
  const [failure, setFailure] = useState<LoginError | null>(null);
  // The attempt in flight; Try again aborts it and its late answer is ignored.
  const attempt = useRef<AbortController | null>(null);
  const notice = stateString(location.state, 'message');

  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setSlow(true), LOGIN_SLOW_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  useEffect(() => () => attempt.current?.abort(), []);

  function stopBusy() {
    attempt.current = null;
    setBusy(false);
    setSlow(false);
  }

  function handleTryAgain() {
    attempt.current?.abort();
    stopBusy();
  }

  async function handleLogin(values: LoginInput) {
    const controller = new AbortController();
    attempt.current = controller;
    setBusy(true);
    setSlow(false);
    setFailure(null);
    const failed = await signInShownBusy(values, controller.signal);
    if (attempt.current !== controller) return;

    if (!failed) {
      await onSignedIn(getRedirectTarget(location.state));
      return;
    }
    stopBusy();
    const { error } = failed;
    console.warn('Sign-in failed', error);
    if (error instanceof ApiError && error.status === 400 && (error.fields.email || error.fields.password)) {
      if (error.fields.email) setError('email', { type: 'server', message: error.fields.email });
      if (error.fields.password) setError('password', { type: 'server', message: error.fields.password });
      return;
    }
    setFailure(loginError(error));
  }

  const submitDisabled = !email || !password || busy || !online;

  return (
    <AuthScreen title="Welcome Back" description="Log in to continue your skill exchanges">
      <form onSubmit={(event) => void handleSubmit(handleLogin)(event)} noValidate className="space-y-3">
        {notice ? <FormNotice tone="success">{notice}</FormNotice> : null}
        {online ? null : <FormNotice tone="offline">You&apos;re offline—check your connection.</FormNotice>}
        <TextField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        {failure ? (
          <FormNotice tone="danger">
            {failure.message}
            {failure.kind === 'credentials' ? (
              <>
                {' '}
                <Link to={paths.forgotPassword} className={linkClasses}>
                  Can&apos;t sign in?
                </Link>
              </>
            ) : null}
          </FormNotice>
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={submitDisabled} aria-busy={busy}>
          {busy ? <BusyIcon /> : null}
          Log In
        </Button>
        {slow ? (
          <FormNotice tone="waiting">
            <span>Still working… this can take a moment.</span>{' '}
            <Button variant="link" size="sm" onClick={handleTryAgain}>
              Try again
            </Button>
          </FormNotice>
        ) : null}
      </form>
      {/* After Log In, so the keyboard reaches Email, Password and Log In first. */}
      <div className="mt-6 space-y-3 text-center text-sm">
        <p>
          <Link to={paths.forgotPassword} className={linkClasses}>
            Can&apos;t sign in?
          </Link>
        </p>
        <p className="text-fg-muted">
          Don&apos;t have an account?{' '}
          <Link to={paths.signup} className={linkClasses}>
            Sign up
          </Link>
        </p>
      </div>
    </AuthScreen>
  );
}
