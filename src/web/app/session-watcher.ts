import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loadToast } from '@/lib/lazy-toast';
import { paths } from '@/lib/paths';
import { forgetSessionEnd, takeSessionLapseDescription, useSession, wasSessionEndedOnPurpose } from '@/lib/auth';

/**
 * Notices a session that lapses while the app is open (signed out elsewhere, expired, revoked:
 * seen when the session is re-read on returning to the tab or after a 401) and sends the
 * member to /signin, remembering where they were.
 */
export function useSessionLapseNotice(): void {
  const { data: session } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const previousUserId = useRef<string | null>(null);
  const userId = session?.user.id ?? null;

  useEffect(() => {
    const previous = previousUserId.current;
    previousUserId.current = userId;
    if (userId !== null && previous === null) forgetSessionEnd();
    if (previous === null || userId !== null || wasSessionEndedOnPurpose()) return;
    // Only this is said: a screen that toasted its own failure for the lapse (instead of
    // checking `isSessionLapse`) is taken back.
    const description = takeSessionLapseDescription();
    void loadToast().then((toast) => {
      toast.dismiss();
      toast.error('Session expired', { description });
    });
    void navigate(paths.signin, { replace: true, state: { from: location } });
  }, [userId, location, navigate]);
}
