import type { To } from 'react-router';
import { paths } from '@/lib/paths';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Where a signed-in member goes after an auth screen: the location remembered in
 * `location.state.from` by the protected-route guard, else /home.
 */
export function getRedirectTarget(state: unknown): To {
  if (isRecord(state) && isRecord(state.from) && typeof state.from.pathname === 'string') {
    const { pathname, search, hash } = state.from;
    return {
      pathname,
      search: typeof search === 'string' ? search : '',
      hash: typeof hash === 'string' ? hash : '',
    };
  }
  return paths.home;
}
