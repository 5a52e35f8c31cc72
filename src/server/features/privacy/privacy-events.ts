import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { DATABASE_CHANNELS } from '../../realtime/hub.js';

type Executor = Pick<Database, 'execute'>;

/** The content-changed payload a settings change sends (the table name, as the triggers do). */
export const SETTINGS_CHANGED_PAYLOAD = 'member_settings';

/**
 * After a member's privacy settings changed (Profile Visibility, Location Sharing, AI Match
 * Suggestions): every instance drops its cached feed pages, so no page computed before the
 * change keeps showing their posts, their location factor or their matches.
 *
 * Call it inside the transaction that writes `member_settings`: the NOTIFY is delivered when that
 * transaction commits (and never when it rolls back). The table's statement trigger (migration
 * 0003) already notifies the same channel for every write, so this is the explicit, tested
 * guarantee for the settings service rather than a second mechanism: identical notifications in
 * one transaction are folded into one, so calling it costs nothing extra. The instance that
 * answers the PATCH also empties its own cache before replying (the app's onSend hook).
 */
export async function settingsChanged(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${DATABASE_CHANNELS.contentChanged}, ${SETTINGS_CHANGED_PAYLOAD})`);
}
