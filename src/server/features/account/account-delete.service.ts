import { and, eq, sql } from 'drizzle-orm';
import { DELETED_MEMBER_NAME, INCORRECT_PASSWORD_MESSAGE } from '../../../shared/schemas/account.js';
import type { Database } from '../../db/client.js';
import { accounts, users } from '../../db/schema/index.js';
import { unauthenticated, validationFailed } from '../../errors.js';
import { DATABASE_CHANNELS } from '../../realtime/hub.js';

/** The e-mail a deleted member's users row keeps: unique, undeliverable, and frees the real one. */
export const deletedEmail = (userId: string) => `deleted+${userId}@deleted.invalid`;

/** What a post kept only for a completed exchange shows instead of its content (lengths fit the checks). */
const DELETED_POST = { title: 'Deleted post', text: 'This post was deleted.' } as const;

/** Checks a password against the member's credential account with better-auth's own hasher. */
export type PasswordCheck = (hash: string, password: string) => Promise<boolean>;

/**
 * "Delete my account" (issue 13, account control), after the member typed their password.
 *
 * The users row stays, anonymised, because conversations, messages and ratings reference it and
 * must stay for the other members: its name becomes 'Deleted member' (every member reference reads
 * `coalesce(profile display name, users.name)`, and the profile is gone, so no photo either) and
 * its e-mail a unique undeliverable address, so the real one can sign up again.
 *
 * Deleted in one transaction: profile, photos, settings, verification steps, posts and the requests
 * on them, requests the member sent, ratings about them, blocks both ways, notifications, reports
 * they filed (reports about them stay for moderation), unsent mail to them, sessions, the
 * credential account and verification tokens.
 *
 * Completed exchanges are the other member's history too (their completed count and the ratings
 * the deleted member gave them): those requests stay, and a post of the deleted member that one
 * of them or a conversation refers to stays as a row, hidden from everyone, its content replaced.
 */
export async function deleteAccount(db: Database, userId: string, password: string, checkPassword: PasswordCheck): Promise<void> {
  const [credential] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .limit(1);
  if (!credential) throw unauthenticated();
  if (!credential.password || !(await checkPassword(credential.password, password))) {
    throw validationFailed({ password: INCORRECT_PASSWORD_MESSAGE }, INCORRECT_PASSWORD_MESSAGE);
  }

  await db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw unauthenticated();

    // Requests: keep completed exchanges, drop the rest (those on the member's posts and those they sent).
    await tx.execute(sql`
      DELETE FROM exchange_requests r
      WHERE r.status <> 'completed'
        AND (r.requester_id = ${userId} OR r.post_id IN (SELECT id FROM posts WHERE user_id = ${userId}))`);
    // The member's words on the kept ones go.
    await tx.execute(sql`
      UPDATE exchange_requests SET message = NULL, proposed_exchange = NULL WHERE requester_id = ${userId}`);
    await tx.execute(sql`
      UPDATE exchange_requests SET response_message = NULL
      WHERE post_id IN (SELECT id FROM posts WHERE user_id = ${userId})`);
    // Posts: deleted, unless a kept exchange or a conversation refers to one (a conversation about a
    // post cannot lose its post when the pair also talks without one: the pair's unique index); such
    // a post is hidden from everyone and emptied of its content.
    await tx.execute(sql`
      DELETE FROM posts p WHERE p.user_id = ${userId}
        AND NOT EXISTS (SELECT 1 FROM exchange_requests r WHERE r.post_id = p.id)
        AND NOT EXISTS (SELECT 1 FROM conversations c WHERE c.post_id = p.id)`);
    await tx.execute(sql`
      UPDATE posts SET status = 'hidden', title = ${DELETED_POST.title}, offering = ${DELETED_POST.text},
        looking_for = ${DELETED_POST.text}, description = '', additional_context = NULL, custom_tags = '{}',
        available_from = NULL, available_until = NULL, preferred_days = NULL, preferred_times = NULL,
        availability_description = NULL, zip_code = NULL, latitude = NULL, longitude = NULL, updated_at = now()
      WHERE user_id = ${userId}`);
    await tx.execute(sql`DELETE FROM post_tags WHERE post_id IN (SELECT id FROM posts WHERE user_id = ${userId})`);
    // Ratings about the member go; the ones they gave stay, shown as from 'Deleted member'.
    await tx.execute(sql`DELETE FROM ratings WHERE rated_user_id = ${userId}`);

    await tx.execute(sql`DELETE FROM profiles WHERE id = ${userId}`);
    await tx.execute(sql`DELETE FROM photos WHERE owner_id = ${userId}`);
    await tx.execute(sql`DELETE FROM member_settings WHERE user_id = ${userId}`);
    await tx.execute(sql`DELETE FROM member_verifications WHERE user_id = ${userId}`);
    await tx.execute(sql`DELETE FROM member_blocks WHERE blocker_id = ${userId} OR blocked_id = ${userId}`);
    await tx.execute(sql`DELETE FROM notifications WHERE user_id = ${userId}`);
    await tx.execute(sql`DELETE FROM reports WHERE reporter_id = ${userId}`);
    await tx.execute(sql`DELETE FROM mail_outbox WHERE to_address = ${user.email}`);
    await tx.execute(sql`DELETE FROM auth_verifications WHERE value = ${userId} OR identifier = ${user.email}`);
    // Sessions and the login: the triggers notify sessions-changed, which ends cached sessions and open sockets.
    await tx.execute(sql`DELETE FROM sessions WHERE user_id = ${userId}`);
    await tx.execute(sql`DELETE FROM accounts WHERE user_id = ${userId}`);
    await tx
      .update(users)
      .set({ name: DELETED_MEMBER_NAME, email: deletedEmail(userId), emailVerified: false, image: null, updatedAt: new Date() })
      .where(eq(users.id, userId));

    await tx.execute(sql`SELECT pg_notify(${DATABASE_CHANNELS.contentChanged}, 'users')`);
    await tx.execute(sql`SELECT pg_notify(${DATABASE_CHANNELS.sessionsChanged}, ${userId})`);
  });
}
