import type { FastifyBaseLogger } from 'fastify';
import { SUPPORT_LIMITS, SUPPORT_MESSAGES, supportRateLimitedMessage } from '../../../shared/schemas/support.js';
import type { Database } from '../../db/client.js';
import { AppError, RateLimitedError, validationFailed } from '../../errors.js';
import { consumeRateLimit, waitText } from '../../lib/rate-limit.js';
import type { Viewer } from '../../plugins/session.js';
import { enqueueMail } from '../mail/queue.js';
import { supportCopyMail, supportRequestMail } from '../mail/templates.js';

export interface SupportDeps {
  db: Database;
  log: FastifyBaseLogger;
  appName: string;
  supportEmail: string;
}

/** A contact-form message, already validated by `SupportMessageInput`. */
export interface SupportRequest {
  subject: string;
  message: string;
  email?: string | undefined;
  name?: string | undefined;
}

/** Who is writing: a signed-in member, or a visitor known by their IP. */
export type SupportSenderRef = { viewer: Viewer } | { viewer: null; ip: string };

const HOUR = 3600;

/** Counts one message against each key's hourly limit; 429 with the wait once any is spent. */
async function enforceSupportLimits(db: Database, keys: string[], supportEmail: string): Promise<void> {
  for (const key of keys) {
    const limit = await consumeRateLimit(db, key, HOUR, SUPPORT_LIMITS.perHour);
    if (!limit.allowed) throw new RateLimitedError(supportRateLimitedMessage(waitText(limit.retryAfter), supportEmail), limit.retryAfter);
  }
}

/**
 * Sends a /help message: to the support address with Reply-To the sender, then a copy to the
 * sender. A member writes from their account's address; a visitor must give one. Limited to
 * `SUPPORT_LIMITS.perHour` an hour per member, and per IP and per copy address for visitors (so
 * the copy cannot be used to mail strangers). Both mails go into the outbox in one transaction
 * (delivered and retried by the mail worker, so SMTP being down loses nothing); 503 only when
 * they cannot be queued (the database is down).
 */
export async function sendSupportMessage(
  deps: SupportDeps,
  sender: SupportSenderRef,
  input: SupportRequest,
): Promise<{ copyTo: string; copySent: boolean }> {
  const { db, log, appName, supportEmail } = deps;
  let email: string;
  let name: string | null;
  let memberId: string | null;
  if (sender.viewer) {
    email = sender.viewer.email;
    name = sender.viewer.name.trim() || null;
    memberId = sender.viewer.userId;
    await enforceSupportLimits(db, [`support:member:${memberId}`], supportEmail);
  } else {
    if (!input.email) throw validationFailed({ email: SUPPORT_MESSAGES.emailRequired }, SUPPORT_MESSAGES.emailRequired);
    email = input.email;
    name = input.name?.trim() || null;
    memberId = null;
    await enforceSupportLimits(db, [`support:ip:${sender.ip}`, `support:to:${email}`], supportEmail);
  }

  const request = supportRequestMail(appName, { email, name, memberId }, input.subject, input.message);
  const copy = supportCopyMail(appName, supportEmail, input.subject, input.message);
  // Both in the outbox, together: the worker delivers them, retrying while SMTP is down, so a
  // queued message is a sent message as far as the sender is concerned.
  try {
    await db.transaction(async (tx) => {
      await enqueueMail(tx, { kind: 'support', to: supportEmail, replyTo: email, ...request });
      await enqueueMail(tx, { kind: 'support_copy', userId: memberId, to: email, ...copy });
    });
  } catch (err) {
    log.error({ err, from: email }, 'support message could not be queued');
    throw new AppError('UNAVAILABLE', SUPPORT_MESSAGES.unavailable);
  }
  const copySent = true;
  return { copyTo: email, copySent };
}
