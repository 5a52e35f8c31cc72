import { lazy, Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { paths } from '@/lib/paths';
import { PublicFrame } from '@/app/public-frame';
import { VisitorTopBar } from '@/app/visitor-top-bar';
import { BrandMark } from '@/components/brand-mark';
import { Container } from '@/components/ui/container';
import { appConfig } from '@/lib/app-config';
import { useSession } from '@/lib/auth';

// Visitors never download the members' top bar (menus, search): it loads only for a session.
const SignedInTopBar = lazy(async () => ({ default: (await import('@/app/signed-in-top-bar')).SignedInTopBar }));

/** Brand-only bar while the session loads, so members never see a flash of Log In / Sign Up. */
function PendingTopBar() {
  return (
    <header className="sticky top-0 z-40 border-b border-border/80 bg-surface/90 backdrop-blur">
      <Container size="wide" className="flex h-16 items-center">
        <Link to={paths.landing} aria-label={`${appConfig.appName} home`} className="rounded-lg text-fg">
          <BrandMark />
        </Link>
      </Container>
    </header>
  );
}

/** Layout of pages open to everyone (landing, auth, legal, help, 404): members keep their own top bar. */
export function PublicLayout() {
  const { data: session, isPending } = useSession();
  let topBar = <VisitorTopBar />;
  if (isPending) topBar = <PendingTopBar />;
  else if (session) {
    topBar = (
      <Suspense fallback={<PendingTopBar />}>
        <SignedInTopBar />
      </Suspense>
    );
  }
  return (
    <PublicFrame topBar={topBar}>
      <Outlet />
    </PublicFrame>
  );
}
