import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeRequestItem } from '../../../shared/schemas/requests.js';
import { mailQueue } from '../../db/schema/index.js';
import { TestClient, uniqueEmail } from '../../test/client.js';
import { createProfile, insertPost, setSettings } from '../../test/factories.js';
import { startTestServer, testDatabases, type TestServer } from '../../test/harness.js';
import { TEST_PASSWORD } from '../../test/members.js';
import { linkIn, SmtpSink } from '../../test/smtp-sink.js';
import { openSocket } from '../../test/sockets.js';
import { enqueueMail } from './queue.js';
import { msUntilDueMail } from './worker.js';

interface Member {
  client: TestClient;
  userId: string;
  email: string;
}

/** Signs up through the API and follows the verification link the SMTP sink received. */
async function memberVia(server: TestServer, sink: SmtpSink, displayName: string): Promise<Member> {
  const email = uniqueEmail('mm');
  const client = new TestClient(server.url);
  expect((await client.post('/api/auth/sign-up/email', { email, password: TEST_PASSWORD, acceptTerms: true })).status).toBe(200);
  const link = linkIn(await sink.waitFor(email, (m) => m.text.includes('/auth/callback')), '/auth/callback');
  expect((await client.get(`/api/auth/verify-email?token=${encodeURIComponent(new URL(link).searchParams.get('token') ?? '')}`)).ok).toBe(true);
  const session = await client.json<{ user: { id: string } }>(await client.get('/api/auth/get-session'));
  await createProfile(server.app.database.db, session.user.id, { displayName });
  return { client, userId: session.user.id, email };
}

const seed = { offering: 'Bread baking for beginners, all welcome', lookingFor: 'Someone to help me with spreadsheets' };

describe.each(testDatabases())('member e-mails on %s', (kind) => {
  const sink = new SmtpSink();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { SMTP_URL: await sink.start(), TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await server.close();
    await sink.stop();
  });
  const db = () => server.app.database.db;
  const present = async (userId: string) =>
    (await queryRows(db(), sql`SELECT 1 FROM realtime_presence WHERE user_id = ${userId}`)).length;
  const queued = (userId: string, mailKind: string) =>
    db().select().from(mailQueue).where(and(eq(mailQueue.userId, userId), eq(mailQueue.kind, mailKind)));

  async function request(owner: Member, requester: Member): Promise<ExchangeRequestItem> {
    const postId = await insertPost(db(), owner.userId, { ...seed, title: 'Sourdough lessons' });
    const res = await requester.client.post('/api/requests', { postId });
    expect(res.status).toBe(201);
    return requester.client.json<ExchangeRequestItem>(res);
  }

  it('mails the owner a new request, the requester the answer, the other party the completion; each with its unsubscribe link and headers', async () => {
    const owner = await memberVia(server, sink, 'Olive Owner');
    const requester = await memberVia(server, sink, 'Rita Requester');
    const item = await request(owner, requester);

    const requestMail = await sink.waitFor(owner.email, (m) => m.text.includes('New exchange request'));
    expect(requestMail.text).toContain('Rita Requester wants to exchange on "Sourdough lessons"');
    expect(linkIn(requestMail, '/messages/')).toBe(`${server.url}/messages/${item.conversationId}`);
    expect(linkIn(requestMail, '/unsubscribe')).toMatch(/\/unsubscribe\?token=/);
    const headers = requestMail.raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(/^List-Unsubscribe:\s*<http:\/\/127\.0\.0\.1:\d+\/api\/unsubscribe\?token=[^>\s]+>/m);
    expect(headers).toMatch(/^List-Unsubscribe-Post:\s*List-Unsubscribe=One-Click/m);
    expect(requestMail.raw).toContain('Content-Type: text/html');
    expect(requestMail.raw).toContain('Content-Type: text/plain');
    expect(requestMail.text).toContain('support@skillswap.local');

    expect((await owner.client.request('PATCH', `/api/requests/${item.id}`, { status: 'accepted' })).status).toBe(200);
    const accepted = await sink.waitFor(requester.email, (m) => m.text.includes('Request accepted'));
    expect(accepted.text).toContain('Olive Owner accepted your request for "Sourdough lessons"');

    expect((await requester.client.request('PATCH', `/api/requests/${item.id}`, { status: 'completed' })).status).toBe(200);
    const completed = await sink.waitFor(owner.email, (m) => m.text.includes('Exchange completed'));
    expect(completed.text).toContain('Rita Requester marked your exchange');

    const other = await memberVia(server, sink, 'Dora Decliner');
    const declinedItem = await request(other, requester);
    expect((await other.client.request('PATCH', `/api/requests/${declinedItem.id}`, { status: 'declined' })).status).toBe(200);
    const declined = await sink.waitFor(requester.email, (m) => m.text.includes('Request declined'));
    expect(declined.text).toContain('Dora Decliner declined your request');
  });

  it('writes no request, answer or completion mail when Email Notifications is off', async () => {
    const owner = await memberVia(server, sink, 'Quiet Owner');
    const requester = await memberVia(server, sink, 'Quiet Requester');
    await setSettings(db(), owner.userId, { emailNotifications: false });
    await setSettings(db(), requester.userId, { emailNotifications: false });
    const item = await request(owner, requester);
    expect((await owner.client.request('PATCH', `/api/requests/${item.id}`, { status: 'accepted' })).status).toBe(200);
    expect((await requester.client.request('PATCH', `/api/requests/${item.id}`, { status: 'completed' })).status).toBe(200);
    // Mails are queued in the event's transaction: none exists once the answers are in.
    expect(await queued(owner.userId, 'exchange_request')).toHaveLength(0);
    expect(await queued(requester.userId, 'request_accepted')).toHaveLength(0);
    expect(await queued(owner.userId, 'exchange_completed')).toHaveLength(0);
  });

  it('mails a new message only to a recipient with no open connection, once per conversation per hour, and not when New Messages is off', async () => {
    const owner = await memberVia(server, sink, 'Mona Online');
    const requester = await memberVia(server, sink, 'Sam Sender');
    const item = await request(owner, requester);
    const conversation = item.conversationId;
    const send = async (content: string) =>
      expect((await requester.client.post(`/api/conversations/${conversation}/messages`, { content })).status).toBe(201);
    const read = async () => expect((await owner.client.post(`/api/conversations/${conversation}/read`, {})).status).toBe(204);

    // Online: an open socket (recorded for every instance in realtime_presence) means no mail.
    const socket = await openSocket(server, owner.client);
    await expect.poll(async () => (await present(owner.userId))).toBe(1);
    await send('Are you around?');
    expect(await queued(owner.userId, 'message')).toHaveLength(0);

    // Offline: the next message that raises a notification is mailed, once this hour.
    socket.ws.close();
    await expect.poll(async () => (await present(owner.userId))).toBe(0);
    await read();
    await send('Here is the plan for Saturday');
    const mail = await sink.waitFor(owner.email, (m) => m.text.includes('New message'));
    expect(mail.text).toContain('Sam Sender: Here is the plan for Saturday');
    expect(linkIn(mail, '/messages/')).toBe(`${server.url}/messages/${conversation}`);
    await read();
    await send('And one more thing');
    await send('Sorry, two more');
    expect(await queued(owner.userId, 'message')).toHaveLength(1);

    // New Messages off: nothing, in another conversation too.
    const quiet = await memberVia(server, sink, 'Nora Nomail');
    await setSettings(db(), quiet.userId, { newMessages: false });
    const quietItem = await request(quiet, requester);
    expect((await requester.client.post(`/api/conversations/${quietItem.conversationId}/messages`, { content: 'Hello?' })).status).toBe(201);
    expect(await queued(quiet.userId, 'message')).toHaveLength(0);
  });
});

describe.each(testDatabases())('the mail outbox with the SMTP server down, then up, on %s', (kind) => {
  let server: TestServer;
  const sink = new SmtpSink();
  beforeAll(async () => {
    // The SMTP server refuses every connection (421) until the test lets it answer: every send
    // fails at once. It holds its port meanwhile, so no other test's server can take it (a port
    // merely left free once was, and the sends then waited for a greeting that never came).
    sink.refusing = true;
    const smtpUrl = await sink.start();
    // Retries after 1 s, 2 s, 4 s...
    server = await startTestServer(kind, { SMTP_URL: smtpUrl, TRUST_PROXY: 'true', MAIL_RETRY_BASE_SECONDS: '1' });
  });
  afterAll(async () => {
    await server.close();
    await sink.stop();
  });

  it('answers the support form at once while SMTP is down: the messages wait in the outbox', async () => {
    const email = uniqueEmail('down');
    const res = await new TestClient(server.url).post('/api/support/messages', { subject: 'Hello', message: 'Long enough message', email });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ copyTo: email, copySent: true });
    const rows = await server.app.database.db.select().from(mailQueue).where(eq(mailQueue.toAddress, email));
    expect(rows).toHaveLength(1);
  });

  it('keeps the mail queued, retries it with backoff and delivers it once SMTP answers', async () => {
    const db = server.app.database.db;
    const to = uniqueEmail('outbox');
    await enqueueMail(db, { kind: 'test', to, subject: 'Kept safe', text: 'Still here', html: '<p>Still here</p>' });
    const row = () => db.select().from(mailQueue).where(eq(mailQueue.toAddress, to)).then((rows) => rows[0]);
    // The first attempt failed and was recorded: still queued, the error kept, the retry later.
    await expect.poll(async () => (await row())?.lastError ?? null, { timeout: 10_000 }).not.toBeNull();
    const failed = await row();
    expect(failed?.sentAt).toBeNull();
    expect(failed?.attempts).toBeGreaterThanOrEqual(1);
    expect(failed?.nextAttemptAt.getTime()).toBeGreaterThan(failed?.createdAt.getTime() ?? 0);

    sink.refusing = false;
    const mail = await sink.waitFor(to, () => true, 1, 20_000);
    expect(mail.text).toContain('Still here');
    await expect.poll(async () => (await row())?.sentAt, { timeout: 5_000 }).toBeInstanceOf(Date);
    expect((await row())?.attempts).toBeGreaterThanOrEqual(2);
  });
});

describe.each(testDatabases())('the mail worker waiting on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  it('sleeps until the next mail is due, and for the idle poll with nothing waiting (an empty outbox is not "due now")', async () => {
    const db = server.app.database.db;
    await db.delete(mailQueue);
    expect(await msUntilDueMail(db)).toBeNull();
    const inTenMinutes = new Date(Date.now() + 600_000);
    await db.insert(mailQueue).values({ kind: 'test', toAddress: uniqueEmail('later'), subject: 'Later', textBody: 'Later', htmlBody: '<p>Later</p>', nextAttemptAt: inTenMinutes });
    const wait = await msUntilDueMail(db);
    expect(wait).toBeGreaterThan(590_000);
    expect(wait).toBeLessThanOrEqual(600_000);
    await db.delete(mailQueue);
  });
});
