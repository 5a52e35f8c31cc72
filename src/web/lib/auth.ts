import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image: string | null;
}

export interface SessionDetails {
  id: string;
  expiresAt: string;
}

/** The signed-in member and their session, as answered by better-auth's get-session. */
export interface Session {
  user: SessionUser;
  session: SessionDetails;
}

export const sessionQueryKey = ['session'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Narrows the get-session answer; anything unexpected counts as signed out. */
function toSession(data: unknown): Session | null {
  if (!isRecord(data) || !isRecord(data.user) || !isRecord(data.session)) return null;
  const { user, session } = data;
  if (typeof user.id !== 'string' || typeof session.id !== 'string') return null;
  return {
    user: {
      id: user.id,
      email: typeof user.email === 'string' ? user.email : '',
      name: typeof user.name === 'string' ? user.name : '',
      emailVerified: user.emailVerified === true,
      image: typeof user.image === 'string' ? user.image : null,
    },
    session: {
      id: session.id,
      expiresAt: typeof session.expiresAt === 'string' ? session.expiresAt : '',
    },
  };
}

/** Reads the current session; resolves to null when signed out. */
export async function fetchSession(): Promise<Session | null> {
  const data = await apiClient.get<unknown>('/api/auth/get-session');
  return toSession(data);
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: fetchSession,
  // The session is re-read whenever the tab becomes visible again (product decision).
  refetchOnWindowFocus: 'always',
});

/**
 * The current session. `data` is null when signed out (or when the session cannot be read);
 * `isPending` is true only until the first answer arrives.
 */
export function useSession(): { data: Session | null; isPending: boolean } {
  const query = useQuery(sessionQueryOptions);
  return { data: query.data ?? null, isPending: query.isPending };
}
