import { useSyncExternalStore } from 'react';
import { profilePromptFlags } from '@/lib/auth';

/*
 * The global 'Complete Your Profile' modal's state and the browser flags behind the automatic
 * prompt's rules (spec section 4): a per-member count in local storage (at most 3 showings),
 * and per-session flags for "shown this session" and "opened by hand this session".
 */

/** At most this many automatic showings per member, ever (per browser). */
export const PROMPT_MAX_SHOWINGS = 3;
const SHOWN_THIS_SESSION = 'profile_prompt_shown';
const MANUAL_THIS_SESSION = 'profile_prompt_manual';
const countKey = (userId: string) => `profile_prompt_count:${userId}`;

// Storage can be unavailable (privacy modes); the prompt then behaves as if nothing was stored.
function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}
function write(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch (error) {
    console.warn('Profile prompt: browser storage unavailable', error);
  }
}
const session = () => window.sessionStorage;
const local = () => window.localStorage;

let open = false;
const listeners = new Set<() => void>();
function setOpen(next: boolean): void {
  open = next;
  for (const listener of listeners) listener();
}

/** Opens the modal by hand (e.g. from the posts screen); the automatic prompt then stays away this session. */
export function openProfilePrompt(): void {
  write(session, MANUAL_THIS_SESSION, 'true');
  write(session, SHOWN_THIS_SESSION, 'true');
  setOpen(true);
}

export function closeProfilePrompt(): void {
  setOpen(false);
}

/** Whether the modal is open. */
export function useProfilePromptOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
  );
}

/** How often the automatic prompt was shown to this member in this browser. */
export function promptShowings(userId: string): number {
  const count = Number.parseInt(read(local, countKey(userId)) ?? '0', 10);
  return Number.isFinite(count) && count > 0 ? count : 0;
}

/** Fewer than 3 showings ever, none this session, and not opened by hand this session. */
export function mayShowAutomaticPrompt(userId: string): boolean {
  return (
    promptShowings(userId) < PROMPT_MAX_SHOWINGS &&
    read(session, SHOWN_THIS_SESSION) !== 'true' &&
    read(session, MANUAL_THIS_SESSION) !== 'true'
  );
}

/** Shows the automatic prompt: counts it and marks this session. */
export function showAutomaticPrompt(userId: string): void {
  write(local, countKey(userId), String(promptShowings(userId) + 1));
  write(session, SHOWN_THIS_SESSION, 'true');
  setOpen(true);
}

/**
 * Reads and clears the flags the e-mail link leaves behind ('show profile modal', 'email just
 * verified'); true when either asked for the prompt.
 */
export function takeVerificationFlags(): boolean {
  const asked =
    read(session, profilePromptFlags.showProfileModal) === 'true' ||
    read(session, profilePromptFlags.emailJustVerified) === 'true';
  write(session, profilePromptFlags.showProfileModal, null);
  write(session, profilePromptFlags.emailJustVerified, null);
  return asked;
}
