import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { MESSAGE_MESSAGES, type ExchangeProposal, type MessageItem } from '../../../shared/schemas/messages.js';
import { SAFETY_MESSAGES } from '../../../shared/schemas/safety.js';
import { queryRows, type Database } from '../../db/client.js';
import { forbidden, notFound, RateLimitedError } from '../../errors.js';
import { countAttemptsStatement, retryAfterSeconds } from '../../lib/rate-limit.js';
import { publishManyToMembers } from '../../realtime/member-events.js';
import { notify } from '../notifications/notify.js';
import { MEMBER_NAME_SQL, UNNAMED_MEMBER } from '../profiles/member-name.js';
import { MESSAGE_COLUMNS, toMessageItem, type MessageRow } from './message-rows.js';

/** One send waiting for the writer. */
export interface SendJob {
  viewerId: string;
  conversationId: string;
  content: string;
  proposal: ExchangeProposal | null;
  clientId: string | null;
  /** The sender's limit per minute (0 = none). */
  perMinute: number;
}

interface QueuedJob extends SendJob {
  resolve: (message: MessageItem) => void;
  reject: (error: unknown) => void;
}

/** A job that passed the membership and block check, with the member it goes to. */
interface CheckedJob extends QueuedJob {
  recipientId: string;
  /** The recipient had an unread 'New message' notification for the conversation when checked. */
  recipientUnread: boolean;
}

/** A send written, with its stored message. */
interface Written {
  job: CheckedJob;
  message: MessageItem;
}

/** Most sends written in one transaction. */
const MAX_BATCH = 200;
/**
 * Most batches written at once. With one, a send that arrived while a batch was being written
 * waited for it and then for its own: under the mixed load a chat message took twice as long
 * as the other writes (bench/RESULTS.md).
 */
const MAX_IN_FLIGHT = 3;

/** How much of a message the 'New message' notification quotes. */
const NOTIFICATION_QUOTE_CHARS = 80;

/**
 * Writes chat messages in batches ("group commit"). The sends that arrive in one turn of the
 * event loop go out together, and each batch costs a fixed handful of statements however
 * many messages it holds: one statement for the membership and block check and the senders'
 * rate limits (and whether each recipient has an unread 'New message' notification), then a
 * statement that locks and touches the conversations, inserts the messages and finds the
 * recipients without one, and a second that publishes their events (the notifications, when
 * some are due, add two): in one transaction when a notification may be due, else each on its
 * own (`insert`).
 * When nobody else is sending, a batch is one message and a send costs what it always did;
 * under load, the database's round trips and commits no longer grow with the message rate
 * (issue 12: 500 messages a second).
 *
 * Up to MAX_IN_FLIGHT batches are written at once, so a send need not wait for a batch that
 * holds none of its own. A batch never takes a send of a conversation or a sender that a batch
 * in flight holds: that send waits for it, so a conversation's messages keep the order they
 * were sent in and a sender's limit is counted as one by one.
 *
 * A batch whose transaction fails is written again one message at a time, so one bad send
 * (a conversation deleted a moment ago) fails alone.
 */
export class MessageWriter {
  private readonly queue: QueuedJob[] = [];
  /** The conversations and senders of the batches being written. */
  private readonly held = new Set<string>();
  private inFlight = 0;
  private scheduled = false;

  /**
   * Told when messages were stored but their events or notification could not be written after
   * (`insert`'s committed path): the sends are answered, the recipients' open tabs miss them until
   * they load the conversation again. The app logs it (app.ts).
   */
  onUnannounced: (error: unknown) => void = () => undefined;

  constructor(private readonly db: Database) {}

  send(job: SendJob): Promise<MessageItem> {
    return new Promise<MessageItem>((resolve, reject) => {
      this.queue.push({ ...job, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // The sends that arrive in the same turn of the event loop join one batch.
        setImmediate(() => {
          this.scheduled = false;
          this.startBatches();
        });
      }
    });
  }

  private startBatches(): void {
    while (this.inFlight < MAX_IN_FLIGHT) {
      const batch = this.takeBatch();
      if (batch.length === 0) return;
      const keys = batch.flatMap(heldKeys);
      for (const key of keys) this.held.add(key);
      this.inFlight += 1;
      void this.writeBatch(batch).finally(() => {
        this.inFlight -= 1;
        for (const key of keys) this.held.delete(key);
        this.startBatches();
      });
    }
  }

  /**
   * The queue's first sends (at most MAX_BATCH) whose conversation and sender no batch in flight
   * holds, and that no send left waiting before them shares one with (or they would overtake it).
   */
  private takeBatch(): QueuedJob[] {
    const batch: QueuedJob[] = [];
    const rest: QueuedJob[] = [];
    const waiting = new Set<string>();
    for (const job of this.queue) {
      const keys = heldKeys(job);
      if (batch.length < MAX_BATCH && !keys.some((key) => this.held.has(key) || waiting.has(key))) {
        batch.push(job);
      } else {
        rest.push(job);
        for (const key of keys) waiting.add(key);
      }
    }
    this.queue.splice(0, this.queue.length, ...rest);
    return batch;
  }

  /** Settles every job of the batch; never throws. */
  private async writeBatch(batch: QueuedJob[]): Promise<void> {
    let checked: CheckedJob[];
    try {
      checked = await this.check(batch);
    } catch (error) {
      for (const job of batch) job.reject(error);
      return;
    }
    if (checked.length === 0) return;
    const failed = await this.write(checked);
    if (!failed) return;
    if (checked.length === 1) {
      for (const job of checked) job.reject(failed.error);
      return;
    }
    // One at a time, so only the send that cannot be written fails (its limit is already counted).
    for (const job of checked) {
      const alone = await this.write([job]);
      if (alone) job.reject(alone.error);
    }
  }

  /** Writes the jobs and answers them, or says why nothing was stored (the jobs are then not answered). */
  private async write(jobs: CheckedJob[]): Promise<{ error: unknown } | null> {
    try {
      for (const { job, message } of await this.insert(jobs)) job.resolve(message);
      return null;
    } catch (error) {
      if (!(error instanceof StoredButNotAnnounced)) return { error };
      for (const { job, message } of error.written) job.resolve(message);
      this.onUnannounced(error.cause);
      return null;
    }
  }

  /**
   * One statement for the whole batch: the conversation must be the sender's (else 404), the
   * two must not block each other (else 403), and each send that passes counts against its
   * sender's per-minute limit (the k-th of a sender's n sends in the batch is allowed when the
   * window's count - n + k is within the limit, exactly as the same sends one by one; else 429).
   */
  private async check(batch: QueuedJob[]): Promise<CheckedJob[]> {
    const now = Date.now();
    const input = batch.map((job, idx) => ({ idx, viewer: job.viewerId, conv: job.conversationId, limited: job.perMinute > 0 }));
    const rows = await queryRows<{
      idx: number;
      participant_1_id: string;
      participant_2_id: string;
      blocked: boolean;
      recipient_unread: boolean;
      attempts: number | null;
      count: number | null;
      last_request: string | number | null;
    }>(
      this.db,
      sql`WITH i AS (
            SELECT * FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS i(idx int, viewer text, conv uuid, limited boolean)
          ),
          c AS (
            SELECT i.idx, i.viewer, i.limited, c.participant_1_id, c.participant_2_id,
                   EXISTS (SELECT 1 FROM member_blocks b
                           WHERE (b.blocker_id = c.participant_1_id AND b.blocked_id = c.participant_2_id)
                              OR (b.blocker_id = c.participant_2_id AND b.blocked_id = c.participant_1_id)) AS blocked,
                   EXISTS (SELECT 1 FROM notifications n
                           WHERE n.user_id = CASE WHEN c.participant_1_id = i.viewer THEN c.participant_2_id ELSE c.participant_1_id END
                             AND n.type = 'message' AND n.is_read = false AND n.data->>'conversationId' = i.conv::text) AS recipient_unread
            FROM i JOIN conversations c ON c.id = i.conv AND (c.participant_1_id = i.viewer OR c.participant_2_id = i.viewer)
          ),
          a AS (SELECT 'message:' || viewer AS key, count(*)::int AS n FROM c WHERE limited AND NOT blocked GROUP BY viewer),
          counted AS (${countAttemptsStatement(sql`a`, 60, now)})
          SELECT c.idx, c.participant_1_id, c.participant_2_id, c.blocked, c.recipient_unread, a.n AS attempts, counted.count, counted.last_request
          FROM c LEFT JOIN a ON a.key = 'message:' || c.viewer AND c.limited AND NOT c.blocked
                 LEFT JOIN counted ON counted.key = a.key`,
      // Named: one text for any batch (its sends are one JSON value), so PostgreSQL parses and
      // plans it once per connection; unnamed, parsing and planning took ~0.6 ms a batch, three
      // times its run (log_min_duration_statement = 0 under the mixed load, bench/RESULTS.md).
      'message_check',
    );
    const found = new Map(rows.map((row) => [Number(row.idx), row]));
    const seen = new Map<string, number>();
    const checked: CheckedJob[] = [];
    batch.forEach((job, idx) => {
      const row = found.get(idx);
      if (!row) return job.reject(notFound(MESSAGE_MESSAGES.conversationNotFound));
      if (row.blocked) return job.reject(forbidden(SAFETY_MESSAGES.blocked));
      if (job.perMinute > 0 && row.count != null) {
        const nth = (seen.get(job.viewerId) ?? 0) + 1;
        seen.set(job.viewerId, nth);
        if (Number(row.count) - Number(row.attempts ?? 0) + nth > job.perMinute) {
          return job.reject(new RateLimitedError(MESSAGE_MESSAGES.rateLimited, retryAfterSeconds(Number(row.last_request ?? now), 60, now)));
        }
      }
      const recipientId = row.participant_1_id === job.viewerId ? row.participant_2_id : row.participant_1_id;
      checked.push({ ...job, recipientId, recipientUnread: row.recipient_unread });
    });
    return checked;
  }

  /**
   * Writes the batch: one statement locks the conversations in id order (two instances' batches
   * cannot deadlock), touches their activity time, inserts the messages (one microsecond apart,
   * so a conversation keeps the order they were sent in) and says which recipients have no unread
   * 'message' notification for the conversation; then 'message.created' is published to both
   * members of each, and the notifications that look due are made (asked again first, under the
   * conversations' locks: that statement saw the database as it was before it took them). The
   * lock makes concurrent batches queue, so the second sees the first's notification: at most
   * one unread per conversation.
   *
   * When a recipient may be due a notification (none unread at the check), all of it is one
   * transaction. Otherwise (a conversation going back and forth while the other has not looked:
   * nearly every send under load) the messages' statement commits alone and the events follow:
   * BEGIN and COMMIT were two of the batch's five round trips, and under load each waits for a
   * turn of the event loop (bench/RESULTS.md). A notification found due after all (read
   * meanwhile) is then made in a transaction of its own that takes the locks first.
   */
  private async insert(jobs: CheckedJob[]): Promise<Written[]> {
    if (!jobs.every((job) => job.recipientUnread)) {
      return this.db.transaction(async (tx) => {
        const { written, looksDue } = await this.writeMessages(tx, jobs);
        await publishManyToMembers(tx, messageEvents(written));
        if (looksDue.length > 0) await this.notifyRecipients(tx, looksDue);
        return written;
      });
    }
    const { written, looksDue } = await this.writeMessages(this.db, jobs);
    try {
      await publishManyToMembers(this.db, messageEvents(written));
      if (looksDue.length > 0) {
        await this.db.transaction(async (tx) => {
          const ids = [...new Set(looksDue.map(({ job }) => job.conversationId))].sort();
          await tx.execute(sql`SELECT c.id FROM conversations c WHERE c.id IN (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}) ORDER BY c.id FOR UPDATE`);
          await this.notifyRecipients(tx as unknown as Database, looksDue);
        });
      }
    } catch (error) {
      // The messages are stored: failing the sends now would have them written again.
      throw new StoredButNotAnnounced(written, error);
    }
    return written;
  }

  /** The batch's statement: the messages written, and those whose recipient looked due a notification. */
  private async writeMessages(executor: Database, jobs: CheckedJob[]): Promise<{ written: Written[]; looksDue: Written[] }> {
    const input = jobs.map((job, ord) => ({
      ord,
      id: randomUUID(),
      conv: job.conversationId,
      sender: job.viewerId,
      recipient: job.recipientId,
      content: job.content,
      type: job.proposal ? 'exchange_proposal' : 'text',
      proposal: job.proposal,
    }));
    const rows = await queryRows<MessageRow & { notification_due: boolean }>(
      executor,
      sql`WITH input AS (
            SELECT * FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
              AS i(ord int, id uuid, conv uuid, sender text, recipient text, content text, type text, proposal jsonb)
          ),
          locked AS (SELECT c.id FROM conversations c WHERE c.id IN (SELECT conv FROM input) ORDER BY c.id FOR UPDATE),
          touched AS (UPDATE conversations c SET updated_at = now() FROM locked WHERE c.id = locked.id),
          inserted AS (
            INSERT INTO messages AS m (id, conversation_id, sender_id, content, message_type, exchange_proposal, created_at)
            SELECT id, conv, sender, content, type, proposal, now() + ord * interval '1 microsecond' FROM input ORDER BY ord
            RETURNING ${MESSAGE_COLUMNS}
          )
          SELECT inserted.*,
                 NOT EXISTS (SELECT 1 FROM notifications n
                             WHERE n.user_id = input.recipient AND n.type = 'message' AND n.is_read = false
                               AND n.data->>'conversationId' = input.conv::text) AS notification_due
          FROM inserted JOIN input ON input.id = inserted.id
          ORDER BY input.ord`,
      // Named as the check is (outside a transaction only: `queryRows`); ~0.45 ms a batch unnamed.
      'message_write',
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const written = jobs.map((job, i): Written => {
      const stored = byId.get(input[i]?.id ?? '');
      if (!stored) throw new Error('insert into messages returned no row');
      return { job, message: toMessageItem(stored, job.clientId) };
    });
    return { written, looksDue: written.filter(({ message }) => byId.get(message.id)?.notification_due) };
  }

  /** The 'New message' notification of each (conversation, recipient) of these sends that has none unread. */
  private async notifyRecipients(tx: Database, written: Written[]): Promise<void> {
    const first = new Map<string, Written>();
    for (const w of written) {
      const key = `${w.job.conversationId}:${w.job.recipientId}`;
      if (!first.has(key)) first.set(key, w);
    }
    const candidates = [...first.values()];
    const input = candidates.map(({ job }, i) => ({ i, conv: job.conversationId, recipient: job.recipientId, sender: job.viewerId }));
    const due = await queryRows<{ i: number; sender_name: string | null }>(
      tx,
      sql`SELECT x.i, ${MEMBER_NAME_SQL} AS sender_name
          FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS x(i int, conv text, recipient text, sender text)
          JOIN users u ON u.id = x.sender
          LEFT JOIN profiles pr ON pr.id = u.id
          WHERE NOT EXISTS (SELECT 1 FROM notifications n
                            WHERE n.user_id = x.recipient AND n.type = 'message' AND n.is_read = false
                              AND n.data->>'conversationId' = x.conv)
          ORDER BY x.i`,
    );
    for (const row of due) {
      const candidate = candidates[Number(row.i)];
      if (!candidate) continue;
      const { job, message } = candidate;
      const quote = [...message.content].slice(0, NOTIFICATION_QUOTE_CHARS).join('');
      await notify(tx, {
        userId: job.recipientId,
        type: 'message',
        title: 'New message',
        message: `${row.sender_name || UNNAMED_MEMBER}: ${quote}`,
        data: { conversationId: job.conversationId, actorId: job.viewerId },
      });
    }
  }
}

/** Messages stored (committed) whose events or notification could not be written after. */
class StoredButNotAnnounced extends Error {
  constructor(
    readonly written: Written[],
    override readonly cause: unknown,
  ) {
    super('messages stored, their events not published');
  }
}

/** Each written message's 'message.created' event, to both members of its conversation. */
function messageEvents(written: Written[]) {
  return written.map(({ job, message }) => ({ userIds: [job.viewerId, job.recipientId], event: { type: 'message.created' as const, message } }));
}

/** What a batch in flight holds for a send: its conversation and its sender. */
function heldKeys(job: SendJob): string[] {
  return [`conversation:${job.conversationId}`, `sender:${job.viewerId}`];
}

const writers = new WeakMap<Database, MessageWriter>();

/** The writer of a database (one per server instance and database). */
export function messageWriter(db: Database): MessageWriter {
  let writer = writers.get(db);
  if (!writer) {
    writer = new MessageWriter(db);
    writers.set(db, writer);
  }
  return writer;
}
