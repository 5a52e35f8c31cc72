import pg from 'pg';
import { startMemoryDatabasesFrom } from '../db/client.js';

// The migrated in-memory database global-setup.ts made for this run.
startMemoryDatabasesFrom(process.env.PGLITE_MEMORY_TEMPLATE ?? null);

/**
 * Vitest setup file: every test worker gets its own PostgreSQL database next to the one in
 * TEST_DATABASE_URL (`<name>_w<pool id>`), so workers run side by side without reading each
 * other's rows (the mail outbox, the digest, search counts). Files within one worker still
 * share theirs, as they always did.
 */
const base = process.env.TEST_DATABASE_URL;
const poolId = process.env.VITEST_POOL_ID;

if (base && poolId && !process.env.TEST_DATABASE_BASE_URL) {
  const url = new URL(base);
  const name = `${url.pathname.slice(1)}_w${poolId}`;
  if (!/^[A-Za-z0-9_]{1,63}$/.test(name)) throw new Error(`TEST_DATABASE_URL names an unusable database: ${name}`);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      try {
        await admin.query(`CREATE DATABASE "${name}"`);
      } catch (error) {
        // Two files of one worker never start at once, but a rerun may find it half-made.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    }
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  process.env.TEST_DATABASE_BASE_URL = base;
  process.env.TEST_DATABASE_URL = url.toString();
}
