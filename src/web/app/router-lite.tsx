/*
 * What the public pages' own builds (landing-main.tsx, sign-in-main.tsx) take from
 * 'react-router', in ~2 KB instead of ~11 KB gzip: their first load stays small (issue 14: the
 * landing page's within 100 KB, sign-in's Total Blocking Time). Those builds resolve
 * 'react-router' to this file (vite.config.ts, pageResolve); the whole app, the prerendering and
 * the type checker use the real package, and this file answers to the same names with the same
 * markup, so the prerendered HTML hydrates unchanged.
 *
 * Only what those pages use: <Router> with a navigator (page-router.tsx), <Link>, useLocation,
 * useNavigate, useMatch with `:param` segments, createPath and NavigationType.
 */
import {
  createContext,
  use,
  useMemo,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';

export const NavigationType = { Pop: 'POP', Push: 'PUSH', Replace: 'REPLACE' } as const;
type NavigationTypeValue = (typeof NavigationType)[keyof typeof NavigationType];

interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export type To = string | Partial<Path>;

interface Location extends Path {
  state: unknown;
  key: string;
}

export interface Navigator {
  createHref(to: To): string;
  go(delta: number): void;
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
}

export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  let path = pathname;
  if (search && search !== '?') path += search.startsWith('?') ? search : `?${search}`;
  if (hash && hash !== '#') path += hash.startsWith('#') ? hash : `#${hash}`;
  return path;
}

interface RouterState {
  location: Location;
  navigator: Navigator;
}

const RouterContext = createContext<RouterState | null>(null);

function useRouter(): RouterState {
  const router = use(RouterContext);
  if (!router) throw new Error('<Link> and useLocation() need a <Router>');
  return router;
}

export function Router({
  location,
  navigator,
  children,
}: {
  location: Partial<Location>;
  navigationType?: NavigationTypeValue;
  navigator: Navigator;
  children?: ReactNode;
}) {
  const { pathname = '/', search = '', hash = '', state = null, key = 'default' } = location;
  const value = useMemo<RouterState>(
    () => ({ location: { pathname, search, hash, state, key }, navigator }),
    [pathname, search, hash, state, key, navigator],
  );
  return <RouterContext value={value}>{children}</RouterContext>;
}

export function useLocation(): Location {
  return useRouter().location;
}

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/** react-router's rule: only a plain left click in this tab is the app's to handle. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/** The same <a> as react-router's Link (href, data-discover), navigating through the Router's navigator. */
export function Link({ to, replace = false, state, onClick, target, ref, ...rest }: LinkProps) {
  const { navigator } = useRouter();
  const href = navigator.createHref(to);
  const isAbsolute = /^[a-z][a-z0-9+.-]*:|^\/\//i.test(href);
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      data-discover={isAbsolute ? undefined : 'true'}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || isAbsolute || !isPlainClick(event, target)) return;
        event.preventDefault();
        if (replace) navigator.replace(to, state);
        else navigator.push(to, state);
      }}
    />
  );
}

interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** Moves through the Router's navigator; a number goes back or forward in history. */
export function useNavigate(): (to: To | number, options?: NavigateOptions) => Promise<void> {
  const { navigator } = useRouter();
  return useMemo(
    () => async (to: To | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') navigator.go(to);
      else if (options.replace) navigator.replace(to, options.state);
      else navigator.push(to, options.state);
    },
    [navigator],
  );
}

/** Whether the current pathname matches `pattern` (`:name` matches one segment): a match object, else null. */
export function useMatch(pattern: string): { pathname: string; params: Record<string, string> } | null {
  const { pathname } = useRouter().location;
  const want = pattern.split('/');
  const have = pathname.replace(/\/+$/, '').split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const segment = have[i] ?? '';
    if (part.startsWith(':')) {
      if (!segment) return null;
      params[part.slice(1)] = decodeURIComponent(segment);
    } else if (part !== segment) return null;
  }
  return { pathname, params };
}
