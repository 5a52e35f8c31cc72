import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createPath, NavigationType, Router, type Navigator, type To } from 'react-router';

interface Place {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

/** The `state` of a history entry the whole app's router made (`{ usr, key, idx }`), else null. */
function historyState(entry: unknown): unknown {
  return typeof entry === 'object' && entry !== null && 'usr' in entry ? entry.usr : null;
}

function placeOf(url: URL, state: unknown, key: string): Place {
  return { pathname: url.pathname, search: url.search, hash: url.hash, state, key };
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/**
 * The address the server sent this document for: the prerendered HTML is that page's, whatever
 * history entries were pushed since (before this code ran, a move along history is not seen).
 */
function servedUrl(): URL {
  const navigation = performance.getEntriesByType('navigation')[0];
  return new URL(navigation?.name || window.location.href);
}

/**
 * The router of a public page's own first load (landing-main.tsx, sign-in-main.tsx), in place of
 * the app's: links within the page (the landing page's `/#section` links) move along history as
 * the app's router would, a link to any other page loads it from the server (prerendered, then
 * the whole app). `url`: the address when rendering without a browser (prerendering). The first
 * location's state is the one the app's router gave this history entry (a reload keeps it: the
 * place to go after signing in).
 */
export function PageRouter({ url, children }: { url?: string; children: ReactNode }) {
  const [place, setPlace] = useState<Place>(() =>
    url === undefined
      ? placeOf(servedUrl(), historyState(window.history.state), 'default')
      : placeOf(new URL(url, 'http://prerender.invalid'), null, 'default'),
  );
  const ownPathname = place.pathname;
  const [navigationType, setNavigationType] = useState(NavigationType.Pop);

  useEffect(() => {
    const handlePopState = (event: PopStateEvent) => {
      // Only this page's own entries share its document; another page is the server's to send.
      if (window.location.pathname !== ownPathname) {
        window.location.reload();
        return;
      }
      setNavigationType(NavigationType.Pop);
      setPlace(placeOf(new URL(window.location.href), event.state, newKey()));
    };
    window.addEventListener('popstate', handlePopState);
    // History may have moved while the page hydrated, before this listened (its popstate lost
    // then): the page catches up as that popstate would have had it.
    if (window.location.href !== servedUrl().href) handlePopState(new PopStateEvent('popstate', { state: historyState(window.history.state) }));
    return () => window.removeEventListener('popstate', handlePopState);
  }, [ownPathname]);

  const navigator = useMemo<Navigator>(() => {
    const go = (to: To, state: unknown, replace: boolean) => {
      const target = new URL(typeof to === 'string' ? to : createPath(to), window.location.href);
      if (target.origin !== window.location.origin || target.pathname !== ownPathname) {
        if (replace) window.location.replace(target.href);
        else window.location.assign(target.href);
        return;
      }
      if (replace) window.history.replaceState(state, '', target.href);
      else window.history.pushState(state, '', target.href);
      setNavigationType(replace ? NavigationType.Replace : NavigationType.Push);
      setPlace(placeOf(target, state, newKey()));
    };
    return {
      createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
      go: (delta) => window.history.go(delta),
      push: (to, state) => go(to, state, false),
      replace: (to, state) => go(to, state, true),
    };
  }, [ownPathname]);

  return (
    <Router location={place} navigationType={navigationType} navigator={navigator}>
      {children}
    </Router>
  );
}
