/**
 * 10,000 idle authenticated WebSockets on one instance (issue 12, Speed and scale): the
 * server's resident memory (< 1 GB). The server runs in its own process so its RSS
 * (/proc/<pid>/status) is its own; the bench process holds the client ends. A member may hold
 * 20 sockets on one instance, so 500 members each open 20 (their real session cookies, Origin
 * = the server's origin), spread over several loopback source addresses so ephemeral ports
 * are not a limit. After one heartbeat (the server pings every socket every 30 s and drops
 * those that do not answer) every socket must still be open, and a message sent then must
 * reach all 20 sockets of its recipient and of its sender.
 */
import http from 'node:http';
import { sql } from 'drizzle-orm';
import type WebSocket from 'ws';
import { openDatabase, queryRows } from '../src/server/db/client.js';
import { HEARTBEAT_MS, MAX_SOCKETS_PER_MEMBER } from '../src/server/realtime/socket.js';
import { openFileLimit, openMemberSocket, processMemoryMb, seedChatMembers, signInAll } from './chat.js';
import { startServer, stopServer, type Target } from './exchange.js';

export const IDLE_SOCKET_TARGETS = { sockets: 10_000, rssMb: 1024 } as const;

/** Loopback source addresses the client ends bind to (Linux routes all of 127.0.0.0/8 to lo). */
const SOURCE_ADDRESSES = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];
/** Upgrades in flight at once while connecting. */
const CONNECT_BATCH = 200;

export interface IdleSocketFigures {
  kind: 'pglite' | 'postgres';
  members: number;
  /** Sockets opened, and still open after a heartbeat. */
  opened: number;
  openAfterHeartbeat: number;
  connectSeconds: number;
  /** Server RSS in MB: signed-in members but no sockets, all sockets open, after a heartbeat; peak. */
  rssBefore: number;
  rssConnected: number;
  rssAfterHeartbeat: number;
  rssPeak: number;
  /** The bench process (the 10,000 client ends), for information. */
  clientRss: number;
  /** Of the 2 x 20 sockets of one conversation's members, how many got the message sent after the heartbeat. */
  deliveredTo: number;
}

function send(url: string, cookie: string, conversationId: string, content: string): Promise<number> {
  return new Promise((resolve) => {
    const body = JSON.stringify({ content, clientId: 'idle-probe' });
    const req = http.request(
      `${url}/api/conversations/${conversationId}/messages`,
      { method: 'POST', headers: { cookie, origin: url, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

/** Runs the idle-socket benchmark on one (fresh) database. */
export async function benchIdleSockets(target: Target): Promise<IdleSocketFigures> {
  const step = (text: string) => console.log(`  ${target.kind}: ${text}`);
  const { sockets: socketCount } = IDLE_SOCKET_TARGETS;
  const memberCount = Math.ceil(socketCount / MAX_SOCKETS_PER_MEMBER);
  // Each socket is a file descriptor here and one in the server (which inherits this limit).
  const files = openFileLimit();
  if (files < socketCount + 1_000) {
    throw new Error(`open-file limit ${files} is below ${socketCount + 1_000}: run \`ulimit -n 20000\` first`);
  }

  step(`seeding ${memberCount} members`);
  const members = await seedChatMembers(target, memberCount);
  const conversationId = await withDb(target, async (db) => {
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO conversations (participant_1_id, participant_2_id) VALUES (${members[0]?.id}, ${members[1]?.id})
          ON CONFLICT DO NOTHING RETURNING id`,
    );
    if (!row) throw new Error('no conversation');
    return row.id;
  });

  const server = await startServer(target);
  const pid = server.child.pid;
  if (pid === undefined) throw new Error('no server process id');
  const sockets: { ws: WebSocket; member: number; frames: string[] }[] = [];
  try {
    step(`signing in ${memberCount} members`);
    const cookies = await signInAll(server.url, members);
    const rssBefore = processMemoryMb(pid).rss;

    step(`opening ${socketCount} WebSockets (${MAX_SOCKETS_PER_MEMBER} per member)`);
    const started = performance.now();
    for (let i = 0; i < socketCount; i += CONNECT_BATCH) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(CONNECT_BATCH, socketCount - i) }, async (_, k) => {
          const n = i + k;
          const member = n % memberCount;
          const ws = await openMemberSocket(server.url, cookies[member] ?? '', SOURCE_ADDRESSES[n % SOURCE_ADDRESSES.length]);
          const entry = { ws, member, frames: [] as string[] };
          ws.on('message', (data) => entry.frames.push(String(data)));
          return entry;
        }),
      );
      sockets.push(...batch);
    }
    const connectSeconds = (performance.now() - started) / 1000;
    const rssConnected = processMemoryMb(pid).rss;

    step(`idle for one heartbeat (${HEARTBEAT_MS / 1000} s) and a little more`);
    await new Promise((r) => setTimeout(r, HEARTBEAT_MS + 5_000));
    const after = processMemoryMb(pid);
    const openAfterHeartbeat = sockets.filter((s) => s.ws.readyState === s.ws.OPEN).length;

    // The sockets are live and authenticated: a message reaches every tab of both members.
    const probe = `Idle probe ${Date.now()}`;
    const status = await send(server.url, cookies[0] ?? '', conversationId, probe);
    if (status !== 201) throw new Error(`probe message: HTTP ${status}`);
    const ofPair = sockets.filter((s) => s.member === 0 || s.member === 1);
    const deadline = performance.now() + 5_000;
    const got = () => ofPair.filter((s) => s.frames.some((f) => f.includes(probe))).length;
    while (got() < ofPair.length && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));

    return {
      kind: target.kind,
      members: memberCount,
      opened: sockets.length,
      openAfterHeartbeat,
      connectSeconds,
      rssBefore,
      rssConnected,
      rssAfterHeartbeat: after.rss,
      rssPeak: after.peak,
      clientRss: process.memoryUsage.rss() / 1024 / 1024,
      deliveredTo: got(),
    };
  } finally {
    for (const s of sockets) s.ws.terminate();
    await stopServer(server.child);
  }
}

async function withDb<T>(target: Target, fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}
