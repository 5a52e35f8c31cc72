import { VisitorPage } from '@/app/visitor-page';
import { LandingPage } from '@/features/landing/components/landing-page';

/**
 * The landing page as a visitor without a session first gets it (landing-main.tsx, prerendered):
 * the markup the whole app shows a visitor at `/`, without the app's router, data layer and other
 * pages, so the first load stays small. Members get the whole app at `/` (plugins/web-app.ts).
 */
export function LandingApp() {
  return (
    <VisitorPage>
      <LandingPage />
    </VisitorPage>
  );
}
