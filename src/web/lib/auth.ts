import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiClient } from '@/lib/api-client';

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

/**
 * A prerendered page is served only to a visitor without a session, and was rendered signed
 * out: the first render says so too (no spinner), so it matches the HTML it hydrates. Stored as
 * stale, the session is still read from the server at once.
 */
export function seedVisitorSession(queryClient: QueryClient): void {
  queryClient.setQueryData(sessionQueryKey, null, { updatedAt: 0 });
}

/** Re-reads the session from the server now (after sign-in or e-mail verification). */
export function refreshSession(queryClient: QueryClient): Promise<Session | null> {
  return queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
}

/*
 * A session the member ended themselves (Sign Out, a password reset) is not a lapse: no
 * 'Session expired' notice, and the protected page they were on sends them where the action
 * goes rather than to /signin. Remembered until the next session starts.
 */
let endedOnPurpose: { locationKey: string } | null = null;

/**
 * Forgets the session on this client after the member ended it on purpose, and drops every
 * other cached answer (they belonged to that member). `locationKey` is the page it happened on.
 */
export function endSessionOnPurpose(queryClient: QueryClient, locationKey: string): void {
  endedOnPurpose = { locationKey };
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, null);
}

/*
 * Errors that revealed a lapsed session: a 401 answered while this client believed itself
 * signed in. The session watcher says 'Session expired' and sends the member to sign in, so
 * the screen that made the request says nothing of its own.
 */
const sessionLapseErrors = new WeakSet<object>();

/** Called by the app's query and mutation handlers (before any screen's own error handling). */
export function markSessionLapse(error: Error): void {
  sessionLapseErrors.add(error);
}

/** True for a request error that the session watcher already reports as 'Session expired'. */
export function isSessionLapse(error: unknown): boolean {
  return typeof error === 'object' && error !== null && sessionLapseErrors.has(error);
}

/** The reason a request gave for needing the session, shown when it turns out to have lapsed. */
let lapseDescription: string | null = null;

/** A 401 of a request with a say in the lapse message (matching: 'to see compatible posts'). */
export function noteSessionLapseDescription(description: string): void {
  lapseDescription = description;
}

/** The lapse message's description, once; the spec's general one unless a request named its own. */
export function takeSessionLapseDescription(): string {
  const description = lapseDescription ?? 'Please sign in again to continue.';
  lapseDescription = null;
  return description;
}

/** True when the last session was ended by the member (not lapsed). */
export function wasSessionEndedOnPurpose(): boolean {
  return endedOnPurpose !== null;
}

/** True when the member ended the session on purpose while on this very page. */
export function wasSessionEndedOnPurposeAt(locationKey: string): boolean {
  return endedOnPurpose?.locationKey === locationKey;
}

/*
 * A sign-out this tab has asked for and not yet heard back from. The server closes the tab's
 * realtime connection as the session ends, which can arrive before the sign-out's own answer;
 * that close is then no lapse to look into.
 */
let signingOut = false;

/** Around the sign-out request: `true` before it is sent, `false` once it has failed. */
export function setSigningOut(value: boolean): void {
  signingOut = value;
}

/** True while this tab's own sign-out is under way. */
export function isSigningOut(): boolean {
  return signingOut;
}

/** Called when a session starts: the next time it ends, it may be a lapse again. */
export function forgetSessionEnd(): void {
  endedOnPurpose = null;
  signingOut = false;
}

/** Errors of sign-out that mean the session is already gone (spec: ignored). */
function isAlreadySignedOut(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 403 || /session not found|session id/i.test(error.message);
}

/** Ends the session on the server. Resolves when the member is signed out. */
export async function signOutRequest(): Promise<void> {
  try {
    await apiClient.post<unknown>('/api/auth/sign-out', {});
  } catch (error) {
    if (!isAlreadySignedOut(error)) throw error;
  }
}

/**
 * Browser-session flags set when an e-mail link signs the member in; the profile prompt reads
 * (and clears) them to open itself on /home.
 */
export const profilePromptFlags = {
  showProfileModal: 'show_profile_modal',
  emailJustVerified: 'email_just_verified',
} as const;
