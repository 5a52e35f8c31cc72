import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { FeedSearchProvider } from '@/lib/feed-search';
import { ApiError } from '@/lib/api-client';
import { markSessionLapse, noteSessionLapseDescription, sessionQueryKey } from '@/lib/auth';

/**
 * Query defaults from the spec: 5-minute cache, one retry, no refetch on window focus.
 * Any API call answering 401 makes the client re-read the session, so a session that lapsed
 * on the server is noticed (the session watcher then says 'Session expired', with the
 * query's `meta.sessionLapseDescription` when it has one). These handlers run before the
 * screens' own: a 401 of a signed-in client is marked, and screens skip their error toasts
 * for it (`isSessionLapse`), so 'Session expired' is the only thing said.
 */
export function createQueryClient(): QueryClient {
  const handleError = (error: Error, sessionLapseDescription?: string) => {
    if (error instanceof ApiError && error.status === 401) {
      if (queryClient.getQueryData(sessionQueryKey)) markSessionLapse(error);
      if (sessionLapseDescription) noteSessionLapseDescription(sessionLapseDescription);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    }
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handleError(error, query.meta?.sessionLapseDescription) }),
    mutationCache: new MutationCache({ onError: (error) => handleError(error) }),
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        // One retry, except for a 401: asking again cannot help, and the session re-read it
        // starts should not wait a second for the retry. A busy server's answer was already
        // tried again by the API client (after its Retry-After).
        retry: (failures, error) =>
          failures < 1 && !(error instanceof ApiError && (error.status === 401 || error.code === 'UNAVAILABLE')),
        refetchOnWindowFocus: false,
      },
    },
  });
  return queryClient;
}

/** `client`: one made beforehand (the entry seeds it for a prerendered page); else a new one. */
export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      {/* The Toaster mounts in RootLayout, once a page may toast (lib/lazy-toast.ts). */}
      <FeedSearchProvider>{children}</FeedSearchProvider>
    </QueryClientProvider>
  );
}
