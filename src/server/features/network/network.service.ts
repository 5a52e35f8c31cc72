import { sql } from 'drizzle-orm';
import { NETWORK_LIST_LIMIT, type NetworkItem, type NetworkResponse } from '../../../shared/schemas/network.js';
import { queryRows, type Database } from '../../db/client.js';
import type { ExchangeRequestStatus } from '../../db/schema/index.js';
import { photoUrl, toDate } from '../posts/post-query.js';
import { UNNAMED_MEMBER } from '../profiles/member-name.js';

type Section = 'incoming' | 'connections' | 'outgoing' | 'declined';

interface NetworkRow {
  section: Section;
  total: number;
  id: string;
  status: ExchangeRequestStatus;
  direction: 'incoming' | 'outgoing';
  other_id: string;
  other_name: string | null;
  other_photo_id: string | null;
  post_id: string;
  title: string;
  message: string | null;
  response_message: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  responded_at: Date | string | null;
  completed_at: Date | string | null;
  completed_by_id: string | null;
  rated_by_me: boolean;
  conversation_id: string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : toDate(value).toISOString());

/**
 * My Network for one member, in one query: the requests they sent and the requests on their
 * posts (never anyone else's), withdrawn ones left out, sorted into four sections (incoming
 * pending, connections = accepted or completed either way, outgoing pending, declined either
 * way). Each section keeps its newest 100 by last activity; the counters are the full section
 * sizes (docs/decisions/010).
 */
export async function getNetwork(db: Database, viewerId: string): Promise<NetworkResponse> {
  const rows = await queryRows<NetworkRow>(
    db,
    sql`WITH mine AS (
          SELECT r.id, r.status, 'outgoing' AS direction, p.user_id AS other_id, r.requester_id, p.user_id AS owner_id,
                 r.post_id, p.title, r.message, r.response_message, r.created_at, r.updated_at, r.responded_at,
                 r.completed_at, r.completed_by_id
          FROM exchange_requests r JOIN posts p ON p.id = r.post_id
          WHERE r.requester_id = ${viewerId} AND r.status <> 'withdrawn'
          UNION ALL
          SELECT r.id, r.status, 'incoming', r.requester_id, r.requester_id, p.user_id,
                 r.post_id, p.title, r.message, r.response_message, r.created_at, r.updated_at, r.responded_at,
                 r.completed_at, r.completed_by_id
          FROM posts p JOIN exchange_requests r ON r.post_id = p.id
          WHERE p.user_id = ${viewerId} AND r.status <> 'withdrawn' AND r.requester_id <> ${viewerId}
        ),
        sectioned AS (
          SELECT m.*, CASE
              WHEN m.status IN ('accepted', 'completed') THEN 'connections'
              WHEN m.status = 'declined' THEN 'declined'
              WHEN m.direction = 'incoming' THEN 'incoming'
              ELSE 'outgoing' END AS section
          FROM mine m
        ),
        ranked AS (
          SELECT s.*,
                 row_number() OVER (PARTITION BY s.section ORDER BY s.updated_at DESC, s.id DESC) AS rn,
                 count(*) OVER (PARTITION BY s.section)::int AS total
          FROM sectioned s
        )
        SELECT k.section, k.total, k.id, k.status, k.direction, k.other_id,
               coalesce(pr.display_name, u.name) AS other_name, pr.photo_id::text AS other_photo_id,
               k.post_id, k.title, k.message, k.response_message, k.created_at, k.updated_at, k.responded_at,
               k.completed_at, k.completed_by_id,
               EXISTS (SELECT 1 FROM ratings rt WHERE rt.exchange_request_id = k.id AND rt.rater_id = ${viewerId}) AS rated_by_me,
               (SELECT c.id::text FROM conversations c
                 WHERE least(c.participant_1_id, c.participant_2_id) = least(k.requester_id, k.owner_id)
                   AND greatest(c.participant_1_id, c.participant_2_id) = greatest(k.requester_id, k.owner_id)
                   AND coalesce(c.post_id::text, '') = k.post_id::text
                 LIMIT 1) AS conversation_id
        FROM ranked k
        JOIN users u ON u.id = k.other_id
        LEFT JOIN profiles pr ON pr.id = k.other_id
        WHERE k.rn <= ${NETWORK_LIST_LIMIT}
        ORDER BY k.updated_at DESC, k.id DESC`,
  );

  const result: NetworkResponse = {
    counts: { connections: 0, pendingRequests: 0, waitingForResponse: 0, declinedRequests: 0 },
    incoming: [],
    connections: [],
    outgoing: [],
    declined: [],
  };
  const counterOf = {
    incoming: 'pendingRequests',
    connections: 'connections',
    outgoing: 'waitingForResponse',
    declined: 'declinedRequests',
  } as const;
  for (const row of rows) {
    result.counts[counterOf[row.section]] = Number(row.total);
    result[row.section].push(toNetworkItem(row, viewerId));
  }
  return result;
}

function toNetworkItem(row: NetworkRow, viewerId: string): NetworkItem {
  return {
    id: row.id,
    status: row.status,
    direction: row.direction,
    otherMember: { id: row.other_id, name: row.other_name || UNNAMED_MEMBER, photoUrl: photoUrl(row.other_photo_id) },
    post: { id: row.post_id, title: row.title },
    message: row.message,
    responseMessage: row.response_message,
    createdAt: toDate(row.created_at).toISOString(),
    updatedAt: toDate(row.updated_at).toISOString(),
    respondedAt: iso(row.responded_at),
    completedAt: iso(row.completed_at),
    completedByMe: row.completed_by_id === viewerId,
    ratedByMe: Boolean(row.rated_by_me),
    conversationId: row.conversation_id,
  };
}
