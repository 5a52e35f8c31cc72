import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { dumpMigratedMemoryDatabase } from '../db/client.js';

/**
 * Vitest global setup: one migrated in-memory database for every test server to start from
 * (its file in PGLITE_MEMORY_TEMPLATE, which the workers inherit; worker-database.ts hands it to
 * db/client.ts), and after
 * the run, drops the per-worker PostgreSQL databases (see worker-database.ts).
 */
export default async function setup(): Promise<() => Promise<void>> {
  const folder = mkdtempSync(path.join(tmpdir(), 'skillswap-pglite-template-'));
  const template = path.join(folder, 'migrated.tar');
  writeFileSync(template, Buffer.from(await (await dumpMigratedMemoryDatabase()).arrayBuffer()));
  process.env.PGLITE_MEMORY_TEMPLATE = template;
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    const base = process.env.TEST_DATABASE_URL;
    if (!base) return;
    const prefix = `${new URL(base).pathname.slice(1)}_w`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [prefix]);
      for (const { datname } of rows) {
        if (/^[A-Za-z0-9_]+$/.test(datname)) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      }
    } finally {
      await admin.end();
    }
  };
}
