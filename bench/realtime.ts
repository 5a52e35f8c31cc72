/**
 * Chat in real time under load (issue 12, Speed and scale): 500 signed-in members, each with
 * one WebSocket on /api/realtime, in 250 two-member conversations, sending 500 messages a
 * second in total for 30 s through POST /api/conversations/:id/messages (one keep-alive HTTP
 * agent, as a load balancer would hold connections). For every message: the time from issuing
 * the POST to its `message.created` frame at the other member's socket (p95 < 50 ms, goal
 * 25 ms), and that it arrives there exactly once (zero lost, zero duplicated); afterwards the
 * database holds exactly the messages the server accepted.
 *
 * The sender is open-loop: messages are issued on a fixed schedule whatever the server's
 * latency, so a server that falls behind shows as latency, not as a lower rate. The rate the
 * bench process actually issued is printed (it shares the machine with the server).
 * Each member sends one message a second (60 a minute), so the per-member limit
 * (MESSAGES_PER_MINUTE, default 30) is raised through the server's configuration, not switched
 * off: the rate-limit write stays in every send, as in production.
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type WebSocket from 'ws';
import { openDatabase, queryRows } from '../src/server/db/client.js';
import { openMemberSocket, percentile, seedChatMembers, signInAll, type ChatMember } from './chat.js';
import { startServer, stopServer, type Target } from './exchange.js';

export const REALTIME_TARGETS = {
  p95Ms: 50,
  goalP95Ms: 25,
  members: 500,
  messagesPerSecond: 500,
  seconds: 30,
} as const;

/** The per-member limit for the run: above the 60 a minute each member sends here. */
const BENCH_MESSAGES_PER_MINUTE = '1000';
/** Keep-alive connections of the sending agent. */
const HTTP_CONNECTIONS = 50;
/** How long to wait, after the last POST answered, for frames still on their way. */
const DRAIN_MS = 10_000;

export interface RealtimeFigures {
  kind: 'pglite' | 'postgres';
  /** Messages the schedule asked for, and those the server accepted (201). */
  scheduled: number;
  accepted: number;
  /** POSTs answered with anything but 201, or failed. */
  failed: number;
  /** The rate the bench issued POSTs at (schedule start to last POST), and the server answered them at. */
  issuedRate: number;
  answeredRate: number;
  /** Accepted messages that never reached the other member's socket, or reached it more than once. */
  lost: number;
  duplicated: number;
  /** The same for the sender's own socket (its other tabs learn of the message this way). */
  echoLost: number;
  echoDuplicated: number;
  /** Frames about a message that reached a member who is in neither side of it (must be 0). */
  misdelivered: number;
  /** Messages of the run in the database afterwards, and how many of them differ (each text is unique). */
  stored: number;
  storedDistinct: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** POST round trip, p95 (for information). */
  postP95: number;
  /** The bench process's own event-loop delay, p99 in ms (its timers add to every latency). */
  clientLoopP99: number;
  signInSeconds: number;
}

interface Pair {
  conversationId: string;
  a: number;
  b: number;
}

interface SentMessage {
  sender: number;
  receiver: number;
  issuedAt: number;
  answeredAt?: number;
  status?: number;
  receivedAt?: number;
  received: number;
  echoed: number;
}

/** 250 conversations between members 0-1, 2-3, ... (inserted as the API would create them). */
async function seedPairs(target: Target, members: ChatMember[]): Promise<Pair[]> {
  const handle = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    const pairs = [];
    for (let i = 0; i + 1 < members.length; i += 2) pairs.push({ a: members[i]?.id, b: members[i + 1]?.id });
    await handle.db.execute(sql`INSERT INTO conversations (participant_1_id, participant_2_id)
      SELECT r.a, r.b FROM json_to_recordset(${JSON.stringify(pairs)}::json) AS r(a text, b text)
      ON CONFLICT DO NOTHING`);
    const rows = await queryRows<{ id: string; participant_1_id: string }>(
      handle.db,
      sql`SELECT id, participant_1_id FROM conversations WHERE participant_1_id LIKE 'seed-12-%' AND post_id IS NULL`,
    );
    const byFirst = new Map(rows.map((r) => [r.participant_1_id, r.id]));
    return pairs.map((_, k) => {
      const conversationId = byFirst.get(members[2 * k]?.id ?? '');
      if (!conversationId) throw new Error(`no conversation for pair ${k}`);
      return { conversationId, a: 2 * k, b: 2 * k + 1 };
    });
  } finally {
    await handle.close();
  }
}

function postJson(agent: http.Agent, url: URL, path: string, cookie: string, body: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        headers: { cookie, origin: url.origin, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

/** The run's client ids: `<phase>-<sequence number>`; the phase tells warm-up from measurement. */
function parseClientId(clientId: unknown): { phase: string; seq: number } | null {
  if (typeof clientId !== 'string') return null;
  const dash = clientId.lastIndexOf('-');
  const seq = Number(clientId.slice(dash + 1));
  return dash > 0 && Number.isInteger(seq) ? { phase: clientId.slice(0, dash), seq } : null;
}

/**
 * Runs the realtime benchmark on one (fresh) database. `load` overrides the rate and duration
 * (`--rate=`, `--seconds=`), to find the rate a slower machine sustains; the figures are then
 * for information only.
 */
export async function benchRealtime(
  target: Target,
  load: { messagesPerSecond: number; seconds: number } = REALTIME_TARGETS,
): Promise<RealtimeFigures> {
  const step = (text: string) => console.log(`  ${target.kind}: ${text}`);
  const { members: memberCount } = REALTIME_TARGETS;
  const { messagesPerSecond, seconds } = load;
  step(`seeding ${memberCount} members in ${memberCount / 2} conversations`);
  const members = await seedChatMembers(target, memberCount);
  const pairs = await seedPairs(target, members);

  // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server under this load.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = await startServer(target, { MESSAGES_PER_MINUTE: BENCH_MESSAGES_PER_MINUTE }, nodeArgs);
  const sockets: WebSocket[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: HTTP_CONNECTIONS });
  let figures: Omit<RealtimeFigures, 'stored' | 'storedDistinct'>;
  try {
    step(`signing in ${memberCount} members`);
    const signInStarted = performance.now();
    const cookies = await signInAll(server.url, members);
    const signInSeconds = (performance.now() - signInStarted) / 1000;

    // Every frame about a bench message is booked against what was sent.
    const phases = new Map<string, SentMessage[]>();
    let misdelivered = 0;
    const onFrame = (memberIndex: number, data: WebSocket.RawData) => {
      const at = performance.now();
      const frame = JSON.parse(String(data)) as { type?: string; message?: { clientId?: unknown } };
      if (frame.type !== 'message.created') return;
      const id = parseClientId(frame.message?.clientId);
      const sent = id ? phases.get(id.phase)?.[id.seq] : undefined;
      if (!sent) return;
      if (memberIndex === sent.receiver) {
        sent.received += 1;
        sent.receivedAt ??= at;
      } else if (memberIndex === sent.sender) {
        sent.echoed += 1;
      } else {
        misdelivered += 1;
      }
    };
    step(`opening ${memberCount} WebSockets`);
    for (let i = 0; i < memberCount; i += 50) {
      const batch = await Promise.all(cookies.slice(i, i + 50).map((cookie) => openMemberSocket(server.url, cookie)));
      batch.forEach((ws, k) => {
        ws.on('message', (data) => onFrame(i + k, data));
        sockets.push(ws);
      });
    }

    const url = new URL(server.url);
    const send = (phase: string, list: SentMessage[], seq: number) => {
      const pair = pairs[seq % pairs.length];
      if (!pair) throw new Error('no pair');
      // Sides alternate every round, so each member sends one message every 2 rounds.
      const aSends = Math.floor(seq / pairs.length) % 2 === 0;
      const sender = aSends ? pair.a : pair.b;
      const message: SentMessage = { sender, receiver: aSends ? pair.b : pair.a, issuedAt: performance.now(), received: 0, echoed: 0 };
      list[seq] = message;
      const body = JSON.stringify({ content: `${phase === 'run' ? 'Bench' : 'Warm-up'} message ${seq}: shall we meet on Saturday?`, clientId: `${phase}-${seq}` });
      return postJson(agent, url, `/api/conversations/${pair.conversationId}/messages`, cookies[sender] ?? '', body).then((status) => {
        message.status = status;
        message.answeredAt = performance.now();
      });
    };
    const drain = async (list: SentMessage[]) => {
      const deadline = performance.now() + DRAIN_MS;
      const done = () => list.every((m) => m.status !== 201 || (m.received >= 1 && m.echoed >= 1));
      while (!done() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      // A little longer, so a duplicate right behind the first copy is counted too.
      await new Promise((r) => setTimeout(r, 200));
    };

    // Warm-up: one message in every conversation (JIT, plan caches, the first 'New message'
    // notification of each conversation), not measured.
    step('warm-up: one message per conversation');
    const warm: SentMessage[] = [];
    phases.set('warm', warm);
    for (let i = 0; i < pairs.length; i += 25) await Promise.all(Array.from({ length: 25 }, (_, k) => send('warm', warm, i + k)));
    await drain(warm);

    step(`${messagesPerSecond} messages/s for ${seconds} s`);
    const run: SentMessage[] = [];
    phases.set('run', run);
    const total = messagesPerSecond * seconds;
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const inFlight: Promise<void>[] = [];
    const started = performance.now();
    let issued = 0;
    await new Promise<void>((resolve) => {
      const tick = () => {
        const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * messagesPerSecond));
        while (issued < due) inFlight.push(send('run', run, issued++));
        if (issued >= total) resolve();
        else setTimeout(tick, 2);
      };
      tick();
    });
    const lastIssued = performance.now();
    await Promise.all(inFlight);
    const lastAnswered = Math.max(...run.map((m) => m.answeredAt ?? 0));
    await drain(run);
    loop.disable();

    const accepted = run.filter((m) => m.status === 201);
    const latencies = accepted.flatMap((m) => (m.receivedAt === undefined ? [] : [m.receivedAt - m.issuedAt])).sort((x, y) => x - y);
    const posts = run.map((m) => (m.answeredAt ?? m.issuedAt) - m.issuedAt).sort((x, y) => x - y);
    figures = {
      kind: target.kind,
      scheduled: total,
      accepted: accepted.length,
      failed: run.length - accepted.length,
      issuedRate: total / ((lastIssued - started) / 1000),
      answeredRate: total / ((lastAnswered - started) / 1000),
      lost: accepted.filter((m) => m.received === 0).length,
      duplicated: accepted.reduce((n, m) => n + Math.max(0, m.received - 1), 0),
      echoLost: accepted.filter((m) => m.echoed === 0).length,
      echoDuplicated: accepted.reduce((n, m) => n + Math.max(0, m.echoed - 1), 0),
      misdelivered,
      p50: percentile(latencies, 0.5),
      p95: percentile(latencies, 0.95),
      p99: percentile(latencies, 0.99),
      max: latencies[latencies.length - 1] ?? Number.NaN,
      postP95: percentile(posts, 0.95),
      clientLoopP99: loop.percentile(99) / 1e6,
      signInSeconds,
    };
  } finally {
    for (const ws of sockets) ws.terminate();
    agent.destroy();
    await stopServer(server.child);
  }
  // After the server stops: the embedded database belongs to one process at a time.
  const handle = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    const [row] = await queryRows<{ n: number; distinct_n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n, count(DISTINCT content)::int AS distinct_n FROM messages WHERE content LIKE 'Bench message %'`,
    );
    return { ...figures, stored: Number(row?.n ?? 0), storedDistinct: Number(row?.distinct_n ?? 0) };
  } finally {
    await handle.close();
  }
}
