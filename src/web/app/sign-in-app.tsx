import { createPath, type To } from 'react-router';
import { VisitorPage } from '@/app/visitor-page';
import { LoginForm } from '@/features/auth/login-form';
import { ServerBusyNotice } from '@/lib/server-busy-notice';

/** Once signed in: the whole app loads where the member was going (the session cookie is set). */
function loadSignedIn(target: To): Promise<void> {
  window.location.replace(typeof target === 'string' ? target : createPath(target));
  // Stays busy until the page goes.
  return new Promise<void>(() => undefined);
}

/**
 * /signin and /login as a visitor without a session first gets them (sign-in-main.tsx,
 * prerendered): the markup the whole app shows there (root-layout.tsx, public-layout.tsx), without
 * the app's router, data layer and other pages, so the page answers sooner on a phone (issue 14:
 * Total Blocking Time). Other links load their page from the server; once signed in, the whole app.
 */
export function SignInApp() {
  return (
    <VisitorPage notices={<ServerBusyNotice />}>
      <LoginForm onSignedIn={loadSignedIn} />
    </VisitorPage>
  );
}
