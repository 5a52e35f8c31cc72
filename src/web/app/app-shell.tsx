import { Outlet } from 'react-router';
import { SignedInTopBar } from '@/app/signed-in-top-bar';
import { ProfilePrompt } from '@/features/profile/components/profile-prompt';
import { RealtimeProvider, RealtimeStatus } from '@/lib/realtime';

/** Layout of every signed-in page, with the tab's realtime connection. */
export function AppShell() {
  return (
    <RealtimeProvider>
      <div className="flex min-h-dvh flex-col">
        <SignedInTopBar />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          <Outlet />
        </main>
        <ProfilePrompt />
        <RealtimeStatus />
      </div>
    </RealtimeProvider>
  );
}
