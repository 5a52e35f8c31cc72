import { Outlet } from 'react-router';
import { SignedInTopBar } from '@/app/signed-in-top-bar';
import { ProfilePrompt } from '@/features/profile/components/profile-prompt';
import { ReportDialog } from '@/features/safety/report-dialog';
import { RealtimeProvider, RealtimeStatus } from '@/lib/realtime';
import { ReportDialogSlot, type ReportDialogProps } from '@/lib/report-dialog-slot';

const renderReportDialog = (props: ReportDialogProps) => <ReportDialog {...props} />;

/** Layout of every signed-in page, with the tab's realtime connection and the Report dialog for every screen. */
export function AppShell() {
  return (
    <RealtimeProvider>
      <ReportDialogSlot render={renderReportDialog}>
        <div className="flex min-h-dvh flex-col">
          <SignedInTopBar />
          <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
            <Outlet />
          </main>
          <ProfilePrompt />
          <RealtimeStatus />
        </div>
      </ReportDialogSlot>
    </RealtimeProvider>
  );
}
