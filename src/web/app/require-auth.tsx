import { Navigate, Outlet, useLocation } from 'react-router';
import { Container } from '@/components/ui/container';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/lib/paths';
import { useSession, wasSessionEndedOnPurposeAt } from '@/lib/auth';

/** Four placeholder cards shown while the session of a protected page loads. */
export function ProtectedPageSkeleton() {
  return (
    <div role="status" aria-live="polite" aria-busy="true" className="min-h-dvh bg-canvas">
      <span className="sr-only">Loading...</span>
      <div className="h-16 border-b border-border bg-surface" />
      <Container className="py-8">
        <Skeleton className="mb-6 h-8 w-56" />
        <div data-testid="protected-skeleton" className="grid gap-4 sm:grid-cols-2">
          {[0, 1, 2, 3].map((card) => (
            <div key={card} className="rounded-xl border border-border bg-surface p-5 shadow-card">
              <div className="flex items-center gap-3">
                <Skeleton className="size-10 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-3 w-1/3" />
                </div>
              </div>
              <Skeleton className="mt-4 h-3 w-full" />
              <Skeleton className="mt-2 h-3 w-5/6" />
              <Skeleton className="mt-2 h-3 w-2/3" />
            </div>
          ))}
        </div>
      </Container>
    </div>
  );
}

/**
 * Guards signed-in routes: remembers where the visitor was going and sends them to /signin.
 * A member who signs out here is on their way to the landing page instead.
 */
export function RequireAuth() {
  const { data: session, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <ProtectedPageSkeleton />;
  if (!session) {
    if (wasSessionEndedOnPurposeAt(location.key)) return <Navigate to={paths.landing} replace />;
    return <Navigate to={paths.signin} replace state={{ from: location }} />;
  }
  return <Outlet />;
}
