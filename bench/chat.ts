/**
 * What the realtime benchmarks share: members seeded straight into the database (sign-up with
 * its e-mail round trip would take minutes for 500), their real session cookies from the
 * sign-in API, their WebSockets on /api/realtime, and the server process's memory.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { openDatabase, queryRows } from '../src/server/db/client.js';
import { addPasswords } from '../src/server/db/seed/accounts.js';
import { analyze, generateCommunity, insertCommunity } from '../src/server/db/seed/community.js';
import { progressReporter } from '../src/server/db/seed/progress.js';
import { BENCH_PASSWORD, signInAs, type Target } from './exchange.js';

export interface ChatMember {
  id: string;
  email: string;
}

/** Seeds `count` members with the bench password (no posts), or reuses them when already there. */
export async function seedChatMembers(target: Target, count: number): Promise<ChatMember[]> {
  const community = generateCommunity({ members: count, posts: 0, seed: 12, emailDomain: 'chat.skillswap.local' });
  const handle = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    const [existing] = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n FROM users WHERE email LIKE '%@chat.skillswap.local'`,
    );
    if (Number(existing?.n ?? 0) === 0) {
      const progress = progressReporter(`  ${target.kind}: seeding`);
      try {
        await insertCommunity(handle.db, community, progress.update);
        progress.update('passwords', 0, 1);
        await addPasswords(handle.db, community.members.map((m) => m.id), BENCH_PASSWORD);
        progress.update('passwords', 1, 1);
        progress.update('VACUUM ANALYZE', 0, 1);
        await analyze(handle.db);
        progress.update('VACUUM ANALYZE', 1, 1);
      } finally {
        progress.end();
      }
    }
    return community.members.map((m) => ({ id: m.id, email: m.email }));
  } finally {
    await handle.close();
  }
}

/**
 * Signs every member in through POST /api/auth/sign-in/email, a few at a time (argon2 is slow
 * on purpose), each from its own address (X-Forwarded-For) so the per-address sign-in limit
 * sees ordinary traffic. Returns one Cookie header per member, in order.
 */
export async function signInAll(url: string, members: ChatMember[], concurrency = 4): Promise<string[]> {
  const cookies: string[] = new Array<string>(members.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < members.length; i = next++) {
        const member = members[i];
        if (!member) continue;
        cookies[i] = await signInAs(url, member.email, `10.${100 + Math.floor(i / 250)}.${i % 250}.12`);
      }
    }),
  );
  return cookies;
}

/**
 * Opens a WebSocket on /api/realtime as the app's own page would (session cookie, Origin =
 * the server's origin). Resolves once it is open; rejects on a refused upgrade or an
 * immediate close (4401 without a session, 4429 over the per-member limit).
 */
export function openMemberSocket(url: string, cookie: string, localAddress?: string): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/api/realtime`, {
    headers: { cookie, origin: url },
    perMessageDeflate: false,
    ...(localAddress ? { localAddress } : {}),
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`realtime upgrade refused: HTTP ${res.statusCode}`)));
    ws.once('error', reject);
    ws.once('close', (code) => reject(new Error(`realtime socket closed at once: ${code}`)));
  });
}

/** Resident memory of a process (Linux /proc), in MB: now, and the peak so far. */
export function processMemoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** This process's soft limit on open files (Linux /proc). */
export function openFileLimit(): number {
  const limits = readFileSync('/proc/self/limits', 'utf8');
  const soft = /^Max open files\s+(\S+)/m.exec(limits)?.[1];
  return soft === undefined || soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft);
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)] ?? Number.NaN;
}
