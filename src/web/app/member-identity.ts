import type { SessionUser } from '@/lib/auth';

/** How the top bar shows the signed-in member. */
export interface MemberIdentity {
  displayName: string;
  email: string;
  photoUrl: string | null;
  /** Shown in the avatar when there is no photo. */
  initial: string;
}

/** The member's own profile fields the top bar prefers, once the profile is loaded. */
export interface TopBarProfile {
  displayName?: string | null;
  photoUrl?: string | null;
}

const firstLetter = (text: string) => text.trim().charAt(0).toUpperCase();

/**
 * The spec's fallbacks: display name from the profile, else the name given at sign-up, else
 * the e-mail, else 'User'; the avatar is the photo, else the first letter of the display name
 * or e-mail, else 'U'.
 */
export function memberIdentity(user: SessionUser, profile: TopBarProfile = {}): MemberIdentity {
  const displayName = [profile.displayName, user.name, user.email].find((v) => v?.trim())?.trim() ?? 'User';
  return {
    displayName,
    email: user.email,
    photoUrl: profile.photoUrl || user.image || null,
    initial: firstLetter(displayName) || firstLetter(user.email) || 'U',
  };
}
