import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_LIMITS, SUPPORT_MESSAGES, type SupportMessageSent } from '../../../shared/schemas/support.js';
import { TestClient, uniqueEmail } from '../../test/client.js';
import { mailQueue } from '../../db/schema/index.js';
import type { ApiErrorBody } from '../../test/factories.js';
import { freePort, startTestServer, testDatabases, type TestServer } from '../../test/harness.js';
import { TEST_PASSWORD } from '../../test/members.js';
import { linkIn, SmtpSink, type ReceivedMail } from '../../test/smtp-sink.js';

const SUPPORT = 'help-desk@skillswap.test';

/** The value of one header of a raw mail (unfolded), or null. */
function header(mail: ReceivedMail, name: string): string | null {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

describe.each(testDatabases())('support messages on %s', (kind) => {
  let server: TestServer;
  const sink = new SmtpSink();

  beforeAll(async () => {
    const smtpUrl = await sink.start();
    server = await startTestServer(kind, { SMTP_URL: smtpUrl, TRUST_PROXY: 'true', SUPPORT_EMAIL: SUPPORT });
  });
  afterAll(async () => {
    await server.close();
    await sink.stop();
  });

  /** A member signed up and verified over the real SMTP sink. */
  async function member(): Promise<{ client: TestClient; email: string }> {
    const client = new TestClient(server.url);
    const email = uniqueEmail('helpme');
    expect((await client.post('/api/auth/sign-up/email', { email, password: TEST_PASSWORD, acceptTerms: true })).status).toBe(200);
    const mail = await sink.waitFor(email, (m) => m.text.includes('/auth/callback'));
    const token = new URL(linkIn(mail, '/auth/callback')).searchParams.get('token') ?? '';
    expect((await client.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)).status).toBe(200);
    return { client, email };
  }

  const send = (client: TestClient, body: unknown) => client.post('/api/support/messages', body);
  const sent = async (client: TestClient, body: unknown) => {
    const res = await send(client, body);
    const text = await res.text();
    expect(res.status, text).toBe(202);
    return JSON.parse(text) as SupportMessageSent;
  };
  const errorOf = async (res: Response) => ((await res.json()) as ApiErrorBody).error;
  /** The support mail whose subject carries this unique marker. */
  const supportMail = (marker: string) => sink.waitFor(SUPPORT, (m) => m.text.includes(marker));

  it('e-mails a member\'s message to support (Reply-To the member) and a copy to their account address', async () => {
    const ann = await member();
    const marker = `Payment question ${Date.now()}`;
    const message = 'My exchange partner did not show up.\n\nWhat can I do?';
    // An address in the body is ignored: members write from their account's address.
    const answer = await sent(ann.client, { subject: `  ${marker}  `, message, email: 'someone.else@example.org' });
    expect(answer).toEqual({ copyTo: ann.email, copySent: true });

    const toSupport = await supportMail(marker);
    expect(toSupport.to).toEqual([SUPPORT]);
    expect(header(toSupport, 'Reply-To')).toBe(ann.email);
    expect(header(toSupport, 'Subject')).toBe(`[SkillSwap support] ${marker}`);
    expect(toSupport.raw).toMatch(/multipart\/alternative/);
    expect(toSupport.raw).toMatch(/Content-Type: text\/plain/);
    expect(toSupport.raw).toMatch(/Content-Type: text\/html/);
    expect(toSupport.text).toContain('My exchange partner did not show up.');
    expect(toSupport.text).toContain(`From: ${ann.email}`);
    expect(toSupport.text).toContain('(signed in)');

    const copy = await sink.waitFor(ann.email, (m) => m.text.includes(marker));
    expect(header(copy, 'Subject')).toBe(`We received your message: ${marker}`);
    expect(copy.text).toContain('What can I do?');
    expect(copy.text).toContain(SUPPORT);
    expect(sink.count('someone.else@example.org')).toBe(0);
  });

  it('lets a visitor write with an address of their own, and asks for one when missing', async () => {
    const visitor = new TestClient(server.url);
    const missing = await send(visitor, { subject: 'Cannot sign in', message: 'The reset link never arrives.' });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).fields).toEqual({ email: SUPPORT_MESSAGES.emailRequired });
    const blank = await send(visitor, { subject: 'Cannot sign in', message: 'The reset link never arrives.', email: '   ' });
    expect((await errorOf(blank)).fields).toEqual({ email: SUPPORT_MESSAGES.emailRequired });

    const email = uniqueEmail('visitor');
    const marker = `Cannot sign in ${Date.now()}`;
    const answer = await sent(visitor, { subject: marker, message: 'The reset link never arrives.', email: ` ${email.toUpperCase()} `, name: ' Vic Visitor ' });
    expect(answer).toEqual({ copyTo: email, copySent: true });
    const toSupport = await supportMail(marker);
    expect(header(toSupport, 'Reply-To')).toBe(email);
    expect(toSupport.text).toContain(`From: Vic Visitor <${email}>`);
    expect(toSupport.text).toContain('Not signed in');
    expect((await sink.waitFor(email, (m) => m.text.includes(marker))).text).toContain('The reset link never arrives.');
  });

  it('answers bad input with field messages and sends nothing', async () => {
    const visitor = new TestClient(server.url);
    const before = sink.count(SUPPORT);
    const email = uniqueEmail('bad');
    const cases: [unknown, string, string][] = [
      [{ message: 'Long enough message', email }, 'subject', SUPPORT_MESSAGES.subjectRequired],
      [{ subject: '   ', message: 'Long enough message', email }, 'subject', SUPPORT_MESSAGES.subjectRequired],
      [{ subject: 'x'.repeat(SUPPORT_LIMITS.subjectMax + 1), message: 'Long enough message', email }, 'subject', SUPPORT_MESSAGES.subjectMax],
      [{ subject: 'Hi', message: '  too short  ', email }, 'message', SUPPORT_MESSAGES.messageMin],
      [{ subject: 'Hi', message: 'y'.repeat(SUPPORT_LIMITS.messageMax + 1), email }, 'message', SUPPORT_MESSAGES.messageMax],
      [{ subject: 'Hi', message: 'Long enough message', email: 'not-an-address' }, 'email', SUPPORT_MESSAGES.emailInvalid],
      [{ subject: 'Hi', message: 'Long enough message', email, name: 'n'.repeat(101) }, 'name', SUPPORT_MESSAGES.nameMax],
      [{ subject: 'Hi\u0000', message: 'Long enough message', email }, 'subject', 'Please remove the unsupported characters from this text.'],
      [{ subject: 'Hi', message: 'Long enough \ud800 message', email }, 'message', 'Please remove the unsupported characters from this text.'],
      [{ subject: 42, message: 'Long enough message', email }, 'subject', SUPPORT_MESSAGES.subjectRequired],
      [{ subject: 'Hi', message: ['Long enough message'], email }, 'message', SUPPORT_MESSAGES.messageMin],
      [{ subject: 'Hi', message: 'Long enough message', email: { $ne: null } }, 'email', SUPPORT_MESSAGES.emailInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await send(visitor, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await errorOf(res)).fields?.[field], JSON.stringify(body).slice(0, 80)).toBe(message);
    }
    for (const raw of ['[]', 'null', '"text"', '{"subject":', '\u0000']) {
      expect((await send(visitor, raw)).status, raw).toBe(400);
    }
    const huge = await send(visitor, { subject: 'Hi', message: 'z'.repeat(2 * 1024 * 1024), email });
    expect(huge.status).toBe(413);
    // Every one of these was refused before any limit counted: the visitor can still write.
    await sent(visitor, { subject: `Still allowed ${Date.now()}`, message: 'Long enough message', email });
    await expect.poll(() => sink.count(SUPPORT), { timeout: 10_000 }).toBe(before + 1);
    await expect.poll(() => sink.count(email), { timeout: 10_000 }).toBe(1);
  });

  it('keeps a typed subject on one line: no extra header, no extra recipient', async () => {
    const visitor = new TestClient(server.url);
    const email = uniqueEmail('inject');
    const marker = `Inject${Date.now()}`;
    await sent(visitor, { subject: `${marker}\r\nBcc: victim@example.org\r\nX-Evil: 1`, message: 'Long enough message', email });
    const mail = await supportMail(marker);
    expect(mail.to).toEqual([SUPPORT]);
    expect(header(mail, 'Subject')).toBe(`[SkillSwap support] ${marker} Bcc: victim@example.org X-Evil: 1`);
    expect(header(mail, 'X-Evil')).toBeNull();
    expect(sink.count('victim@example.org')).toBe(0);
  });

  it('limits a member to 3 messages an hour with a clear 429, and other members are not affected', async () => {
    const [bob, cat] = await Promise.all([member(), member()]);
    const marker = `Limit ${Date.now()}`;
    for (let i = 1; i <= SUPPORT_LIMITS.perHour; i += 1) await sent(bob.client, { subject: `${marker} #${i}`, message: 'Long enough message' });
    const fourth = await send(bob.client, { subject: `${marker} #4`, message: 'Long enough message' });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(3000);
    const error = await errorOf(fourth);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.message).toMatch(new RegExp(`^You have sent 3 messages in the last hour\\. Please try again in \\d+ minutes, or e-mail ${SUPPORT.replaceAll('.', '\\.')}\\.$`));
    await sink.waitFor(bob.email, (m) => m.text.includes(`${marker} #3`));
    expect(sink.mails.filter((m) => m.text.includes(`${marker} #4`))).toEqual([]);
    // The limit is the member's, not their IP's: another member, or a visitor on the same IP, may write.
    await sent(cat.client, { subject: `${marker} cat`, message: 'Long enough message' });
    await sent(new TestClient(server.url, bob.client.ip), { subject: `${marker} same IP`, message: 'Long enough message', email: uniqueEmail('sameip') });
  });

  it('limits visitors per IP and per copy address', async () => {
    const visitor = new TestClient(server.url);
    for (let i = 1; i <= SUPPORT_LIMITS.perHour; i += 1) await sent(visitor, { subject: `IP ${i}`, message: 'Long enough message', email: uniqueEmail('ip') });
    const fourth = await send(visitor, { subject: 'IP 4', message: 'Long enough message', email: uniqueEmail('ip') });
    expect(fourth.status).toBe(429);
    expect((await errorOf(fourth)).message).toContain('You have sent 3 messages in the last hour.');

    // Many IPs cannot flood one stranger's inbox with "copies".
    const target = uniqueEmail('target');
    for (let i = 1; i <= SUPPORT_LIMITS.perHour; i += 1) await sent(new TestClient(server.url), { subject: `To ${i}`, message: 'Long enough message', email: target });
    expect((await send(new TestClient(server.url), { subject: 'To 4', message: 'Long enough message', email: target })).status).toBe(429);
    await expect.poll(() => sink.count(target), { timeout: 10_000 }).toBe(SUPPORT_LIMITS.perHour);
  });
});

describe.each(testDatabases())('support messages with the mail server down on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // Nothing listens on this port: every send fails at once.
    server = await startTestServer(kind, { SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, TRUST_PROXY: 'true' });
  });
  afterAll(() => server.close());

  it('answers success once the message is queued: the outbox delivers it when SMTP is back (mail/member-mails.test.ts)', async () => {
    const email = uniqueEmail('down');
    const res = await new TestClient(server.url).post('/api/support/messages', { subject: 'Hello', message: 'Long enough message', email });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ copyTo: email, copySent: true });
    const rows = await server.app.database.db.select().from(mailQueue).where(eq(mailQueue.toAddress, email));
    expect(rows.map((r) => r.kind)).toEqual(['support_copy']);
  });
});
