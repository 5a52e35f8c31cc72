import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';

/**
 * The name members see for someone, in SQL over `users u LEFT JOIN profiles pr ON pr.id = u.id`:
 * their profile's display name, else their account name.
 */
export const MEMBER_NAME_SQL = sql`coalesce(pr.display_name, u.name)`;

/** What a member without any name is called in notifications and e-mails. */
export const UNNAMED_MEMBER = 'A member';

/** The name members see for `userId` (MEMBER_NAME_SQL), or UNNAMED_MEMBER. */
export async function memberName(db: Pick<Database, 'execute'>, userId: string): Promise<string> {
  const [row] = await queryRows<{ name: string | null }>(
    db as Database,
    sql`SELECT ${MEMBER_NAME_SQL} AS name FROM users u LEFT JOIN profiles pr ON pr.id = u.id WHERE u.id = ${userId}`,
  );
  return row?.name || UNNAMED_MEMBER;
}
