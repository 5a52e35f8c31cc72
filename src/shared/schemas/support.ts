import { z } from 'zod';
import { AUTH_LIMITS } from './auth.js';
import { text } from './text.js';

/**
 * The /help contact form (issue 13, item 6): the contract shared by the server and the web app.
 *
 * `POST /api/support/messages` `SupportMessageInput` -> 202 `SupportMessageSent`. A signed-in
 * member writes from their account's address (an `email` in the body is ignored); a visitor (the
 * page is public, for people who cannot sign in) must give one. The server e-mails the message to
 * the support address (Reply-To the sender) and a copy to the sender. 400 with field messages for
 * bad input; 429 past `SUPPORT_LIMITS.perHour` messages in an hour (per member, or per IP and per
 * address for visitors); the two mails are queued in the outbox (delivered and retried
 * while SMTP is down), so 503 only when they cannot be queued.
 */
export const SUPPORT_LIMITS = {
  subjectMax: 150,
  messageMin: 10,
  messageMax: 5000,
  nameMax: 100,
  perHour: 3,
} as const;

export const SUPPORT_MESSAGES = {
  subjectRequired: 'Please enter a subject.',
  subjectMax: 'Please keep the subject to 150 characters or less.',
  messageMin: 'Please write at least 10 characters so we can help.',
  messageMax: 'Please keep your message to 5,000 characters or less.',
  nameMax: 'Please keep your name to 100 characters or less.',
  emailRequired: 'Please enter your email address so we can reply.',
  emailInvalid: 'Please enter a valid email address.',
  unavailable: 'Your message could not be sent right now. Please try again in a few minutes.',
} as const;

/** The 429 answer: how long to wait, and the address that always works. */
export function supportRateLimitedMessage(wait: string, supportEmail: string): string {
  return `You have sent ${SUPPORT_LIMITS.perHour} messages in the last hour. Please try again in ${wait}, or e-mail ${supportEmail}.`;
}

/** An optional address: empty means none; otherwise trimmed, lower-cased and valid. */
const optionalEmail = text({ error: SUPPORT_MESSAGES.emailInvalid })
  .trim()
  .toLowerCase()
  .max(AUTH_LIMITS.emailMax, SUPPORT_MESSAGES.emailInvalid)
  .refine((value) => value === '' || z.email().safeParse(value).success, { message: SUPPORT_MESSAGES.emailInvalid })
  .optional();

export const SupportMessageInput = z.object({
  subject: text({ error: SUPPORT_MESSAGES.subjectRequired })
    .trim()
    .min(1, SUPPORT_MESSAGES.subjectRequired)
    .max(SUPPORT_LIMITS.subjectMax, SUPPORT_MESSAGES.subjectMax),
  message: text({ error: SUPPORT_MESSAGES.messageMin })
    .trim()
    .min(SUPPORT_LIMITS.messageMin, SUPPORT_MESSAGES.messageMin)
    .max(SUPPORT_LIMITS.messageMax, SUPPORT_MESSAGES.messageMax),
  /** Required from visitors (checked by the server, which knows who is signed in). */
  email: optionalEmail,
  /** A visitor's name, if they give one; members are known by their account. */
  name: text({ error: SUPPORT_MESSAGES.nameMax }).trim().max(SUPPORT_LIMITS.nameMax, SUPPORT_MESSAGES.nameMax).optional(),
});
export type SupportMessageInput = z.input<typeof SupportMessageInput>;

/** The form a visitor fills in: the same rules with the address required. */
export const VisitorSupportMessageInput = SupportMessageInput.extend({
  email: optionalEmail.refine((value) => value !== undefined && value !== '', { message: SUPPORT_MESSAGES.emailRequired }),
});

export const SupportMessageSent = z.object({
  /** Where the copy went (the member's account address, or the visitor's). */
  copyTo: z.string(),
  /** True: the copy is in the outbox with the support mail (kept for clients that read it). */
  copySent: z.boolean(),
});
export type SupportMessageSent = z.infer<typeof SupportMessageSent>;
