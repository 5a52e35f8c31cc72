import { z } from 'zod';
import { AUTH_LIMITS } from './auth.js';
import { text } from './text.js';

/** The password a member types to delete their account (issue 13, account control). */
export const DeleteAccountInput = z.object({
  password: text({ error: 'Please enter your password.' })
    .min(1, 'Please enter your password.')
    .max(AUTH_LIMITS.passwordMax, 'Password is too long.'),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountInput>;

/** The field message a wrong password gets. */
export const INCORRECT_PASSWORD_MESSAGE = 'Incorrect password.';
/** The name a deleted member's messages, conversations and ratings show. */
export const DELETED_MEMBER_NAME = 'Deleted member';
