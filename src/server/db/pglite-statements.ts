import type { PGlite, QueryOptions, Results, parse as pgliteParse, protocol as pgliteProtocol } from '@electric-sql/pglite';

/** Reads and writes: every other statement (transaction control, SET, DDL, LISTEN) runs as PGlite runs it. */
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * How `queryRows` wraps a list read on PGlite (one JSON value): such a list is named only when its
 * caller asks (`prepareAs`), as a list's best plan may depend on its values (a search's words, a
 * member's place), and a kept generic plan would then read far more than it needs.
 */
export const LIST_READ_PREFIX = "SELECT coalesce(json_agg(r";

/** Named statements kept per database; past this many the least recently used one is closed. */
export const MAX_PREPARED_STATEMENTS = 500;

/** Runs one statement; the caller holds PGlite's query lock (`runExclusive`, or inside a transaction's turn). */
export type RunPrepared = (text: string, params: unknown[] | undefined, options: QueryOptions | undefined, label?: string) => Promise<Results>;

/** True for a statement `preparedQueries` runs: a read or write that is not a list read, without a blob to copy. */
export function runsPrepared(text: unknown, options: QueryOptions | undefined): text is string {
  return typeof text === 'string' && DATA_STATEMENT.test(text) && !text.startsWith(LIST_READ_PREFIX) && !options?.blob;
}

/**
 * Statements as named statements on PGlite, whose query() parses and plans every statement again,
 * in six calls into PGlite (parse, describe, bind, describe, execute, sync): a profile's row took
 * 0.9-1.5 ms that way and 0.2 ms named, a new post's insert 3.1 -> 2.5 ms (bench/RESULTS.md). Each
 * text is parsed once (its parameter types learnt from PGlite, as its query() learns them), then
 * each run is one call (bind, describe, execute, sync) whose answer PGlite's own `parseResults`
 * reads, so rows, fields, parsers and serializers are what query() gives. PostgreSQL plans a named
 * statement for its values for its first five runs, then keeps one plan only when that costs no
 * more; list reads, whose plans may depend on their values, stay unnamed unless asked
 * (`LIST_READ_PREFIX`). Texts that change with their values (an IN list's length) come and go
 * through the least recently used `MAX_PREPARED_STATEMENTS`.
 */
export function preparedQueries(client: PGlite, serialize: typeof pgliteProtocol.serialize, parse: typeof pgliteParse): RunPrepared {
  /** By text, least recently used first. */
  const statements = new Map<string, { name: string; types: number[] }>();
  let count = 0;

  const call = async (parts: Uint8Array[]) => {
    const { messages } = await client.execProtocol(joinMessages(parts), { throwOnError: false });
    const error = messages.find((m) => m.name === 'error');
    if (error) throw error;
    return messages;
  };

  return async (text, params, options, label = 'built') => {
    let statement = statements.get(text);
    if (statement) {
      statements.delete(text);
    } else {
      count += 1;
      // `label`: the caller's name for it (`queryRows`' prepareAs), to find it in pg_prepared_statements.
      const name = `pglite_${label}_${count}`;
      const parts = [serialize.parse({ name, text, types: options?.paramTypes ?? [] }), serialize.describe({ type: 'S', name }), serialize.sync()];
      const [oldest] = statements;
      if (oldest && statements.size >= MAX_PREPARED_STATEMENTS) {
        statements.delete(oldest[0]);
        parts.unshift(serialize.close({ type: 'S', name: oldest[1].name }));
      }
      statement = { name, types: parse.parseDescribeStatementResults(await call(parts)) };
    }
    statements.set(text, statement);
    const { types } = statement;
    const values = (params ?? []).map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = types[i] ?? 0;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    let messages;
    try {
      messages = await call([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]);
    } catch (err) {
      // A table it reads changed its row type since it was parsed ('cached plan must not change
      // result type', 0A000), or it is gone (26000): parsed again next time.
      const code = (err as { code?: unknown }).code;
      if (code === '0A000' || code === '26000') statements.delete(text);
      throw err;
    }
    const [result] = parse.parseResults(messages, client.parsers, options);
    if (!result) throw new Error('PGlite answered a statement without a result');
    return result;
  };
}

/** Protocol messages as one buffer: one call into PGlite for all of them. */
function joinMessages(parts: readonly Uint8Array[]): Uint8Array {
  const batch = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    batch.set(part, at);
    at += part.length;
  }
  return batch;
}
