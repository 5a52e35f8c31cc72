import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LoginForm } from '@/features/auth/login-form';
import { refreshSession } from '@/lib/auth';

/** /login and /signin in the app: once signed in, the session is read again and the app moves on. */
export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <LoginForm
      onSignedIn={async (target) => {
        await refreshSession(queryClient);
        await navigate(target, { replace: true });
      }}
    />
  );
}
