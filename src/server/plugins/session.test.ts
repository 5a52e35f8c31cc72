import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Auth } from '../features/auth/auth.js';
import { DATABASE_CHANNELS, type RealtimeHub } from '../realtime/hub.js';
import { registerSession, SessionCache, type Viewer } from './session.js';

/**
 * The session plugin's own bookkeeping, in front of a stand-in for better-auth that counts how
 * often it is asked and answers when the test lets it. (The real sign-in, revocation and
 * cross-instance paths are covered against real servers in auth.test.ts and instances.test.ts.)
 */
async function setUp() {
  const asked: Array<{ cookie: string; answer: (userId: string | null) => void }> = [];
  const auth = {
    $context: Promise.resolve({ authCookies: { sessionToken: { name: 'ss.session_token' } } }),
    api: {
      getSession: ({ headers }: { headers: Headers }) =>
        new Promise((resolve) => {
          asked.push({
            cookie: headers.get('cookie') ?? '',
            answer: (userId) =>
              resolve(
                userId
                  ? { user: { id: userId, email: `${userId}@example.com`, name: userId, emailVerified: true }, session: { expiresAt: new Date(Date.now() + 3_600_000) } }
                  : null,
              ),
          });
        }),
    },
  } as unknown as Auth;
  const handlers = new Map<string, (payload: string) => void>();
  const hub = {
    subscribe: (channel: string, handler: (payload: string) => void) => {
      handlers.set(channel, handler);
      return () => handlers.delete(channel);
    },
    publish: async () => undefined,
    onGap: () => undefined,
  } as unknown as RealtimeHub;
  const app = Fastify();
  await registerSession(app, auth, hub, new SessionCache());
  const lookup = (cookie: string): Promise<Viewer | null> => app.sessionViewer({ cookie: `ss.session_token=${cookie}` });
  const revoke = (userId: string) => handlers.get(DATABASE_CHANNELS.sessionsChanged)?.(userId);
  const settle = () => new Promise((r) => setImmediate(r));
  return { asked, lookup, revoke, settle };
}

describe('session lookups', () => {
  it('asks once for the requests of one cookie that arrive together, then answers from the cache', async () => {
    const { asked, lookup, settle } = await setUp();
    const together = Promise.all(Array.from({ length: 20 }, () => lookup('ann-cookie')));
    await settle();
    expect(asked).toHaveLength(1);
    asked[0]?.answer('ann');
    expect((await together).map((v) => v?.userId)).toEqual(Array(20).fill('ann'));
    expect((await lookup('ann-cookie'))?.userId).toBe('ann');
    expect(asked).toHaveLength(1);
  });

  it('never gives a request that came after a revocation the answer of a lookup begun before it', async () => {
    const { asked, lookup, revoke, settle } = await setUp();
    const before = lookup('bob-cookie');
    await settle();
    revoke('bob');
    const after = lookup('bob-cookie');
    await settle();
    expect(asked).toHaveLength(2);
    asked[0]?.answer('bob');
    asked[1]?.answer(null);
    expect((await before)?.userId).toBe('bob');
    expect(await after).toBeNull();
    // Neither answer is cached: the first raced the revocation, the second found no session.
    const again = lookup('bob-cookie');
    await settle();
    expect(asked).toHaveLength(3);
    asked[2]?.answer(null);
    expect(await again).toBeNull();
  });

  it('asks separately for different cookies', async () => {
    const { asked, lookup, settle } = await setUp();
    const both = Promise.all([lookup('a'), lookup('b')]);
    await settle();
    expect(asked.map((a) => a.cookie)).toEqual(['ss.session_token=a', 'ss.session_token=b']);
    asked[0]?.answer('a');
    asked[1]?.answer('b');
    expect((await both).map((v) => v?.userId)).toEqual(['a', 'b']);
  });
});
