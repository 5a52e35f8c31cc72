import { Navigate } from 'react-router';
import { paths } from '@/lib/paths';
import { Spinner } from '@/components/ui/spinner';
import { LandingPage } from '@/features/landing/components/landing-page';
import { useSession } from '@/lib/auth';

/** `/`: visitors see the landing page; members go straight to their feed. */
export function LandingRoute() {
  const { data: session, isPending } = useSession();
  if (isPending) {
    return (
      <div className="flex min-h-[70dvh] items-center justify-center">
        <Spinner />
      </div>
    );
  }
  if (session) return <Navigate to={paths.home} replace />;
  return <LandingPage />;
}
