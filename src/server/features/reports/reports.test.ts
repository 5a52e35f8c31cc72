import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ConversationSummary, MessageItem } from '../../../shared/schemas/messages.js';
import { REPORT_LIMITS, SAFETY_MESSAGES } from '../../../shared/schemas/safety.js';
import { reports } from '../../db/schema/index.js';
import { TestClient } from '../../test/client.js';
import { insertPost, memberWithProfile, setSettings, useTestServer, type ApiErrorBody } from '../../test/factories.js';
import { startTestServer, testDatabases } from '../../test/harness.js';
import { signedInMember } from '../../test/members.js';
import { formatOpenReports, listOpenReports, type OpenReport } from './open-reports.js';
import { parseReportsArgs, runReportsCommand } from './reports-command.js';

type Member = Awaited<ReturnType<typeof memberWithProfile>>;

const POST = { offering: 'Guitar lessons for total beginners', lookingFor: 'Help with my vegetable garden' };

describe.each(testDatabases())('reports on %s', (kind) => {
  const server = useTestServer(kind);
  const db = () => server().app.database.db;

  const report = (from: Member, body: unknown) => from.client.post('/api/reports', body);
  const created = async (from: Member, body: unknown) => {
    const res = await report(from, body);
    const text = await res.text();
    expect(res.status, text).toBe(201);
    return (JSON.parse(text) as { id: string }).id;
  };
  const errorOf = async (res: Response) => ((await res.json()) as ApiErrorBody).error;
  /** A conversation between the two with one message from each; returns both messages. */
  const chat = async (a: Member, b: Member) => {
    const conversation = (await (await a.client.post('/api/conversations', { memberId: b.userId })).json()) as ConversationSummary;
    const send = async (from: Member, content: string) =>
      (await (await from.client.post(`/api/conversations/${conversation.id}/messages`, { content })).json()) as MessageItem;
    return { fromA: await send(a, 'Hello there'), fromB: await send(b, 'Buy cheap followers at spam.example') };
  };
  const stored = (id: string) => db().select().from(reports).where(eq(reports.id, id));

  it('answers 401 to a visitor', async () => {
    const visitor = new TestClient(server().url);
    const res = await visitor.post('/api/reports', { targetType: 'member', targetId: 'someone', reason: 'spam' });
    expect(res.status).toBe(401);
  });

  it('stores reports of a member, a post and a message with the member behind each', async () => {
    const ann = await memberWithProfile(server(), { displayName: 'Ann Reported' });
    const bob = await memberWithProfile(server(), { displayName: 'Bob Reporter' });
    const postId = await insertPost(db(), ann.userId, POST);
    const { fromA } = await chat(ann, bob);

    const memberReport = await created(bob, { targetType: 'member', targetId: ann.userId, reason: 'no_show', note: '  Did not come on Saturday.  ' });
    const postReport = await created(bob, { targetType: 'post', targetId: postId, reason: 'inappropriate' });
    const messageReport = await created(bob, { targetType: 'message', targetId: fromA.id, reason: 'harassment', note: '   ' });

    expect(await stored(memberReport)).toEqual([
      expect.objectContaining({
        reporterId: bob.userId,
        targetType: 'member',
        targetId: ann.userId,
        reportedMemberId: ann.userId,
        reason: 'no_show',
        note: 'Did not come on Saturday.',
        status: 'open',
      }),
    ]);
    expect(await stored(postReport)).toEqual([expect.objectContaining({ targetType: 'post', targetId: postId, reportedMemberId: ann.userId, note: null })]);
    expect(await stored(messageReport)).toEqual([
      expect.objectContaining({ targetType: 'message', targetId: fromA.id, reportedMemberId: ann.userId, reason: 'harassment', note: null }),
    ]);

    // A hidden post or one of a member who hides their profile, but with whom the reporter has a
    // conversation: both are still in front of the reporter.
    const hidden = await insertPost(db(), ann.userId, { ...POST, status: 'hidden' });
    await created(bob, { targetType: 'post', targetId: hidden, reason: 'spam' });
    await setSettings(db(), ann.userId, { profileVisibility: false });
    await created(bob, { targetType: 'member', targetId: ann.userId, reason: 'other' });
  });

  it('lists the open reports newest first with both names, for the operator', async () => {
    const ann = await memberWithProfile(server(), { displayName: 'Ann Listed' });
    const bob = await memberWithProfile(server(), { displayName: 'Bob Lister' });
    const postId = await insertPost(db(), ann.userId, POST);
    const first = await created(bob, { targetType: 'post', targetId: postId, reason: 'spam', note: 'Sells\nthings \u001b[31mred' });
    const second = await created(bob, { targetType: 'member', targetId: ann.userId, reason: 'harassment' });
    const closed = await created(bob, { targetType: 'member', targetId: ann.userId, reason: 'other' });
    await db().update(reports).set({ status: 'closed' }).where(eq(reports.id, closed));

    const listed = (await listOpenReports(db())).filter((r) => r.reporter.id === bob.userId);
    expect(listed.map((r) => r.id)).toEqual([second, first]);
    expect(listed[1]).toEqual({
      id: first,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      reason: 'spam',
      targetType: 'post',
      targetId: postId,
      reportedMember: { id: ann.userId, name: 'Ann Listed' },
      reporter: { id: bob.userId, name: 'Bob Lister' },
      note: 'Sells\nthings \u001b[31mred',
    } satisfies OpenReport);

    const lines = formatOpenReports(listed);
    expect(lines[0]).toBe('2 open reports, newest first:');
    const text = lines.join('\n');
    expect(text).toContain(`Harassment  member ${ann.userId}`);
    expect(text).toContain(`Spam  post ${postId}`);
    expect(text).toContain(`reported: Ann Listed (${ann.userId})`);
    expect(text).toContain(`reporter: Bob Lister (${bob.userId})`);
    // What a member wrote never reaches the operator's terminal as control characters.
    expect(text).toContain('note:     Sells things [31mred');
    expect(text).not.toContain('\u001b');
    expect(formatOpenReports([])).toEqual(['No open reports.']);
  });

  it('refuses reports of the reporter’s own profile, post and message', async () => {
    const ann = await memberWithProfile(server());
    const bob = await memberWithProfile(server());
    const postId = await insertPost(db(), ann.userId, POST);
    const { fromA } = await chat(ann, bob);
    for (const body of [
      { targetType: 'member', targetId: ann.userId, reason: 'spam' },
      { targetType: 'post', targetId: postId, reason: 'spam' },
      { targetType: 'message', targetId: fromA.id, reason: 'spam' },
    ]) {
      const res = await report(ann, body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(SAFETY_MESSAGES.reportOwn);
    }
  });

  it('answers 404 to what does not exist or the reporter cannot see', async () => {
    const ann = await memberWithProfile(server());
    const bob = await memberWithProfile(server());
    const cat = await memberWithProfile(server());
    const noProfile = await signedInMember(server());
    const { fromA } = await chat(ann, bob);
    const stranger = await memberWithProfile(server());
    const strangerPost = await insertPost(db(), stranger.userId, POST);
    await setSettings(db(), stranger.userId, { profileVisibility: false });

    for (const body of [
      { targetType: 'member', targetId: 'no-such-member' },
      { targetType: 'member', targetId: noProfile.userId },
      { targetType: 'post', targetId: crypto.randomUUID() },
      { targetType: 'post', targetId: 'not-a-uuid' },
      { targetType: 'message', targetId: crypto.randomUUID() },
      { targetType: 'message', targetId: 'not-a-uuid' },
      // Someone else's conversation.
      { targetType: 'message', targetId: fromA.id },
      // A member who hides their profile, and their post, from a member who is not connected.
      { targetType: 'member', targetId: stranger.userId },
      { targetType: 'post', targetId: strangerPost },
      // A message id given as a post, and a post id as a message.
      { targetType: 'post', targetId: fromA.id },
      { targetType: 'message', targetId: strangerPost },
    ]) {
      const res = await report(cat, { ...body, reason: 'spam' });
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect((await errorOf(res)).message).toBe(SAFETY_MESSAGES.reportNotFound);
    }
    expect((await db().select().from(reports).where(eq(reports.reporterId, cat.userId))).length).toBe(0);
  });

  it('refuses bad and hostile bodies with 400 and field messages, never 5xx', async () => {
    const ann = await memberWithProfile(server());
    const bob = await memberWithProfile(server());
    const target = { targetType: 'member', targetId: ann.userId };

    const noReason = await report(bob, target);
    expect(noReason.status).toBe(400);
    expect((await errorOf(noReason)).fields?.reason).toBe(SAFETY_MESSAGES.reasonRequired);
    const badReason = await report(bob, { ...target, reason: 'boring' });
    expect((await errorOf(badReason)).fields?.reason).toBe(SAFETY_MESSAGES.reasonRequired);
    const longNote = await report(bob, { ...target, reason: 'spam', note: 'x'.repeat(REPORT_LIMITS.noteMax + 1) });
    expect(longNote.status).toBe(400);
    expect((await errorOf(longNote)).fields?.note).toBe(SAFETY_MESSAGES.noteMax);
    await created(bob, { ...target, reason: 'spam', note: 'x'.repeat(REPORT_LIMITS.noteMax) });

    for (const body of [
      {},
      'not json',
      [],
      { ...target, reason: 'spam', targetType: 'conversation' },
      { ...target, reason: 'spam', targetType: 42 },
      { ...target, reason: 'spam', targetId: 7 },
      { ...target, reason: 'spam', targetId: '' },
      { ...target, reason: 'spam', targetId: 'x'.repeat(101) },
      { ...target, reason: ['spam'] },
      { ...target, reason: 'spam', note: 12 },
      { ...target, reason: 'spam', note: 'a\u0000b' },
      { ...target, reason: 'spam', note: 'lone \ud800 surrogate' },
      { targetType: 'member', targetId: `${ann.userId}\u0000`, reason: 'spam' },
      { targetType: 'post', targetId: '\u0000', reason: 'spam' },
      { ...target, reason: 'spam', note: { toString: 'x' } },
    ]) {
      const res = await report(bob, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const deep = await bob.client.post('/api/reports', `${'['.repeat(5000)}${']'.repeat(5000)}`);
    expect(deep.status).toBe(400);
    const huge = await bob.client.post('/api/reports', { ...target, reason: 'spam', note: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.status).toBe(413);
  });

  it(`answers 429 past ${REPORT_LIMITS.perHour} reports an hour from one member`, async () => {
    const ann = await memberWithProfile(server());
    const bob = await memberWithProfile(server());
    const cat = await memberWithProfile(server());
    for (let i = 0; i < REPORT_LIMITS.perHour; i++) await created(bob, { targetType: 'member', targetId: ann.userId, reason: 'spam' });
    const refused = await report(bob, { targetType: 'member', targetId: ann.userId, reason: 'spam' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await errorOf(refused)).message).toBe(SAFETY_MESSAGES.reportRateLimited);
    // Another member still reports.
    await created(cat, { targetType: 'member', targetId: ann.userId, reason: 'spam' });
  });
});

describe('npm run reports', () => {
  /** `node scripts/reports.mjs` as npm runs it, in its own process. */
  const script = (args: string[], dataDir: string) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir };
      execFile(process.execPath, ['scripts/reports.mjs', ...args], { env, timeout: 60_000 }, (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
      });
    });

  it('prints the open reports of the configured embedded database, as text and as JSON', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'skillswap-reports-'));
    try {
      const server = await startTestServer('pglite', { DATA_DIR: dataDir, TRUST_PROXY: 'true' });
      let reportId: string;
      let ann: Member;
      let bob: Member;
      try {
        ann = await memberWithProfile(server, { displayName: 'Ann Command' });
        bob = await memberWithProfile(server, { displayName: 'Bob Command' });
        const res = await bob.client.post('/api/reports', { targetType: 'member', targetId: ann.userId, reason: 'no_show', note: 'Never came.' });
        expect(res.status).toBe(201);
        reportId = ((await res.json()) as { id: string }).id;
        // The server holds the embedded database: the command says so instead of opening it twice.
        const locked = await script([], dataDir);
        expect(locked.code).toBe(1);
        expect(locked.stderr).toMatch(/already in use by another SkillSwap process .* while the server is stopped/);
      } finally {
        await server.close();
      }

      const printed = await script(['--json'], dataDir);
      expect(printed.code, printed.stderr).toBe(0);
      expect(JSON.parse(printed.stdout)).toEqual([
        {
          id: reportId,
          createdAt: expect.any(String),
          reason: 'no_show',
          targetType: 'member',
          targetId: ann.userId,
          reportedMember: { id: ann.userId, name: 'Ann Command' },
          reporter: { id: bob.userId, name: 'Bob Command' },
          note: 'Never came.',
        },
      ]);

      // The text, from the same command in this process.
      const output: string[] = [];
      expect(await runReportsCommand([], { DATA_DIR: dataDir }, (t) => output.push(t), (t) => output.push(t))).toBe(0);
      const text = output.join('\n');
      expect(text).toContain('1 open report, newest first:');
      expect(text).toContain(`No-show  member ${ann.userId}`);
      expect(text).toContain(`reporter: Bob Command (${bob.userId})`);
      expect(text).toContain('note:     Never came.');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('takes --json, also as npm passes it without --, and explains its usage otherwise', () => {
    expect(parseReportsArgs([], {})).toEqual({ json: false });
    expect(parseReportsArgs(['--json'], {})).toEqual({ json: true });
    expect(parseReportsArgs([], { npm_config_json: 'true' })).toEqual({ json: true });
    expect(parseReportsArgs(['--csv'], {})).toBe('usage');
    expect(parseReportsArgs(['--json', 'extra'], {})).toBe('usage');
  });
});
