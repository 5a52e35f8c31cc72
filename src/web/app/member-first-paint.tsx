import { SignedInTopBar } from '@/app/signed-in-top-bar';
import { Container } from '@/components/ui/container';
import { HomeHeader } from '@/features/posts/components/home-header';

/**
 * What a member sees of /home before the app's JavaScript has run (issue 14: the page's largest
 * text painted with the HTML, not seconds later): the top bar and the page's header, rendered at
 * build time with the same components (web/prerender.tsx) and sent by the server to members only
 * (plugins/web-app.ts). Inert and hidden from assistive technology: it is a picture of the page
 * until the app's first render replaces it (main.tsx).
 */
export function HomeFirstPaint() {
  return (
    <div inert aria-hidden="true" className="flex min-h-dvh flex-col">
      <SignedInTopBar />
      <main className="flex-1">
        <Container size="wide" className="py-6 sm:py-8">
          <HomeHeader />
        </Container>
      </main>
    </div>
  );
}
