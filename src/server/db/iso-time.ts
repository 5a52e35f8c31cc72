import { sql, type SQL } from 'drizzle-orm';

/**
 * A timestamptz column as JavaScript's toISOString() writes it (UTC, milliseconds), formatted by
 * the statement: the same text from both drivers and from JSON rows, and parsing PostgreSQL's
 * text into a Date to write it out again cost the server more (~3 % of its CPU on a feed page).
 * `column` is SQL text written by us (e.g. 'p.created_at'), never input.
 */
export function isoTime(column: string): SQL {
  return sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
}
