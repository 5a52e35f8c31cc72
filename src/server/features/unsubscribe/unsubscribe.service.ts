import { sql } from 'drizzle-orm';
import {
  UNSUBSCRIBE_MESSAGES,
  UNSUBSCRIBE_SETTING_LABELS,
  UnsubscribeRequest,
  type UnsubscribeResponse,
} from '../../../shared/schemas/unsubscribe.js';
import { queryRows, type Database } from '../../db/client.js';
import { validationFailed } from '../../errors.js';
import { readUnsubscribeToken } from '../mail/unsubscribe-token.js';

const invalidToken = () => validationFailed({ token: UNSUBSCRIBE_MESSAGES.token }, UNSUBSCRIBE_MESSAGES.token);

/** The settings column each token setting turns off (a fixed list: nothing from the token reaches SQL but the user id). */
const COLUMNS = {
  emailNotifications: sql`email_notifications`,
  newMessages: sql`new_messages`,
  weeklyDigest: sql`weekly_digest`,
} as const;

/**
 * Turns off the one setting the token names, for the member it names, without a session.
 * Anything but a token this server signed for unsubscribing (malformed, another member's
 * payload with this signature, another purpose) is a 400 on `token` and changes nothing; so is
 * a token of a member who has since deleted their account. Doing it twice is fine.
 */
export async function unsubscribe(db: Database, secret: string, token: unknown): Promise<UnsubscribeResponse> {
  const parsed = UnsubscribeRequest.safeParse({ token });
  if (!parsed.success) throw invalidToken();
  const claim = readUnsubscribeToken(secret, parsed.data.token);
  if (!claim) throw invalidToken();
  const column = COLUMNS[claim.setting];
  // The member's row, created with this one setting off when they never saved settings.
  const updated = await queryRows<{ user_id: string }>(
    db,
    sql`INSERT INTO member_settings (user_id, ${column})
        SELECT id, false FROM users WHERE id = ${claim.userId}
        ON CONFLICT (user_id) DO UPDATE SET ${column} = false, updated_at = now()
        RETURNING user_id`,
  );
  if (updated.length === 0) throw invalidToken();
  return { setting: claim.setting, label: UNSUBSCRIBE_SETTING_LABELS[claim.setting] };
}
