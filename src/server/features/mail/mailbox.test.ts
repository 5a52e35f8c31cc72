import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, uniqueEmail } from '../../test/client.js';
import { startTestServer, testDatabases, type TestServer } from '../../test/harness.js';
import { TEST_PASSWORD } from '../../test/members.js';
import { createMailer } from './mailer.js';
import { LOOPBACK_ONLY_MESSAGE } from './mailbox.routes.js';

interface MailboxBody {
  mails: { to: string; subject: string; text: string }[];
}

describe.each(testDatabases())('dev mailbox on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // The README's quick start: no SMTP_URL, NODE_ENV unset (development here), trusting no proxy.
    server = await startTestServer(kind, { NODE_ENV: 'development' });
  });
  afterAll(() => server.close());

  async function signUp(email: string) {
    const res = await new TestClient(server.url).post('/api/auth/sign-up/email', { email, password: TEST_PASSWORD, acceptTerms: true });
    expect(res.status).toBe(200);
  }

  it('shows the outbox to this computer, and says who may open it', async () => {
    const email = uniqueEmail();
    await signUp(email);
    // A plain request from 127.0.0.1, as a browser on this computer makes.
    // The verification mail is written just after sign-up answers: a loaded machine may need a moment.
    const hasMail = async () => {
      const box = (await (await fetch(`${server.url}/api/dev/mailbox`)).json()) as MailboxBody;
      return box.mails.some((m) => m.to === email && m.text.includes('/auth/callback?token='));
    };
    await expect.poll(hasMail, { timeout: 5_000 }).toBe(true);
    const page = await fetch(`${server.url}/dev/mailbox`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Only this computer can open this page');
    expect(html).toContain(email);
  });

  it.each(['192.168.1.20', '10.0.0.7', '::ffff:192.168.1.20', '2001:db8::1'])(
    'refuses a visitor from %s, API and page alike',
    async (remoteAddress) => {
      const api = await server.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress });
      expect(api.statusCode).toBe(403);
      expect(api.json()).toEqual({ error: { code: 'FORBIDDEN', message: LOOPBACK_ONLY_MESSAGE }, requestId: api.headers['x-request-id'] });
      expect(api.body).not.toContain('token=');
      const page = await server.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress });
      expect(page.statusCode).toBe(403);
      expect(page.body).toContain('only available on the computer running the server');
      expect(page.body).not.toContain('token=');
    },
  );

  it('refuses a request a proxy forwarded, even from 127.0.0.1 (X-Forwarded-For is not believed)', async () => {
    await signUp(uniqueEmail());
    for (const forwarded of ['127.0.0.1', '192.168.1.20']) {
      const res = await fetch(`${server.url}/api/dev/mailbox`, { headers: { 'x-forwarded-for': forwarded } });
      expect(res.status).toBe(403);
      expect(await res.text()).not.toContain('token=');
    }
    const viaForwarded = await fetch(`${server.url}/dev/mailbox`, { headers: { forwarded: 'for=192.168.1.20' } });
    expect(viaForwarded.status).toBe(403);
  });

  it('prints every link of a dev mail to the server log', async () => {
    const lines: { obj: Record<string, unknown>; msg: string }[] = [];
    const log = { info: (obj: Record<string, unknown>, msg: string) => lines.push({ obj, msg }) } as unknown as FastifyBaseLogger;
    const mailer = createMailer({ smtpUrl: undefined, from: 'x@example.org', db: server.app.database.db, log });
    const to = uniqueEmail();
    await mailer.send({
      to,
      subject: 'Two links',
      text: 'Verify: http://localhost:3000/auth/callback?token=abc\n\nOr reset: http://localhost:3000/reset-password?token=def',
      html: '<p>x</p>',
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.obj.links).toEqual(['http://localhost:3000/auth/callback?token=abc', 'http://localhost:3000/reset-password?token=def']);
    expect(lines[0]?.msg).toContain('http://localhost:3000/auth/callback?token=abc');
    expect(lines[0]?.msg).toContain('http://localhost:3000/reset-password?token=def');
  });
});

describe('dev mailbox in production', () => {
  it('is never mounted, not even for this computer', async () => {
    const server = await startTestServer('pglite', { NODE_ENV: 'production' });
    try {
      const api = await fetch(`${server.url}/api/dev/mailbox`);
      expect(api.status).toBe(404);
      const page = await fetch(`${server.url}/dev/mailbox`);
      expect(await page.text()).not.toContain('Dev mailbox');
    } finally {
      await server.close();
    }
  });
});
