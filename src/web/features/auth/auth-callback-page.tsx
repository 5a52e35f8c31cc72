import { useQueryClient } from '@tanstack/react-query';
import { LinkIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { verifyEmail } from '@/features/auth/api/verify-email';
import { AuthCard, AuthIcon } from '@/features/auth/components/auth-card';
import { PendingView } from '@/features/auth/components/pending-view';
import { profilePromptFlags, refreshSession } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';

function InvalidLink() {
  useDocumentTitle('Invalid or expired link');
  return (
    <AuthCard
      title="Invalid or expired link"
      icon={
        <AuthIcon tone="danger">
          <LinkIcon />
        </AuthIcon>
      }
      description={<p>This verification link has already been used or is no longer valid.</p>}
    >
      <div className="flex flex-col gap-3">
        <Button asChild size="lg">
          <Link to={paths.login}>Log In</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.signup}>Sign Up</Link>
        </Button>
      </div>
    </AuthCard>
  );
}

/**
 * /auth/callback?token=…: where the verification e-mail's link lands. Spends the token; with
 * the session it gives, flags the profile prompt for this browser session and opens /home.
 */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);
  // A token can be spent once: never twice, even when effects run twice in development.
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    void (async () => {
      try {
        await verifyEmail(token);
        const session = await refreshSession(queryClient);
        if (!session) {
          setFailed(true);
          return;
        }
      } catch (error) {
        console.warn('E-mail verification failed', error);
        setFailed(true);
        return;
      }
      sessionStorage.setItem(profilePromptFlags.showProfileModal, 'true');
      sessionStorage.setItem(profilePromptFlags.emailJustVerified, 'true');
      await navigate(paths.home, { replace: true });
    })();
  }, [token, queryClient, navigate]);

  if (!token || failed) return <InvalidLink />;
  return <PendingView title="Verifying your account..." />;
}
