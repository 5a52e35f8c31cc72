import { Navigate, Outlet, useLocation } from 'react-router';
import { getRedirectTarget } from '@/lib/redirect-target';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth';

/** Auth screens (sign up, log in, recovery): a signed-in member is sent on to where they were going. */
export function SignedOutOnly() {
  const { data: session, isPending } = useSession();
  const location = useLocation();
  if (isPending) {
    return (
      <div className="flex min-h-[50dvh] items-center justify-center">
        <Spinner />
      </div>
    );
  }
  if (session) return <Navigate to={getRedirectTarget(location.state)} replace />;
  return <Outlet />;
}
