import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feed } from '../features/posts/feed.service.js';
import { openDatabase, queryRows, type DatabaseHandle } from './client.js';
import { analyzeStaleTables } from './planner-statistics.js';
import { LIST_READ_PREFIX, MAX_PREPARED_STATEMENTS } from './pglite-statements.js';

describe('the embedded database', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(async () => {
    await handle.close();
  });

  it('analyzes the tables written to since their planner statistics (it has no autovacuum), and only those', async () => {
    const stats = () =>
      queryRows<{ analyzed: boolean; reltuples: number }>(
        handle.db,
        sql`SELECT s.last_analyze IS NOT NULL AS analyzed, c.reltuples::float8 AS reltuples
            FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid WHERE s.relname = 'rate_limits'`,
      );
    await analyzeStaleTables(handle.db);
    await handle.db.execute(
      sql`INSERT INTO rate_limits (id, key, count, last_request) SELECT 'stats-' || n, 'stats-' || n, 1, 0 FROM generate_series(1, 300) AS n`,
    );
    expect(await analyzeStaleTables(handle.db)).toEqual(['rate_limits']);
    expect(await stats()).toEqual([{ analyzed: true, reltuples: 300 }]);
    // A few more rows are not enough (50 plus a tenth of the table).
    await handle.db.execute(sql`INSERT INTO rate_limits (id, key, count, last_request) SELECT 'more-' || n, 'more-' || n, 1, 0 FROM generate_series(1, 60) AS n`);
    expect(await analyzeStaleTables(handle.db)).toEqual([]);
    await handle.db.execute(sql`DELETE FROM rate_limits WHERE key LIKE 'stats-%' OR key LIKE 'more-%'`);
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

  it('answers a list read as one JSON array: the same rows, in the order asked for, as JSON has the values', async () => {
    const list = sql`SELECT n, 'post ' || n AS title, n % 2 = 0 AS even, to_json(ARRAY['a', n::text]) AS tags,
        NULL::text AS none, count(*) OVER ()::int AS total, (10 - n) AS ord
      FROM generate_series(1, 5) AS n ORDER BY n`;
    const plain = await queryRows<Record<string, unknown>>(handle.db, list);
    const many = await queryRows<Record<string, unknown>>(handle.db, list, undefined, { orderBy: 'ord' });
    expect(many).toEqual([...plain].reverse());
    expect(many[0]).toEqual({ n: 5, title: 'post 5', even: false, tags: ['a', '5'], none: null, total: 5, ord: 5 });
    expect(await queryRows(handle.db, sql`SELECT 1 AS n WHERE false`, undefined, {})).toEqual([]);
    // Timestamps come as ISO text (the post lists format theirs in the statement).
    const [when] = await queryRows<{ at: string }>(handle.db, sql`SELECT timestamptz '2026-11-27 06:00:00.123+00' AS at`, undefined, {});
    expect(new Date(when?.at ?? '').toISOString()).toBe('2026-11-27T06:00:00.123Z');
  });

  it('runs a named list read the same as an unnamed one, again and again, and after its own error', async () => {
    const list = (n: number, divisor: number) =>
      sql`SELECT g AS n, ${`row ${n}`}::text AS label, ${new Date('2026-11-27T06:00:00Z')}::timestamptz < now() AS past, 10 / ${divisor}::int AS q
        FROM generate_series(1, ${n}::int) AS g`;
    const plain = await queryRows(handle.db, list(3, 2), undefined, { orderBy: 'n' });
    for (let run = 0; run < 3; run += 1) expect(await queryRows(handle.db, list(3, 2), 'probe_named', { orderBy: 'n' })).toEqual(plain);
    expect(plain).toEqual([1, 2, 3].map((n) => ({ n, label: 'row 3', past: true, q: 5 })));
    await expect(queryRows(handle.db, list(2, 0), 'probe_named', { orderBy: 'n' })).rejects.toMatchObject({ code: '22012' });
    expect(await queryRows(handle.db, list(1, 5), 'probe_named', { orderBy: 'n' })).toEqual([{ n: 1, label: 'row 1', past: true, q: 2 }]);
    // One statement, prepared once (its parameters change, its text does not).
    const named = await queryRows<{ name: string }>(handle.db, sql`SELECT name FROM pg_prepared_statements WHERE name LIKE 'pglite_probe_named%'`);
    expect(named).toHaveLength(1);
  });

  it("names only the pages the app asks for: odd limits and offsets take none of a label's names", async () => {
    const pages: [number, number][] = [[50, 0], [50, 50], [7, 0], [50, 13], [50, 5000]];
    for (const [limit, offset] of pages) await feed(handle.db, 'probe-viewer', { mode: 'recent', limit, offset });
    const named = await queryRows<{ statement: string }>(handle.db, sql`SELECT statement FROM pg_prepared_statements WHERE name LIKE 'pglite_feed_page_%'`);
    const shapes = named.map((n) => /LIMIT (\d+) OFFSET (\d+)\)? AS page/.exec(n.statement)?.slice(1).join(' '));
    expect(shapes).toContain('50 0');
    expect(shapes.filter((shape) => shape !== '50 0' && shape !== '50 50')).toEqual([]);
  });

  it("never runs a named list read inside another caller's transaction", async () => {
    await queryRows(handle.db, sql`CREATE TABLE probe_tx (id int)`);
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const rolledBack = handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO probe_tx VALUES (1)`);
        inserted();
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    await insertedYet;
    // Asked while the transaction holds its insert: it waits its turn and sees nothing.
    const counted = await queryRows<{ count: number }>(handle.db, sql`SELECT count(*)::int AS count FROM probe_tx`, 'probe_tx_count', {});
    expect(await rolledBack).toBe('rolled back');
    expect(counted).toEqual([{ count: 0 }]);
  });

  it("runs reads and writes as named statements, parsed once, answering as PGlite's query() does", async () => {
    const named = async (text: string) =>
      (await queryRows<{ count: number }>(handle.db, sql`SELECT count(*)::int AS count FROM pg_prepared_statements WHERE statement = ${text}`))[0]?.count;
    await queryRows(handle.db, sql`CREATE TABLE probe_named (id int PRIMARY KEY, at timestamptz, tags text[], doc jsonb, data bytea)`);
    const insert = sql`insert into probe_named (id, at, tags, doc, data) values (${1}, ${new Date('2026-11-28T06:00:00.123Z')}, ${sql.param(['a', 'b'])}, ${JSON.stringify({ k: [1] })}::jsonb, ${Buffer.from([0, 255])})`;
    await handle.db.execute(insert);
    const read = (id: number) => handle.db.execute(sql`select id, at, tags, doc, data from probe_named where id = ${id}`);
    const first = (await read(1)) as unknown as { rows: Record<string, unknown>[]; fields: { name: string }[] };
    const again = (await read(1)) as unknown as { rows: Record<string, unknown>[] };
    expect(again.rows).toEqual(first.rows);
    expect(first.fields.map((f) => f.name)).toEqual(['id', 'at', 'tags', 'doc', 'data']);
    expect(first.rows[0]).toMatchObject({ id: 1, tags: ['a', 'b'], doc: { k: [1] } });
    expect(new Date(first.rows[0]?.at as string).toISOString()).toBe('2026-11-28T06:00:00.123Z');
    expect([...(first.rows[0]?.data as Uint8Array)]).toEqual([0, 255]);
    expect(await named('select id, at, tags, doc, data from probe_named where id = $1')).toBe(1);

    // An error answers with its code, and the statement runs on after it, in and out of transactions.
    const code = await handle.db.execute(insert).then(
      () => null,
      (err: { cause?: { code?: string } }) => err.cause?.code,
    );
    expect(code).toBe('23505');
    const rolledBack = await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`update probe_named set tags = ${sql.param(['c'])} where id = ${1}`);
        await tx.execute(insert);
      })
      .then(
        () => 'committed',
        () => 'rolled back',
      );
    expect(rolledBack).toBe('rolled back');
    expect(((await read(1)) as unknown as { rows: { tags: string[] }[] }).rows[0]?.tags).toEqual(['a', 'b']);
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`update probe_named set tags = ${sql.param(['d'])} where id = ${1}`);
    });
    expect(((await read(1)) as unknown as { rows: { tags: string[] }[] }).rows[0]?.tags).toEqual(['d']);

    // Lists (`queryRows`'s many) are named only when asked; statements that are not reads or writes never.
    const list = sql`SELECT id FROM probe_named WHERE id > ${0}`;
    expect(await queryRows(handle.db, list, undefined, {})).toEqual([{ id: 1 }]);
    expect(await named(`${LIST_READ_PREFIX}), '[]'::json) AS rows FROM (SELECT id FROM probe_named WHERE id > $1) r`)).toBe(0);
    await queryRows(handle.db, sql`DROP TABLE probe_named`);
  });

  it('keeps a bounded number of named statements, closing the least recently used', async () => {
    const count = async () =>
      (await queryRows<{ count: number }>(handle.db, sql`SELECT count(*)::int AS count FROM pg_prepared_statements WHERE name LIKE 'pglite_built_%'`))[0]?.count ?? 0;
    const before = await count();
    for (let i = 0; i < MAX_PREPARED_STATEMENTS + 40; i += 1) {
      await handle.db.execute(sql`select ${sql.raw(String(i))}::int + ${1} AS n`);
    }
    expect(await count()).toBeLessThanOrEqual(MAX_PREPARED_STATEMENTS);
    expect(await count()).toBeGreaterThan(before);
    expect(((await handle.db.execute(sql`select 7::int + ${1} AS n`)) as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 8 }]);
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

  it('answers a list read as one JSON array when asked to on PostgreSQL too (onPostgres), else row by row', async () => {
    const list = sql`SELECT n, ARRAY['a', n::text] AS tags, timestamptz '2026-11-27 06:00:00.123+00' + n * interval '1 hour' AS at,
        n * 1.5::float8 AS lat FROM generate_series(1, 3) AS n ORDER BY n`;
    const plain = await queryRows<{ n: number; tags: string[]; at: string; lat: number }>(handle.db, list, undefined, {});
    const json = await queryRows<{ n: number; tags: string[]; at: string; lat: number }>(handle.db, list, undefined, { onPostgres: true });
    // Row by row, timestamps come in PostgreSQL's text format; in JSON as ISO text.
    expect(plain[0]?.at).toBe('2026-11-27 07:00:00.123+00');
    expect(json[0]?.at).toBe('2026-11-27T07:00:00.123+00:00');
    expect(json.map((r) => ({ ...r, at: new Date(r.at).toISOString() }))).toEqual(plain.map((r) => ({ ...r, at: new Date(r.at).toISOString() })));
    expect(json[2]).toMatchObject({ n: 3, tags: ['a', '3'], lat: 4.5 });
    expect(await queryRows(handle.db, sql`SELECT 1 AS n WHERE false`, undefined, { onPostgres: true })).toEqual([]);
  });

  it('opens every pooled connection at start, warm, and keeps them through a quiet spell', async () => {
    // Its connections, told from any other handle's by their application name.
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    const name = `pool_probe_${process.pid}`;
    url.searchParams.set('application_name', name);
    const probe = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', warm: true });
    try {
      const connections = async () =>
        (await queryRows<{ n: number }>(handle.db, sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = ${name}`))[0]?.n;
      expect(await connections()).toBe(10);
      // pg's pool let idle connections go after 10 s.
      await new Promise((resolve) => setTimeout(resolve, 10_500));
      expect(await connections()).toBe(10);
      expect(await queryRows<{ n: number }>(probe.db, sql`SELECT 1 AS n`)).toEqual([{ n: 1 }]);
    } finally {
      await probe.close();
    }
  }, 20_000);

  it('drops an idle pooled connection PostgreSQL ended (a restart, a dropped database) without an uncaught error, and goes on', async () => {
    // The pool hands out the connection it just took back: this is its backend, idle once answered.
    const [{ pid } = { pid: 0 }] = await queryRows<{ pid: number }>(handle.db, sql`SELECT pg_backend_pid() AS pid`);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    // The idle connection hears 57P01; without the pool's error listener that was an uncaught error.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await queryRows<{ n: number }>(handle.db, sql`SELECT 1 AS n`)).toEqual([{ n: 1 }]);
  });

  it('prepares a named hot statement once per connection, and only a bounded number of its shapes', async () => {
    // One statement at a time: the pool hands out the connection it just took back.
    const answers: number[] = [];
    // The same shape twice (the second runs by name), then 20 shapes under one label.
    for (const n of [1, 2]) answers.push(...(await queryRows<{ n: number }>(handle.db, sql`SELECT ${n}::int AS n`, 'probe_same')).map((r) => r.n));
    for (let i = 0; i < 20; i += 1) {
      const rows = await queryRows<{ n: number }>(handle.db, sql`SELECT ${i}::int AS n${sql.raw(String(i))}`, 'probe_shapes');
      answers.push(rows.length);
    }
    expect(answers).toEqual([1, 2, ...Array<number>(20).fill(1)]);
    const prepared = await queryRows<{ name: string }>(handle.db, sql`SELECT name FROM pg_prepared_statements WHERE name LIKE 'probe_%'`);
    expect(prepared.filter((p) => p.name.startsWith('probe_same_'))).toHaveLength(1);
    expect(prepared.filter((p) => p.name.startsWith('probe_shapes_'))).toHaveLength(16);
    // Inside a transaction nothing is named (a refused plan would abort it).
    const inside = await handle.db.transaction(async (tx) => {
      await queryRows(tx, sql`SELECT ${3}::int AS n`, 'probe_in_tx');
      return queryRows<{ name: string }>(tx, sql`SELECT name FROM pg_prepared_statements WHERE name LIKE 'probe_in_tx%'`);
    });
    expect(inside).toEqual([]);
  });

  it("keeps one plan for the feed's named page (its LIMIT and OFFSET in the text)", async () => {
    // As parameters, LIMIT and OFFSET made PostgreSQL plan the page again on every run.
    for (let i = 0; i < 8; i += 1) await feed(handle.db, 'probe-viewer', { mode: 'recent', limit: 50, offset: 0 });
    const [page] = await queryRows<{ statement: string; generic_plans: number; custom_plans: number }>(
      handle.db,
      sql`SELECT statement, generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE name LIKE 'feed_page_%'`,
    );
    expect(page?.statement).toContain('LIMIT 50 OFFSET 0');
    expect(page?.custom_plans).toBeLessThanOrEqual(5);
    expect(page?.generic_plans).toBeGreaterThanOrEqual(3);
  });

  it("runs a named statement unnamed when a migration changed its table's row type", async () => {
    const table = sql.raw(`probe_migrated_${process.pid}`);
    await queryRows(handle.db, sql`CREATE TABLE ${table} (id int)`);
    try {
      await queryRows(handle.db, sql`INSERT INTO ${table} VALUES (1)`);
      const read = () => queryRows<Record<string, unknown>>(handle.db, sql`SELECT * FROM ${table} WHERE id = ${1}`, 'probe_migrated');
      expect(await read()).toEqual([{ id: 1 }]);
      await queryRows(handle.db, sql`ALTER TABLE ${table} ADD COLUMN note text DEFAULT 'new'`);
      expect(await read()).toEqual([{ id: 1, note: 'new' }]);
    } finally {
      await queryRows(handle.db, sql`DROP TABLE ${table}`);
    }
  });
});
