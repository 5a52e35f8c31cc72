import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';
import { acquireDataDirLock } from './lock.js';
import { LIST_READ_PREFIX, preparedQueries, runsPrepared, type RunPrepared } from './pglite-statements.js';

/** The drizzle database, the same type on both drivers. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseKind = 'pglite' | 'postgres';

/** An open database with its driver-specific extras (LISTEN/NOTIFY, shutdown). */
export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Subscribes to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Called after the LISTEN connection was lost and made again: notifications sent in between
   * are gone, so whoever caches on them must forget what they hold. (PGlite never loses them.)
   */
  onNotificationGap(handler: () => void): void;
  /** The PostgreSQL backend serving LISTEN, null while reconnecting or on PGlite (diagnostics, tests). */
  listenerBackendPid(): Promise<number | null>;
  /** Closes every connection (and, on PGlite, flushes and releases the data directory). */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL; unset means embedded PGlite. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; `memory://` runs PGlite in memory (tests). */
  dataDir: string;
  /**
   * PostgreSQL: open the pool's every connection now, warm, and keep them (`warmPool`): the
   * server's. Commands, scripts and tests' own handles connect as they need.
   */
  warm?: boolean;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/** Opens the configured database and applies pending migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.warm ?? false) : openPglite(options.dataDir);
}

/**
 * The embedded database's code, loaded only when used: it costs ~45 MB of memory that an
 * instance on PostgreSQL never needs.
 */
async function loadPglite() {
  const [{ PGlite, protocol, parse }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  return { PGlite, protocol, parse, pg_trgm, drizzlePglite, migratePglite };
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const { PGlite, protocol, parse, pg_trgm, drizzlePglite, migratePglite } = await loadPglite();
  const inMemory = dataDir === 'memory://';
  const releaseLock = inMemory ? () => undefined : acquireDataDirLock(dataDir);
  const template = inMemory ? memoryTemplate() : undefined;
  let client: PGlite;
  try {
    client = await PGlite.create(inMemory ? undefined : path.join(dataDir, 'pglite'), {
      extensions: { pg_trgm },
      // PostgreSQL's 128 MB of shared buffers live in the server's own memory here (PGlite's
      // WebAssembly heap, which never shrinks). Each page read past them is a file read through
      // WebAssembly: at 32 MB, a search of the 50k-post bench community read ~500 of them (8 of
      // its 20 ms). 64 MB holds its posts and their indexes: search p95 ~35 -> ~27 ms, for ~40 MB
      // that the JavaScript heap's tighter growth (main.ts) more than gives back (bench/RESULTS.md).
      postgresqlconf: ['shared_buffers = 64MB'],
      ...(template ? { loadDataDir: template } : {}),
    });
    const runPrepared = preparedQueries(client, protocol.serialize, parse);
    const { turns, inTurn } = takingTurnsWithIo(client, runPrepared);
    // A list read named by its caller (`queryRows`): in its turn, under PGlite's query lock.
    pgliteClients.set(turns, async (text, params, label) => inTurn(async () => client.runExclusive(async () => runPrepared(text, params, undefined, label))));
    const db = drizzlePglite({ client: turns, schema });
    // From a template this finds every migration applied and does nothing.
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      async listen(channel, onPayload) {
        const unsubscribe = await client.listen(channel, onPayload);
        return unsubscribe;
      },
      onNotificationGap() {
        // One process, one in-process database: nothing can be missed.
      },
      async listenerBackendPid() {
        return null;
      },
      async close() {
        try {
          if (!client.closed) await client.close();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (err) {
    releaseLock();
    throw err;
  }
}

/**
 * PGlite runs each statement on this thread, and a statement's answer starts the next waiting one
 * within the same round of promise callbacks: under load, statements ran back to back for seconds
 * while new requests waited unread in their sockets (the mixed benchmark: ~300 client timeouts at
 * 10 s, while no request took a second once the server had read it; bench/RESULTS.md). Here the
 * statements (and transactions) take their turns in arrival order, as PGlite would run them, and
 * before each the event loop takes in I/O. A transaction's own statements go to PGlite directly.
 */
function takingTurnsWithIo(
  client: PGlite,
  runPrepared: RunPrepared,
): { turns: PGlite; inTurn: <T>(work: () => Promise<T>) => Promise<T> } {
  const ioTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = last.then(ioTurn).then(work);
    last = run.catch(() => undefined);
    return run;
  };
  // Reads and writes run as named statements (`preparedQueries`), in their turn and under PGlite's
  // query lock as its query() runs them; inside a transaction, through the same lock.
  const query = (fallback: (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results>) =>
    (text: string, params?: unknown[], options?: QueryOptions) =>
      runsPrepared(text, options) ? client.runExclusive(async () => runPrepared(text, params, options)) : fallback(text, params, options);
  const inTransaction = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get(target, property) {
        if (property !== 'query') return Reflect.get(target, property, target) as unknown;
        const run = query(async (text, params, options) => target.query(text, params, options));
        return async (text: string, params?: unknown[], options?: QueryOptions) => {
          if (target.closed) throw new Error('Transaction is closed'); // as PGlite's own tx.query says
          return run(text, params, options);
        };
      },
    });
  const taking = new Set<PropertyKey>(['query', 'exec', 'transaction']);
  const turns = new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      // PGlite's methods use private fields: they run on the client itself, never on the proxy.
      const method = value as (...args: unknown[]) => unknown;
      if (!taking.has(property)) return method.bind(target);
      if (property === 'query') {
        const run = query(async (text, params, options) => target.query(text, params, options));
        return (text: string, params?: unknown[], options?: QueryOptions) => inTurn(async () => run(text, params, options));
      }
      if (property === 'transaction') {
        return (callback: (tx: Transaction) => Promise<unknown>) => inTurn(async () => target.transaction(async (tx) => callback(inTransaction(tx))));
      }
      return (...args: unknown[]) => inTurn(async () => method.apply(target, args));
    },
  });
  return { turns, inTurn };
}

/**
 * Where in-memory databases start from: null (always, outside tests) means empty, then migrated.
 * Tests open dozens of them: their setup (src/server/test/worker-database.ts) names a data
 * directory tarball made once per run by `dumpMigratedMemoryDatabase`, loaded in ~1 s instead
 * of ~3.5 s of initdb and migrations.
 */
let memoryTemplateFile: string | null = null;
/** The tarball read once per process (PGlite only reads the Blob it is given). */
let memoryTemplateBlob: Blob | undefined;

export function startMemoryDatabasesFrom(tarball: string | null): void {
  if (tarball !== memoryTemplateFile) memoryTemplateBlob = undefined;
  memoryTemplateFile = tarball;
}

function memoryTemplate(): Blob | undefined {
  if (memoryTemplateFile) memoryTemplateBlob ??= new Blob([readFileSync(memoryTemplateFile)]);
  return memoryTemplateBlob;
}

/** A new in-memory database with every migration applied, as a data directory tarball. */
export async function dumpMigratedMemoryDatabase(): Promise<Blob> {
  const { PGlite, pg_trgm, drizzlePglite, migratePglite } = await loadPglite();
  const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/**
 * Connections per instance, all opened at start (`warmPool`) and kept by the server: pg's pool
 * let idle ones go after 10 s, so a quiet site met its next visitor with new, cold backends (five
 * requests after 12 s of quiet: 55-69 ms, ~45 ms with the connections kept; bench/RESULTS.md).
 */
const POOL_SIZE = 10;

async function openPostgres(databaseUrl: string, warm: boolean): Promise<DatabaseHandle> {
  // JIT compilation costs more than it saves on our short queries (~30 ms on a 20 ms search).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE, min: warm ? POOL_SIZE : 0, options: '-c jit=off' });
  // An idle pooled connection that PostgreSQL ends (a restart, an operator's pg_terminate_backend,
  // a dropped database) is taken out of the pool, which then reports it here; without a listener
  // that report was an uncaught error. The next checkout connects anew; a query under way gets
  // its own error from its own call.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema });
  await migrateWithLock(pool);
  // A warm-up that fails (say, max_connections reached) leaves the connections to open as needed.
  if (warm) await warmPool(pool).catch(() => undefined);
  // LISTEN needs a connection of its own that never goes back to the pool. If it drops (the
  // server restarted, a network blip), it is made again with backoff, every channel is listened
  // to again, and the gap handlers learn that notifications may have been missed.
  let listener: Promise<pg.Client> | undefined;
  let closing = false;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const gapHandlers = new Set<() => void>();

  async function connectListener(): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (n) => {
      for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
    });
    // Only a connection that was up counts as lost; a failed attempt is the caller's to retry
    // (acting on both would start a second reconnect loop).
    let up = false;
    const lost = () => {
      if (!up || closing || listener === undefined) return;
      listener = undefined;
      c.removeAllListeners('error');
      c.on('error', () => undefined);
      void reconnect();
    };
    c.on('error', lost);
    c.on('end', lost);
    try {
      await c.connect();
      for (const channel of handlers.keys()) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    up = true;
    return c;
  }

  async function reconnect(): Promise<void> {
    for (const delay of [100, 500, 1000, 2000, 5000]) {
      await new Promise((r) => setTimeout(r, delay));
      if (closing) return;
      try {
        const attempt = connectListener();
        listener = attempt;
        await attempt;
        for (const h of gapHandlers) h();
        return;
      } catch {
        listener = undefined;
      }
    }
    if (!closing) void reconnect();
  }

  function listenerClient(): Promise<pg.Client> {
    listener ??= connectListener().catch((err: unknown) => {
      listener = undefined;
      throw err;
    });
    return listener;
  }

  return {
    db: db as unknown as Database,
    kind: 'postgres',
    async listen(channel, onPayload) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        const c = await listenerClient();
        await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    onNotificationGap(handler) {
      gapHandlers.add(handler);
    },
    async listenerBackendPid() {
      const c = await listener?.catch(() => undefined);
      if (!c) return null;
      const result = await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      return result.rows[0]?.pid ?? null;
    },
    async close() {
      closing = true;
      const c = await listener?.catch(() => undefined);
      await c?.end();
      await pool.end();
    },
  };
}

/**
 * Opens the pool's every connection and has each read what its first statements would: every
 * table's catalog entries, indexes and column statistics (planning a statement over each table,
 * with a test of each column), and the english text search configuration. A new PostgreSQL
 * backend plans and runs its first statements several times slower while it reads them (the
 * matches statement: ~11 ms planning and ~25 ms running on a new connection, ~2 and ~6 on a warm
 * one, bench/RESULTS.md); done here, the first members after a start do not wait for that.
 */
async function warmPool(pool: pg.Pool): Promise<void> {
  const tables = await pool.query<{ name: string; columns: string[] }>(
    `SELECT c.relname AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
      GROUP BY c.relname`,
  );
  const text = [
    `SELECT to_tsvector('english', 'warming up') @@ to_tsquery('english', 'warm:*')`,
    ...tables.rows.map(
      ({ name, columns }) =>
        `EXPLAIN SELECT 1 FROM ${pg.escapeIdentifier(name)} WHERE ${columns.map((c) => `${pg.escapeIdentifier(c)} IS NOT NULL`).join(' AND ')}`,
    ),
  ].join(';\n');
  const opened = await Promise.allSettled(Array.from({ length: POOL_SIZE }, () => pool.connect()));
  await Promise.all(
    opened.map((result) =>
      result.status === 'fulfilled'
        ? result.value.query(text).then(
            () => result.value.release(),
            (err: unknown) => result.value.release(err instanceof Error ? err : true),
          )
        : undefined,
    ),
  );
}

/** Several instances may start at once; an advisory lock lets exactly one apply migrations. */
async function migrateWithLock(pool: pg.Pool): Promise<void> {
  const conn = await pool.connect();
  try {
    await conn.query('SELECT pg_advisory_lock(724300001)');
    try {
      await migratePg(drizzlePg({ client: conn, schema }), { migrationsFolder });
    } finally {
      await conn.query('SELECT pg_advisory_unlock(724300001)');
    }
  } finally {
    conn.release();
  }
}

/**
 * The clients (outside transactions) of the PGlite databases this process opened, each with its
 * runner of named statements (`preparedQueries`): `queryRows`'s named list reads.
 */
const pgliteClients = new WeakMap<object, (text: string, params: unknown[], label: string) => Promise<Results>>();

/**
 * A list read (`queryRows`'s `many`): on PGlite its rows come back as one JSON array, in the order
 * of `orderBy` (a column of the rows, ascending) or in none. PGlite's reader copies every field of
 * every row into a buffer of its own and decodes it on its own (~1 microsecond each): 2 of the 5.8
 * ms of a feed page (50 rows of 30 fields) and 2.5 ms of matching's 326 candidates, against one
 * string for JSON.parse (bench/RESULTS.md). On PostgreSQL, whose driver reads fields cheaply and
 * where building the JSON cost the database more than it saved, the rows come as they are. Values
 * arrive as JSON has them: timestamps as ISO text, bigints as numbers, json columns already parsed.
 */
export interface ManyRows {
  orderBy?: string;
  /**
   * As one JSON array on PostgreSQL too (an unnamed read): for hundreds of rows of arrays and
   * timestamps, where the driver's parsing costs the server's thread more than building the JSON
   * costs the database (matching's candidates: ~1.2 of a ranking's ~6 ms of the server's CPU,
   * bench/RESULTS.md).
   */
  onPostgres?: boolean;
}

/**
 * Runs raw SQL and returns its rows; both drivers answer `{ rows }`. `prepareAs` names a hot
 * statement (the feed's and search's pages, matching's seeker and winners): on PostgreSQL each connection then parses and plans it once and
 * runs it again by name (the plan cost as much as the run, bench/RESULTS.md); on PGlite, where
 * every other read and write is named anyway (`preparedQueries`), it names a list read (`many`,
 * see `ManyRows`), which otherwise runs unnamed.
 * After a few runs PostgreSQL may keep one plan for every value (a generic plan): name only
 * statements whose best plan does not depend on their values, and write LIMIT and OFFSET into
 * their text (`selectPosts` does): as parameters they make a generic plan look dear, and
 * PostgreSQL planned the feed's page again on every run.
 */
export async function queryRows<T>(db: Database, query: SQL, prepareAs?: string, many?: ManyRows): Promise<T[]> {
  const session = db._.session;
  const runNamed = many ? pgliteClients.get((session as unknown as { client: object }).client) : undefined;
  if (many && (runNamed || (many.onPostgres && !prepareAs))) {
    const order = many.orderBy ? sql` ORDER BY r.${sql.identifier(many.orderBy)}` : sql``;
    const list = sql`${sql.raw(LIST_READ_PREFIX)}${order}), '[]'::json) AS rows FROM (${query}) r`;
    let result: { rows: unknown[] };
    if (prepareAs && runNamed) {
      const built = pgDialect.sqlToQuery(list);
      result = await runNamed(built.sql, built.params, prepareAs);
    } else {
      result = (await db.execute(list)) as unknown as { rows: unknown[] };
    }
    return (result.rows[0] as { rows?: T[] } | undefined)?.rows ?? [];
  }
  // PostgreSQL outside transactions only (a transaction's session holds one pooled client, not
  // the pool): a refused plan (below) would abort the caller's transaction.
  if (prepareAs && (session as unknown as { client: unknown }).client instanceof pg.Pool) {
    const built = pgDialect.sqlToQuery(query);
    const name = statementName(prepareAs, built.sql);
    if (name) {
      try {
        return ((await session.prepareQuery(built, undefined, name, false).execute()) as { rows: T[] }).rows;
      } catch (err) {
        // A table the statement reads changed its row type since this connection prepared it (a
        // migration of a newer instance): PostgreSQL refuses the old plan; run it unnamed.
        // ('cached plan must not change result type' is 0A000, feature not supported.)
        if (pgErrorCode(err) !== '0A000') throw err;
      }
    }
  }
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The PostgreSQL error code (SQLSTATE: five digits or capitals, e.g. '23505', '0A000') behind a
 * driver error (drizzle wraps it in `cause`).
 */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth += 1) {
    if ('code' in e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = 'cause' in e ? e.cause : undefined;
  }
  return undefined;
}

/**
 * Shapes (statement texts) one label may name; the rest run unnamed. Each named shape stays
 * prepared on every pooled connection for its life, so the count is bounded whatever filters
 * the callers combine.
 */
const NAMED_SHAPES_PER_LABEL = 16;
const pgDialect = new PgDialect();
const namedShapes = new Map<string, Map<string, string>>();

/** The statement name for `text` under `label`, or undefined once the label has its fill. */
function statementName(label: string, text: string): string | undefined {
  let shapes = namedShapes.get(label);
  if (!shapes) {
    shapes = new Map();
    namedShapes.set(label, shapes);
  }
  const known = shapes.get(text);
  if (known) return known;
  if (shapes.size >= NAMED_SHAPES_PER_LABEL) return undefined;
  const name = `${label}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  shapes.set(text, name);
  return name;
}
