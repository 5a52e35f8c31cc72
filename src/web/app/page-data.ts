import type { QueryClient } from '@tanstack/react-query';
import { isHome } from '@shared/first-requests';

/**
 * The longest a member's first load waits for its page's data before rendering without it (the
 * page then shows its loading state, as on any later visit).
 */
export const PAGE_DATA_WAIT_MS = 2_500;

/**
 * Fetches the data of the page at `pathname` that its first render reads, for the pages that
 * have such a list (today /home). Resolves when it is in, or failed, or after PAGE_DATA_WAIT_MS.
 */
export function prefetchPageData(pathname: string, queryClient: QueryClient): Promise<void> {
  if (!isHome(pathname)) return Promise.resolve();
  const data = import('@/features/posts/api/home-data').then(({ prefetchHomeData }) => prefetchHomeData(queryClient));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<void>((resolve) => (timer = setTimeout(resolve, PAGE_DATA_WAIT_MS)));
  return Promise.race([data.catch(() => undefined), cap]).finally(() => clearTimeout(timer));
}
