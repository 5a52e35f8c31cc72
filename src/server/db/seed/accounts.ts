import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { Database } from '../client.js';

/**
 * Gives seeded members a password so they can sign in: a better-auth credential account
 * (providerId 'credential', accountId = user id) holding the same argon2 hash the server makes.
 * One hash serves every member (argon2 is slow on purpose; the salt is inside the hash).
 */
export async function addPasswords(db: Database, userIds: string[], password: string): Promise<void> {
  if (userIds.length === 0) return;
  const passwordHash = await hash(password);
  const rows = userIds.map((id) => ({ id: randomUUID(), user_id: id }));
  await db.execute(sql`INSERT INTO accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
    SELECT r.id, r.user_id, 'credential', r.user_id, ${passwordHash}, now(), now()
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(id text, user_id text)`);
}
