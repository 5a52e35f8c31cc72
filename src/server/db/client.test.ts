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
