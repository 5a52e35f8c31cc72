import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import type { RealtimeEvent } from '../../shared/schemas/messages.js';
import { DATABASE_CHANNELS } from './hub.js';

/** What travels on the member-event channel: the event and the members whose tabs get it. */
export interface MemberEventEnvelope {
  userIds: string[];
  event: RealtimeEvent;
}

/** NOTIFY payloads must stay under 8,000 bytes; a longer message travels without its text. */
const PAYLOAD_MAX_BYTES = 7_500;

type Executor = Pick<Database, 'execute'>;

/**
 * Sends an event to the open tabs of `userIds` on every instance, through the realtime hub's
 * database channel. Called inside the event's transaction: PostgreSQL (and PGlite) deliver a
 * NOTIFY only when that transaction commits, so a tab never hears of a message that was rolled
 * back. An event too big for a NOTIFY goes out slimmed (the message without its text); the
 * client then refetches the conversation.
 */
export async function publishToMembers(tx: Executor, userIds: string[], event: RealtimeEvent): Promise<void> {
  if (userIds.length === 0) return;
  await tx.execute(sql`SELECT pg_notify(${DATABASE_CHANNELS.memberEvent}, ${memberEventPayload(userIds, event)})`);
}

/**
 * Several events in one statement (the batched message writer): the same as calling
 * `publishToMembers` for each, in order, with one round trip.
 */
export async function publishManyToMembers(tx: Executor, events: readonly MemberEventEnvelope[]): Promise<void> {
  const publish = publishManySql(events);
  if (publish) await tx.execute(publish);
}

/**
 * `publishManyToMembers`' statement, to run after a write of the same transaction in one round
 * trip (`WITH written AS (...) <this>`); null when no event has a member to go to.
 */
export function publishManySql(events: readonly MemberEventEnvelope[]): SQL | null {
  const payloads = events.filter((e) => e.userIds.length > 0).map((e) => memberEventPayload(e.userIds, e.event));
  if (payloads.length === 0) return null;
  return sql`SELECT pg_notify(${DATABASE_CHANNELS.memberEvent}, p.payload)
    FROM jsonb_array_elements_text(${JSON.stringify(payloads)}::jsonb) WITH ORDINALITY AS p(payload, ord)
    ORDER BY p.ord`;
}

/** The NOTIFY payload for an event; one too big for a NOTIFY goes out slimmed. */
function memberEventPayload(userIds: string[], event: RealtimeEvent): string {
  const members = [...new Set(userIds)];
  const payload = JSON.stringify({ userIds: members, event } satisfies MemberEventEnvelope);
  if (Buffer.byteLength(payload) > PAYLOAD_MAX_BYTES && event.type === 'message.created') {
    const slim: RealtimeEvent = { type: 'conversation.updated', conversationId: event.message.conversationId };
    return JSON.stringify({ userIds: members, event: slim } satisfies MemberEventEnvelope);
  }
  return payload;
}
