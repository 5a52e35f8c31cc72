import { z } from 'zod';

/**
 * One-click unsubscribe (issue 13). Every member e-mail carries a link to `/unsubscribe?token=...`
 * (a page that confirms) and the headers `List-Unsubscribe: <APP_URL/api/unsubscribe?token=...>`
 * and `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058). The token is signed by the
 * server, names one member and one setting, and works without signing in.
 *
 * `POST /api/unsubscribe` with the token in the JSON body (`UnsubscribeRequest`) or in the query
 * (the mail client's one-click POST) turns that one setting off -> `UnsubscribeResponse`.
 * A token that is malformed, tampered with or of another purpose -> 400 on `token`.
 */
export const UNSUBSCRIBE_SETTINGS = ['emailNotifications', 'newMessages', 'weeklyDigest'] as const;
export type UnsubscribeSetting = (typeof UNSUBSCRIBE_SETTINGS)[number];

/** The names /settings shows for them. */
export const UNSUBSCRIBE_SETTING_LABELS: Record<UnsubscribeSetting, string> = {
  emailNotifications: 'Email Notifications',
  newMessages: 'New Messages',
  weeklyDigest: 'Weekly Digest',
};

export const UNSUBSCRIBE_MESSAGES = {
  token: 'This unsubscribe link is not valid. Open the link from the e-mail again, or change your e-mail settings in Settings.',
} as const;

export const UNSUBSCRIBE_TOKEN_MAX = 500;

export const UnsubscribeRequest = z.object({
  token: z.string({ error: UNSUBSCRIBE_MESSAGES.token }).min(1, UNSUBSCRIBE_MESSAGES.token).max(UNSUBSCRIBE_TOKEN_MAX, UNSUBSCRIBE_MESSAGES.token),
});
export type UnsubscribeRequest = z.infer<typeof UnsubscribeRequest>;

export const UnsubscribeResponse = z.object({
  setting: z.enum(UNSUBSCRIBE_SETTINGS),
  /** The setting's name as /settings shows it, e.g. 'Weekly Digest'. */
  label: z.string(),
});
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>;
