import { paths } from './app-paths.js';
import { MEANINGFUL_MATCH_SCORE } from './domain/match-score.js';
import { POST_LIMITS } from './schemas/posts.js';

/**
 * The API reads a signed-in member's first load of a page starts with, exactly as the web app
 * asks for them (same path, same parameters in the same order: `lib/auth.ts` fetchSession;
 * on /home `features/posts/api/get-feed.ts`, `get-my-posts.ts`, `get-matches.ts`
 * useMatchingEnabled and the top bar's `lib/unread-counts.ts`). The server names them in the
 * page's `Link: rel=preload` header, so the browser fetches them while the app's scripts
 * download, and the app's requests take those answers instead of waiting for the scripts and
 * then for the session (issue 14: /home on a phone). `e2e/first-requests.spec.ts` checks that
 * each is fetched once, by the preload.
 */
export function firstRequestsFor(pathname: string): string[] {
  const requests = ['/api/auth/get-session'];
  if (isHome(pathname)) {
    requests.push(
      `/api/feed?mode=recent&limit=${POST_LIMITS.listLimitMax}&offset=0`,
      `/api/posts/mine?limit=${POST_LIMITS.listLimitMax}`,
      `/api/matches?minScore=${MEANINGFUL_MATCH_SCORE}&limit=1`,
      '/api/notifications/unread-count',
      '/api/messages/unread-count',
      // The Me menu's, and the page data's (web/app/page-data.ts): lib/profile-completeness.ts.
      '/api/profiles/me/completeness',
    );
  }
  return requests;
}

/**
 * The web app's lazily loaded modules a member's first load of a page needs at once (paths
 * under src/web, as the router imports them in `app/router.tsx`); the server names their built
 * chunks (from the build manifest) as `preload; as=script` links (Chromium ignores
 * `modulepreload` in a header), so they download with the main scripts instead of after them.
 */
export function firstModulesFor(pathname: string): string[] {
  // The app itself: index.html's entry (main.tsx) loads it as a chunk of its own.
  // On /home, also what app-main.tsx fetches the page's data with (app/page-data.ts).
  if (isHome(pathname)) return ['app-main.tsx', 'app/app-shell.tsx', 'features/posts/home-page.tsx', 'features/posts/api/home-data.ts'];
  return ['app-main.tsx'];
}

/** /home or /home-database (the same page) as the router matches them (any case, one trailing slash). */
export function isHome(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/(.)\/$/, '$1');
  return path === paths.home || path === paths.homeDatabase;
}

/** The `Link` header value that preloads `urls` as same-origin fetches (what `fetch` with credentials 'same-origin' matches). */
export function preloadLinkHeader(urls: readonly string[], modules: readonly string[] = []): string {
  return [
    ...urls.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=anonymous`),
    ...modules.map((url) => `<${url}>; rel=preload; as=script; crossorigin=anonymous`),
  ].join(', ');
}
