import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from './client.js';

describe('the embedded database', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(async () => {
    await handle.close();
  });

  it('lets the event loop take in I/O between statements waiting their turn', async () => {
    // Many statements at once, as under load, and something else for the event loop to do: it
    // must get its turn before the last statement is answered (PGlite's answers used to start the
    // next waiting statement at once, and requests waited unread in their sockets).
    const done: string[] = [];
    const statements = Array.from({ length: 30 }, (_, i) =>
      queryRows(handle.db, sql`SELECT ${i}::int AS n`).then(() => void done.push(`statement ${i}`)),
    );
    const timer = new Promise<void>((resolve) => setTimeout(() => resolve(void done.push('timer')), 0));
    await Promise.all([...statements, timer]);
    expect(done.indexOf('timer')).toBeLessThan(done.length - 1);
    expect(done.filter((d) => d.startsWith('statement'))).toHaveLength(30);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: 'memory://' });
  });
  afterAll(async () => {
    await handle.close();
  });

  it('prepares a named hot statement once per connection, and only a bounded number of its shapes', async () => {
    const prepared = await handle.db.transaction(async (tx) => {
      const answers: number[] = [];
      // The same shape twice (the second runs by name), then 20 shapes under one label.
      for (const n of [1, 2]) answers.push(...(await queryRows<{ n: number }>(tx, sql`SELECT ${n}::int AS n`, 'probe_same')).map((r) => r.n));
      for (let i = 0; i < 20; i += 1) {
        const rows = await queryRows<{ n: number }>(tx, sql`SELECT ${i}::int AS n${sql.raw(String(i))}`, 'probe_shapes');
        answers.push(rows.length);
      }
      expect(answers).toEqual([1, 2, ...Array<number>(20).fill(1)]);
      return queryRows<{ name: string }>(tx, sql`SELECT name FROM pg_prepared_statements WHERE name LIKE 'probe_%'`);
    });
    expect(prepared.filter((p) => p.name.startsWith('probe_same_'))).toHaveLength(1);
    expect(prepared.filter((p) => p.name.startsWith('probe_shapes_'))).toHaveLength(16);
  });
});
