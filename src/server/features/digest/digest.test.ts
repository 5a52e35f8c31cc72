import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { loadConfig } from '../../config.js';
import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../../shared/schemas/messages.js';
import { exchangeRequests, mailQueue } from '../../db/schema/index.js';
import { insertPost, memberWithProfile, setSettings, useTestServer } from '../../test/factories.js';
import { startTestServer, testDatabases } from '../../test/harness.js';
import { readUnsubscribeToken } from '../mail/unsubscribe-token.js';
import { unreadMessageCount } from '../messages/messages.service.js';
import { DIGEST_LOCK_KEY, latestDigestMoment, runDigestOnce } from './digest-schedule.js';
import { digestDedupeKey, isoWeek, runDigest } from './digest.service.js';

type Member = Awaited<ReturnType<typeof memberWithProfile>>;

/** A made-up word (letters only, ends in a consonant the stemmer keeps), so other tests' posts never match. */
const word = () => `zq${Array.from({ length: 8 }, () => 'bcdfghjkmnpqrtvwxz'[randomInt(18)]).join('')}x`;

const BOSTON = { latitude: 42.3576, longitude: -71.0649 };
const CAMBRIDGE = { latitude: 42.3736, longitude: -71.1097 }; // ~2.5 miles
const NEW_YORK = { latitude: 40.7128, longitude: -74.006 }; // ~190 miles

describe('isoWeek and the schedule', () => {
  it('names ISO weeks, the Thursday deciding the year', () => {
    expect(isoWeek(new Date('2026-11-23T10:00:00Z'))).toBe('2026-W48');
    expect(isoWeek(new Date('2027-01-01T10:00:00Z'))).toBe('2026-W53');
    expect(isoWeek(new Date('2024-12-30T10:00:00Z'))).toBe('2025-W01');
  });

  it('finds the latest scheduled moment at or before now', () => {
    const monday8 = { day: 1, hour: 8 };
    expect(latestDigestMoment(new Date('2026-11-23T09:30:00Z'), monday8).toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(latestDigestMoment(new Date('2026-11-23T07:59:00Z'), monday8).toISOString()).toBe('2026-11-16T08:00:00.000Z');
    expect(latestDigestMoment(new Date('2026-11-28T23:00:00Z'), monday8).toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(latestDigestMoment(new Date('2026-11-22T12:00:00Z'), { day: 0, hour: 12 }).toISOString()).toBe('2026-11-22T12:00:00.000Z');
  });

  it('reads DIGEST_ENABLED, DIGEST_DAY and DIGEST_HOUR, refusing bad values', () => {
    const env = { DATA_DIR: 'memory://' };
    expect(loadConfig(env).digest).toEqual({ day: 1, hour: 8 });
    expect(loadConfig({ ...env, DIGEST_DAY: 'Friday', DIGEST_HOUR: '17' }).digest).toEqual({ day: 5, hour: 17 });
    expect(loadConfig({ ...env, DIGEST_DAY: 'sun', DIGEST_HOUR: '0' }).digest).toEqual({ day: 0, hour: 0 });
    expect(loadConfig({ ...env, DIGEST_ENABLED: 'false' }).digest).toBeNull();
    expect(() => loadConfig({ ...env, DIGEST_DAY: 'someday' })).toThrow(/DIGEST_DAY must be a weekday name/);
    expect(() => loadConfig({ ...env, DIGEST_DAY: 'mondayish' })).toThrow(/DIGEST_DAY must be a weekday name/);
    expect(() => loadConfig({ ...env, DIGEST_HOUR: '24' })).toThrow(/DIGEST_HOUR must be a whole hour/);
    expect(() => loadConfig({ ...env, DIGEST_ENABLED: 'yes' })).toThrow(/DIGEST_ENABLED/);
  });
});

describe.each(testDatabases())('weekly digest on %s', (kind) => {
  const server = useTestServer(kind);
  const db = () => server().app.database.db;
  const config = () => server().config;
  // The digests queued for these members (their request and message e-mails are queued too).
  const queued = (userIds: string[]) =>
    db().select().from(mailQueue).where(and(inArray(mailQueue.userId, userIds), eq(mailQueue.kind, 'digest')));

  /** A member (Boston, radius 10 unless told) with the Weekly Digest on. */
  const subscriber = async (overrides: Parameters<typeof memberWithProfile>[1] = {}) => {
    const member = await memberWithProfile(server(), { displayName: 'Dana Digest', skillKeywords: [], ...overrides });
    await setSettings(db(), member.userId, { weeklyDigest: true });
    return member;
  };
  const author = (name: string) => memberWithProfile(server(), { displayName: name, skillKeywords: [] });

  it('lists matching new posts within the radius, pending requests and unread messages', async () => {
    const skill = word();
    const want = word();
    const dana = await subscriber();
    const danaPost = await insertPost(db(), dana.userId, { offering: `Teaching ${skill} to anyone`, lookingFor: `Someone for ${want} and ${want}` });

    const post = async (who: Member, seed: Parameters<typeof insertPost>[2]) => insertPost(db(), who.userId, seed);
    const offersWant = { offering: `${want} sessions for anyone`, lookingFor: 'Would like something new' };
    const near = await author('Nora Near');
    await post(near, { ...offersWant, ...CAMBRIDGE });
    const wantsSkill = await author('Will Wants');
    await post(wantsSkill, { offering: 'Something unrelated to anything here', lookingFor: `Looking for ${skill} please`, ...BOSTON });
    const far = await author('Fred Far');
    await post(far, { ...offersWant, ...NEW_YORK });
    const remote = await author('Rita Remote');
    await post(remote, { ...offersWant, format: 'remote', ...NEW_YORK });
    const old = await author('Olga Old');
    await post(old, { ...offersWant, ageDays: 8 });
    await post(dana, { ...offersWant, ...BOSTON });
    const blocked = await author('Bert Blocked');
    await post(blocked, offersWant);
    expect((await dana.client.post('/api/blocks', { memberId: blocked.userId })).status).toBe(201);
    const blocker = await author('Bella Blocker');
    await post(blocker, offersWant);
    expect((await blocker.client.post('/api/blocks', { memberId: dana.userId })).status).toBe(201);
    const hidden = await author('Hugo Hidden');
    await post(hidden, offersWant);
    await setSettings(db(), hidden.userId, { profileVisibility: false });
    const connected = await author('Carla Connected');
    const connectedPost = await post(connected, offersWant);
    await setSettings(db(), connected.userId, { profileVisibility: false });
    await db().insert(exchangeRequests).values({ postId: connectedPost, requesterId: dana.userId, status: 'accepted' });
    const unshared = await author('Uma Unshared');
    await post(unshared, offersWant);
    await setSettings(db(), unshared.userId, { locationSharing: false });
    const noMatching = await author('Nick Nomatch');
    await post(noMatching, offersWant);
    await setSettings(db(), noMatching.userId, { aiMatchSuggestions: false });

    // A pending request on Dana's post and an unread message to her.
    const asker = await author('Rosa Requester');
    expect((await asker.client.post('/api/requests', { postId: danaPost })).status).toBe(201);
    const conversation = await asker.client.json<ConversationSummary>(await asker.client.post('/api/conversations', { memberId: dana.userId }));
    for (const content of ['Hello Dana', 'Are you free on Saturday?']) {
      expect((await asker.client.post(`/api/conversations/${conversation.id}/messages`, { content })).status).toBe(201);
    }

    // The request opened a conversation with its own message: the app counts three unread.
    expect(await unreadMessageCount(db(), dana.userId)).toBe(3);

    const result = await runDigest(db(), config(), { onlyMembers: [dana.userId], pauseMs: 0 });
    expect(result).toMatchObject({ members: 1, queued: 1, empty: 0 });
    const [mail, ...others] = await queued([dana.userId]);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ kind: 'digest', toAddress: dana.email, dedupeKey: digestDedupeKey(dana.userId, isoWeek(new Date())) });
    expect(mail?.subject).toBe(`Your ${config().appName} week: 4 new matches, 1 pending request, 3 unread messages`);

    const text = mail?.textBody ?? '';
    const listed = (name: string) => text.includes(`(by ${name})`);
    expect(['Nora Near', 'Will Wants', 'Rita Remote', 'Carla Connected'].filter(listed)).toHaveLength(4);
    for (const name of ['Fred Far', 'Olga Old', 'Dana Digest', 'Bert Blocked', 'Bella Blocker', 'Hugo Hidden', 'Uma Unshared', 'Nick Nomatch']) {
      expect(listed(name), name).toBe(false);
    }
    expect(text).toContain('Hi Dana Digest,');
    expect(text).toContain('4 new posts match your skills near you');
    expect(text).toContain(`${config().appUrl}/profile/${near.userId}`);
    expect(text).toContain(`See matching posts: ${config().appUrl}/home`);
    expect(text).toContain('1 exchange request is waiting for your answer');
    expect(text).toContain(`- Rosa Requester on "Offering: Teaching ${skill} to anyone"`);
    expect(text).toContain(`Answer requests: ${config().appUrl}/network`);
    expect(text).toContain('You have 3 unread messages');
    expect(text).toContain(`Read messages: ${config().appUrl}/messages`);
    expect(text).toContain(`Questions? Write to ${config().supportEmail}.`);
    // The unsubscribe link in the body and the one-click headers name Dana and the Weekly Digest.
    const link = /Unsubscribe from the Weekly Digest: (\S+)/.exec(text)?.[1] ?? '';
    expect(link.startsWith(`${config().appUrl}/unsubscribe?token=`)).toBe(true);
    const token = decodeURIComponent(new URL(link).searchParams.get('token') ?? '');
    expect(readUnsubscribeToken(config().authSecret, token)).toEqual({ userId: dana.userId, setting: 'weeklyDigest' });
    expect(mail?.headers).toEqual({
      'List-Unsubscribe': `<${config().appUrl}/api/unsubscribe?token=${encodeURIComponent(token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // The HTML part says the same, escaped.
    const html = mail?.htmlBody ?? '';
    expect(html).toContain('<a href="' + `${config().appUrl}/profile/${near.userId}`);
    expect(html).toContain('Rosa Requester on &quot;Offering: Teaching');
    expect(html).toContain('Unsubscribe from the Weekly Digest</a>');
    expect(html).toContain(config().supportEmail);
  });

  it('queues nothing for members who did not opt in or have nothing to report, and once a week', async () => {
    const want = word();
    const quiet = await subscriber(); // opted in, nothing new for them
    await insertPost(db(), quiet.userId, { offering: `Teaching ${word()} to anyone`, lookingFor: `Someone for ${word()} please` });
    const notOptedIn = await memberWithProfile(server(), { skillKeywords: [] });
    await insertPost(db(), notOptedIn.userId, { offering: `Teaching ${word()} to anyone`, lookingFor: `Someone for ${want} please` });
    const turnedOff = await subscriber();
    await insertPost(db(), turnedOff.userId, { offering: `Teaching ${word()} to anyone`, lookingFor: `Someone for ${want} please` });
    await setSettings(db(), turnedOff.userId, { weeklyDigest: false });
    const keen = await subscriber();
    await insertPost(db(), keen.userId, { offering: `Teaching ${word()} to anyone`, lookingFor: `Someone for ${want} please` });
    const helper = await author('Hank Helper');
    await insertPost(db(), helper.userId, { offering: `${want} sessions for anyone`, lookingFor: 'Would like something new' });

    const only = [quiet.userId, notOptedIn.userId, turnedOff.userId, keen.userId];
    const first = await runDigest(db(), config(), { onlyMembers: only, batchSize: 1, pauseMs: 0 });
    expect(first).toMatchObject({ members: 2, queued: 1, empty: 1, batches: 2 });
    expect((await queued(only)).map((m) => m.userId)).toEqual([keen.userId]);

    // Again (another instance, a restart): the member mailed this week is not even looked at.
    const second = await runDigest(db(), config(), { onlyMembers: only, pauseMs: 0 });
    expect(second).toMatchObject({ members: 1, queued: 0, empty: 1 });
    expect(await queued(only)).toHaveLength(1);
    // A run racing the first one (it did not see the mail yet) is dropped by the dedupe key.
    await db().delete(mailQueue).where(eq(mailQueue.userId, keen.userId));
    const raced = await Promise.all([
      runDigest(db(), config(), { onlyMembers: [keen.userId], pauseMs: 0 }),
      runDigest(db(), config(), { onlyMembers: [keen.userId], pauseMs: 0 }),
    ]);
    expect(raced.reduce((n, r) => n + r.queued, 0)).toBe(1);
    expect(await queued(only)).toHaveLength(1);
    // Next week is another digest.
    const nextWeek = await runDigest(db(), config(), { onlyMembers: [keen.userId], pauseMs: 0, now: new Date(Date.now() + 7 * 86_400_000) });
    expect(nextWeek.week).not.toBe(first.week);
  });

  it.runIf(kind === 'postgres')('runs on one instance at a time (advisory lock)', async () => {
    const member = await subscriber();
    await db().transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${DIGEST_LOCK_KEY})`);
      // Another instance holds the run: this one leaves it alone.
      expect(await runDigestOnce(db(), 'postgres', config(), { onlyMembers: [member.userId] })).toBeNull();
    });
    expect(await runDigestOnce(db(), 'postgres', config(), { onlyMembers: [member.userId] })).toMatchObject({ members: 1 });
  });

  it('a member with AI Match Suggestions off gets their requests and messages, without a post list', async () => {
    const want = word();
    const member = await subscriber();
    await insertPost(db(), member.userId, { offering: `Teaching ${word()} to anyone`, lookingFor: `Someone for ${want} please` });
    await setSettings(db(), member.userId, { aiMatchSuggestions: false });
    const helper = await author('Mona Match');
    await insertPost(db(), helper.userId, { offering: `${want} sessions for anyone`, lookingFor: 'Would like something new' });
    const first = await runDigest(db(), config(), { onlyMembers: [member.userId], pauseMs: 0 });
    expect(first).toMatchObject({ queued: 0, empty: 1 });

    const conversation = await helper.client.json<ConversationSummary>(await helper.client.post('/api/conversations', { memberId: member.userId }));
    expect((await helper.client.post(`/api/conversations/${conversation.id}/messages`, { content: 'Hi!' })).status).toBe(201);
    expect(await runDigest(db(), config(), { onlyMembers: [member.userId], pauseMs: 0 })).toMatchObject({ queued: 1 });
    const [mail] = await queued([member.userId]);
    expect(mail?.subject).toBe(`Your ${config().appName} week: 1 unread message`);
    expect(mail?.textBody).not.toContain('Mona Match');
  });
});

describe('npm run digest', () => {
  const script = (dataDir: string) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, AUTH_SECRET: 'test-secret-test-secret-test-secret-0123' };
      execFile(process.execPath, ['scripts/digest.mjs'], { env, timeout: 60_000 }, (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
      });
    });

  it('queues the digest now and prints how many', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'skillswap-digest-'));
    try {
      const server = await startTestServer('pglite', { DATA_DIR: dataDir, TRUST_PROXY: 'true' });
      try {
        const want = word();
        const member = await memberWithProfile(server, { skillKeywords: [] });
        await setSettings(server.app.database.db, member.userId, { weeklyDigest: true });
        await insertPost(server.app.database.db, member.userId, { offering: `Teaching ${word()} to anyone`, lookingFor: `Someone for ${want} please` });
        const other = await memberWithProfile(server, { skillKeywords: [] });
        await insertPost(server.app.database.db, other.userId, { offering: `${want} sessions for anyone`, lookingFor: 'Would like something new' });
      } finally {
        await server.close();
      }
      const first = await script(dataDir);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toMatch(/^Weekly Digest \d{4}-W\d{2}: 1 queued \(1 opted-in members without this week's digest, 0 with nothing to report\) in [\d.]+ s$/m);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
