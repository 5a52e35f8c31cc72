/*
 * The build's prerendering entry (scripts/prerender-plugin.ts bundles it for Node): renders a public
 * page as a visitor without a session sees it first, so main.tsx can hydrate the same tree.
 */
import '@/lib/zod-setup';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouter, StaticRouterProvider } from 'react-router';
import { LandingApp } from '@/app/landing-app';
import { HomeFirstPaint } from '@/app/member-first-paint';
import { PageRouter } from '@/app/page-router';
import { AppProviders, createQueryClient } from '@/app/providers';
import { routes } from '@/app/router';
import { SignInApp } from '@/app/sign-in-app';
import { seedVisitorSession } from '@/lib/auth';
import { paths } from '@/lib/paths';
import type { PrerenderedPage } from '@shared/prerender';

/** The page at `pathname` as a visitor without a session first sees it. */
export async function renderPage(pathname: string): Promise<PrerenderedPage> {
  // The landing and sign-in pages have entries of their own (landing-main.tsx, sign-in-main.tsx),
  // hydrating these trees.
  if (pathname === paths.landing) return { template: 'landing.html', html: renderOwnPage(pathname, <LandingApp />) };
  if (pathname === paths.signin || pathname === paths.login) {
    return { template: 'sign-in.html', html: renderOwnPage(pathname, <SignInApp />) };
  }
  return { template: 'index.html', html: await renderAppPage(pathname) };
}

/** A member's first paint of `pathname` (shared/prerender.ts MEMBER_FIRST_PAINT_PATHS): no member data, nothing to hydrate. */
export function renderMemberFirstPaint(pathname: string): string {
  if (pathname !== paths.home && pathname !== paths.homeDatabase) throw new Error(`no first paint for ${pathname}`);
  return renderToString(
    <AppProviders client={createQueryClient()}>
      <StaticRouter location={pathname}>
        <HomeFirstPaint />
      </StaticRouter>
    </AppProviders>,
  );
}

/** The HTML inside `#root` of a page with an entry of its own: `app` in the page router (app/hydrate-own-page.tsx hydrates it). */
function renderOwnPage(pathname: string, app: ReactNode): string {
  return renderToString(
    <StrictMode>
      <PageRouter url={pathname}>{app}</PageRouter>
    </StrictMode>,
  );
}

/** The whole app's HTML inside `#root` for the page at `pathname`. */
async function renderAppPage(pathname: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${pathname} answered a redirect when prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  seedVisitorSession(queryClient);
  return renderToString(
    <StrictMode>
      <AppProviders client={queryClient}>
        {/* No hydration data: it would be an inline script, which the CSP refuses (main.tsx needs none). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}
