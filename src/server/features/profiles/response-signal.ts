import { sql, type SQL } from 'drizzle-orm';
import { RESPONSE_SIGNAL_WINDOW_DAYS, type ResponseCounts } from '../../../shared/domain/response-signal.js';
import { queryRows, type Database } from '../../db/client.js';

export interface SignalRow {
  author_id: string;
  received: number;
  responded: number;
  median_seconds: number | string | null;
}

/**
 * How each member answers exchange requests on their posts over the last 90 days, for many
 * members in one grouped query (profile header, and one query per page of post cards).
 * received: requests created in the window, without withdrawn ones the member never answered
 * (the requester took them back, the member had nothing to answer) and without those an accepted
 * chat proposal created already accepted (docs/decisions/013: nobody waited for an answer); responded: those with
 * responded_at (accepted or declined); the median of responded_at - created_at over those.
 * Members without any request in the window are absent from the map.
 */
export async function responseSignals(db: Database, authorIds: readonly string[], now: Date = new Date()): Promise<Map<string, ResponseCounts>> {
  const ids = [...new Set(authorIds)];
  if (ids.length === 0) return new Map();
  const rows = await queryRows<SignalRow>(db, responseSignalsQuery(sql.join(ids.map((id) => sql`${id}`), sql`, `), now));
  return new Map(rows.map((row) => [row.author_id, responseCounts(row)]));
}

/**
 * The grouped read behind `responseSignals`, for the members `authorIds` names (a list or a
 * subquery), so a list of posts can read its authors' signals in the same statement as its rows.
 * Columns: author_id, received, responded, median_seconds.
 */
export function responseSignalsQuery(authorIds: SQL, now: Date = new Date()): SQL {
  const since = new Date(now.getTime() - RESPONSE_SIGNAL_WINDOW_DAYS * 24 * 3600 * 1000);
  // By the requests' own copy of their post's author (migration 0017), through its index: joining
  // every request in the window to its post cost ~3 ms a page of posts after a few hundred.
  return sql`SELECT er.post_author_id AS author_id,
          count(*)::int AS received,
          count(er.responded_at)::int AS responded,
          percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM er.responded_at - er.created_at)::float8)
            FILTER (WHERE er.responded_at IS NOT NULL) AS median_seconds
        FROM exchange_requests er
        WHERE er.post_author_id IN (${authorIds})
          AND er.created_at >= ${since.toISOString()}::timestamptz
          AND NOT (er.status = 'withdrawn' AND er.responded_at IS NULL)
          AND er.proposed_exchange IS NULL
        GROUP BY er.post_author_id`;
}

/** One row of `responseSignalsQuery` as the counts the cards show. */
export function responseCounts(row: Omit<SignalRow, 'author_id'>): ResponseCounts {
  return {
    received: Number(row.received),
    responded: Number(row.responded),
    medianResponseSeconds: row.median_seconds === null ? null : Number(row.median_seconds),
  };
}
