import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/lib/paths';
import { endSessionOnPurpose, setSigningOut, signOutRequest } from '@/lib/auth';

/** Sign Out from the Me menu: ends the session, says so, and goes to the landing page. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();

  return async function signOut() {
    setSigningOut(true);
    try {
      await signOutRequest();
    } catch (error) {
      setSigningOut(false);
      console.warn('Sign-out failed', error);
      const message = error instanceof Error ? error.message : 'An unexpected error occurred. Please try again.';
      toast.error('Logout failed', { description: message });
      return;
    }
    endSessionOnPurpose(queryClient, location.key);
    toast.success('Logged out successfully', { description: 'You have been logged out of your account.' });
    await navigate(paths.landing, { replace: true });
  };
}
