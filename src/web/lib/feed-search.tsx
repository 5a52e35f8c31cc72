import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useSession } from '@/lib/auth';

/*
 * The home feed's search text, shared by the top bar (which writes it) and the feed (which
 * filters by it). It lives in lib because the app shell and the posts feature both use it.
 */

export interface FeedSearch {
  /** The text the feed is filtered by, trimmed; empty shows everything. */
  search: string;
  setSearch: (text: string) => void;
}

const FeedSearchContext = createContext<FeedSearch | null>(null);

/** Holds the feed search text for the signed-in member; another member (or none) starts empty. */
export function FeedSearchProvider({ children }: { children: ReactNode }) {
  const { data: session } = useSession();
  const userId = session?.user.id ?? null;
  const [state, setState] = useState<{ userId: string | null; search: string }>({ userId: null, search: '' });
  const search = state.userId === userId ? state.search : '';
  const value = useMemo<FeedSearch>(
    () => ({ search, setSearch: (text) => setState({ userId, search: text.trim() }) }),
    [search, userId],
  );
  return <FeedSearchContext.Provider value={value}>{children}</FeedSearchContext.Provider>;
}

/** The shared feed search text and its setter. */
export function useFeedSearch(): FeedSearch {
  const value = useContext(FeedSearchContext);
  if (!value) throw new Error('useFeedSearch must be used inside FeedSearchProvider');
  return value;
}
