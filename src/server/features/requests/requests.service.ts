import { and, eq, inArray, sql } from 'drizzle-orm';
import { REQUEST_MESSAGES, type ExchangeRequestItem } from '../../../shared/schemas/requests.js';
import { queryRows, type Database } from '../../db/client.js';
import { exchangeRequests, messages, posts } from '../../db/schema/index.js';
import type { WriteLimits } from '../../config.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import { enforceHourlyLimit } from '../../lib/rate-limit.js';
import { selectPosts, toDate } from '../posts/post-query.js';

export const DUPLICATE_REQUEST_MESSAGE = 'You have already sent an exchange request for this post.';
/** The hourly limit's 429 message; the Send Exchange Request dialog shows it as it is. */
export const REQUEST_LIMIT_MESSAGE = (max: number, wait: string) =>
  `You can send up to ${max} exchange requests an hour. Please try again in ${wait}.`;

/**
 * Sends an exchange request (spec section 7): a pending request, the conversation between the
 * two members for that post (reused when it exists) and a first text message (the note, or
 * 'Hi! I sent you an exchange request.'), all in one transaction. The post must be visible to
 * the requester and not their own; an open (pending or accepted) request on it is a 409.
 */
export async function sendExchangeRequest(
  db: Database,
  viewerId: string,
  input: { postId: string; message: string | null },
  limits: Pick<WriteLimits, 'requestsPerHour'>,
): Promise<ExchangeRequestItem> {
  const [post] = await db.select({ userId: posts.userId }).from(posts).where(eq(posts.id, input.postId));
  if (!post) throw notFound(REQUEST_MESSAGES.postId);
  if (post.userId === viewerId) throw forbidden('You cannot send an exchange request for your own post.');
  const [visible] = await selectPosts(db, { viewerId, scope: 'community', where: [sql`p.id = ${input.postId}`], limit: 1 });
  if (!visible) throw notFound(REQUEST_MESSAGES.postId);
  await enforceHourlyLimit(db, `exchange-request:${viewerId}`, limits.requestsPerHour, (wait) =>
    REQUEST_LIMIT_MESSAGE(limits.requestsPerHour, wait),
  );

  try {
    return await db.transaction(async (tx) => {
      const [open] = await tx
        .select({ id: exchangeRequests.id })
        .from(exchangeRequests)
        .where(
          and(
            eq(exchangeRequests.requesterId, viewerId),
            eq(exchangeRequests.postId, input.postId),
            inArray(exchangeRequests.status, ['pending', 'accepted']),
          ),
        );
      if (open) throw new AppError('CONFLICT', DUPLICATE_REQUEST_MESSAGE);
      const [request] = await tx
        .insert(exchangeRequests)
        .values({ requesterId: viewerId, postId: input.postId, message: input.message, status: 'pending' })
        .returning();
      if (!request) throw new Error('insert into exchange_requests returned no row');
      const [conversation] = await queryRows<{ id: string }>(
        tx,
        sql`WITH inserted AS (
              INSERT INTO conversations (participant_1_id, participant_2_id, post_id)
              VALUES (${viewerId}, ${post.userId}, ${input.postId})
              ON CONFLICT DO NOTHING
              RETURNING id)
            SELECT id FROM inserted
            UNION ALL
            SELECT id FROM conversations
            WHERE least(participant_1_id, participant_2_id) = least(${viewerId}::text, ${post.userId}::text)
              AND greatest(participant_1_id, participant_2_id) = greatest(${viewerId}::text, ${post.userId}::text)
              AND coalesce(post_id::text, '') = ${input.postId}
            LIMIT 1`,
      );
      if (!conversation) throw new Error('no conversation after upsert');
      await tx.insert(messages).values({
        conversationId: conversation.id,
        senderId: viewerId,
        content: input.message ?? REQUEST_MESSAGES.defaultFirstMessage,
        messageType: 'text',
      });
      await tx.execute(sql`UPDATE conversations SET updated_at = now() WHERE id = ${conversation.id}`);
      return {
        id: request.id,
        postId: request.postId,
        requesterId: request.requesterId,
        status: request.status,
        message: request.message,
        conversationId: conversation.id,
        createdAt: toDate(request.createdAt).toISOString(),
      };
    });
  } catch (err) {
    // Two sends at once: the partial unique index lets one through; the other is the same 409.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', DUPLICATE_REQUEST_MESSAGE);
    throw err;
  }
}

/** Ids of the posts the viewer has sent a request on (any status): 'Connected' on cards. */
export async function sentPostIds(db: Database, viewerId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ postId: exchangeRequests.postId })
    .from(exchangeRequests)
    .where(eq(exchangeRequests.requesterId, viewerId));
  return rows.map((r) => r.postId);
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth += 1) {
    if ('code' in e && e.code === '23505') return true;
    e = 'cause' in e ? e.cause : undefined;
  }
  return false;
}
