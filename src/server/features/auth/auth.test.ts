import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, uniqueEmail } from '../../test/client.js';
import { startTestServer, testDatabases, type TestServer } from '../../test/harness.js';
import { outboxLink, signedInMember, TEST_PASSWORD } from '../../test/members.js';
import { linkIn, SmtpSink } from '../../test/smtp-sink.js';
import { SIGN_IN_ATTEMPTS_PER_ADDRESS, SIGN_IN_ATTEMPTS_PER_ADDRESS_AND_IP, stripSessionTokens } from './auth.routes.js';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}
type SessionBody = { user: { id: string; email: string; emailVerified: boolean } } | null;

describe.each(testDatabases())('accounts on %s', (kind) => {
  let server: TestServer;
  const sink = new SmtpSink();

  beforeAll(async () => {
    const smtpUrl = await sink.start();
    server = await startTestServer(kind, { SMTP_URL: smtpUrl, TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await server.close();
    await sink.stop();
  });

  async function signUp(client: TestClient, email: string, password = TEST_PASSWORD) {
    return client.post('/api/auth/sign-up/email', { email, password, acceptTerms: true });
  }

  async function verifyFromMail(client: TestClient, email: string, nth = 1) {
    const mail = await sink.waitFor(email, (m) => m.text.includes('/auth/callback'), nth);
    const token = new URL(linkIn(mail, '/auth/callback')).searchParams.get('token') ?? '';
    return { token, res: await client.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`) };
  }

  it('signs up, e-mails a verification link over SMTP, and the link signs the member in', async () => {
    const client = new TestClient(server.url);
    const email = uniqueEmail();
    const res = await signUp(client, `  ${email.toUpperCase()} `);
    expect(res.status).toBe(200);
    expect(client.hasSession()).toBe(false);

    const beforeVerify = await client.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(beforeVerify.status).toBe(403);
    expect((await client.json<ErrorBody>(beforeVerify)).error.code).toBe('EMAIL_NOT_VERIFIED');

    const { token, res: verified } = await verifyFromMail(client, email);
    expect(verified.status).toBe(200);
    const session = await client.json<SessionBody>(await client.get('/api/auth/get-session'));
    expect(session?.user).toMatchObject({ email, emailVerified: true });

    // The used link signs nobody else in.
    const stranger = new TestClient(server.url);
    await stranger.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(await stranger.json<SessionBody>(await stranger.get('/api/auth/get-session'))).toBeNull();
  });

  it('refuses a tampered verification link', async () => {
    const client = new TestClient(server.url);
    const email = uniqueEmail();
    await signUp(client, email);
    const mail = await sink.waitFor(email, (m) => m.text.includes('/auth/callback'));
    const token = new URL(linkIn(mail, '/auth/callback')).searchParams.get('token') ?? '';
    const tampered = `${token.slice(0, -4)}AAAA`;
    const res = await client.get(`/api/auth/verify-email?token=${encodeURIComponent(tampered)}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await client.json<SessionBody>(await client.get('/api/auth/get-session'))).toBeNull();
  });

  it('re-sends the verification e-mail on request', async () => {
    const client = new TestClient(server.url);
    const email = uniqueEmail();
    await signUp(client, email);
    await sink.waitFor(email);
    const res = await client.post('/api/account/resend-verification', { email });
    expect(res.status).toBe(200);
    const second = await sink.waitFor(email, (m) => m.text.includes('/auth/callback'), 2);
    expect(second.text).toContain('/auth/callback?token=');
  });

  it('answers a duplicate sign-up like a new one and tells the owner by e-mail', async () => {
    const email = uniqueEmail();
    const first = await signUp(new TestClient(server.url), email);
    const fresh = await signUp(new TestClient(server.url), uniqueEmail());
    const duplicate = await signUp(new TestClient(server.url), email);
    expect(duplicate.status).toBe(first.status);
    expect(Object.keys((await duplicate.json()) as object).sort()).toEqual(Object.keys((await fresh.json()) as object).sort());
    const notice = await sink.waitFor(email, (m) => m.text.includes('Account already exists'));
    expect(notice.text).toContain('An account with this email address already exists. Please try logging in instead.');
  });

  it.each([
    ['missing fields', {}, 'email'],
    ['a bad e-mail', { email: 'nope', password: TEST_PASSWORD, acceptTerms: true }, 'email'],
    ['an over-long e-mail', { email: `${'a'.repeat(300)}@example.org`, password: TEST_PASSWORD, acceptTerms: true }, 'email'],
    ['a 10 kB password', { email: 'x@example.org', password: `Aa1${'x'.repeat(10_000)}`, acceptTerms: true }, 'password'],
    ['terms not accepted', { email: 'x@example.org', password: TEST_PASSWORD, acceptTerms: false }, 'acceptTerms'],
    ['a common password', { email: 'x@example.org', password: 'Password1', acceptTerms: true }, 'password'],
  ])('answers sign-up with %s with a 400 naming the field', async (_label, body, field) => {
    const client = new TestClient(server.url);
    const res = await client.request('POST', '/api/auth/sign-up/email', body);
    expect(res.status).toBe(400);
    const err = await client.json<ErrorBody>(res);
    expect(err.error.fields?.[field]).toBeTruthy();
    if (_label === 'a common password') expect(err.error.fields?.password).toBe('This password is too common. Please choose another.');
  });

  it('answers a non-JSON body with a 400, never a 500', async () => {
    const client = new TestClient(server.url);
    const res = await client.request('POST', '/api/auth/sign-in/email', '{"email": ', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect((await client.json<ErrorBody>(res)).error.code).toBe('VALIDATION_FAILED');
  });

  it('gives the same answer for a wrong password and an unknown address', async () => {
    const client = new TestClient(server.url);
    const email = uniqueEmail();
    await signUp(client, email);
    await verifyFromMail(client, email);
    const wrong = await new TestClient(server.url).post('/api/auth/sign-in/email', { email, password: 'Wrong-Pass-123' });
    const unknown = await new TestClient(server.url).post('/api/auth/sign-in/email', { email: uniqueEmail(), password: 'Wrong-Pass-123' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    // The same body but for the request id, which each answer has its own of.
    expect(await wrong.json()).toEqual({ ...((await unknown.json()) as object), requestId: wrong.headers.get('x-request-id') });
  });

  it('sets an httpOnly, SameSite=Lax session cookie on sign-in', async () => {
    const client = new TestClient(server.url);
    const email = uniqueEmail();
    await signUp(client, email);
    await verifyFromMail(client, email);
    const res = await new TestClient(server.url).post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token')) ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    // The token stays in the httpOnly cookie: no body hands it to scripts.
    const token = decodeURIComponent(cookie.split(';')[0]?.split('=')[1] ?? '').split('.')[0] ?? '';
    expect(token.length).toBeGreaterThan(10);
    expect(await res.text()).not.toContain(token);
    const signedIn = new TestClient(server.url);
    await signedIn.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    const session = await signedIn.get('/api/auth/get-session');
    expect(await session.text()).not.toMatch(/"token"/);
  });

  it('limits sign-in attempts per address from one IP, and the owner elsewhere still signs in', async () => {
    const email = uniqueEmail();
    const owner = new TestClient(server.url);
    await signUp(owner, email);
    await verifyFromMail(owner, email);
    await owner.post('/api/auth/sign-out', {});

    const attacker = new TestClient(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_ATTEMPTS_PER_ADDRESS_AND_IP + 1; i++) {
      const res = await attacker.post('/api/auth/sign-in/email', { email, password: 'Wrong-Pass-123' });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
        expect((await res.json()) as ErrorBody).toMatchObject({
          error: { code: 'RATE_LIMITED', message: 'Too many login attempts. Please wait a moment and try again.' },
        });
      }
    }
    expect(statuses.slice(0, SIGN_IN_ATTEMPTS_PER_ADDRESS_AND_IP).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Even the right password from the guessing client waits out the window ...
    expect((await attacker.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).status).toBe(429);
    // ... but the owner, on another connection, is not locked out.
    const res = await owner.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(await owner.json<SessionBody>(await owner.get('/api/auth/get-session'))).toMatchObject({ user: { email } });
  });

  it(`limits sign-in attempts per address from all IPs together at ${SIGN_IN_ATTEMPTS_PER_ADDRESS}`, async () => {
    const email = uniqueEmail();
    const attempt = (ip?: string) => new TestClient(server.url, ip).post('/api/auth/sign-in/email', { email, password: 'Wrong-Pass-123' });
    const statuses: number[] = [];
    // Many IPs, each under its own limit and under better-auth's per-IP limit, ten at a time.
    for (let batch = 0; batch < SIGN_IN_ATTEMPTS_PER_ADDRESS / 10; batch++) {
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => attempt(`10.200.${batch}.${i + 1}`)));
      statuses.push(...answers.map((r) => r.status));
    }
    expect(statuses).toHaveLength(SIGN_IN_ATTEMPTS_PER_ADDRESS);
    expect(statuses.every((s) => s === 401)).toBe(true);
    expect((await attempt()).status).toBe(429);
  }, 120_000);

  it('limits sign-in attempts per IP', async () => {
    const client = new TestClient(server.url);
    let limited = false;
    for (let i = 0; i < 25 && !limited; i++) {
      const res = await client.post('/api/auth/sign-in/email', { email: uniqueEmail(), password: 'Wrong-Pass-123' });
      limited = res.status === 429;
    }
    expect(limited).toBe(true);
  });

  it('refuses state-changing requests from another origin', async () => {
    const client = new TestClient(server.url);
    const res = await client.post('/api/account/forgot-password', { email: uniqueEmail() }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    const viaAuth = await client.post('/api/auth/sign-in/email', { email: uniqueEmail(), password: TEST_PASSWORD }, { origin: 'https://evil.example' });
    expect(viaAuth.status).toBe(403);
  });

  it('answers forgot-password the same way, in at least 250 ms, whether or not the address exists', async () => {
    const email = uniqueEmail();
    const c = new TestClient(server.url);
    await signUp(c, email);
    await verifyFromMail(c, email);
    const timed = async (address: string) => {
      const started = Date.now();
      const res = await new TestClient(server.url).post('/api/account/forgot-password', { email: address });
      return { status: res.status, body: await res.text(), ms: Date.now() - started };
    };
    const known = await timed(email);
    const unknown = await timed(uniqueEmail());
    expect(known.status).toBe(200);
    expect(unknown).toMatchObject({ status: 200, body: known.body });
    expect(known.ms).toBeGreaterThanOrEqual(250);
    expect(unknown.ms).toBeGreaterThanOrEqual(250);
    await sink.waitFor(email, (m) => m.text.includes('/reset-password'));
  });

  it('resets the password: the old one stops working and every session is signed out', async () => {
    const email = uniqueEmail();
    const device1 = new TestClient(server.url);
    await signUp(device1, email);
    await verifyFromMail(device1, email);
    const device2 = new TestClient(server.url);
    expect((await device2.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).status).toBe(200);
    // Both sessions are in use (and so in the session cache) when the reset lands.
    expect((await device1.get('/api/posts/mine')).status).toBe(200);
    expect((await device2.get('/api/posts/mine')).status).toBe(200);

    await new TestClient(server.url).post('/api/account/forgot-password', { email });
    const mail = await sink.waitFor(email, (m) => m.text.includes('/reset-password'));
    const token = new URL(linkIn(mail, '/reset-password')).searchParams.get('token') ?? '';
    const check = await device1.get(`/api/account/reset-password-token?token=${encodeURIComponent(token)}`);
    expect(await check.json()).toEqual({ valid: true });

    const weak = await device1.post('/api/auth/reset-password', { newPassword: 'short', token });
    expect(weak.status).toBe(400);
    const reset = await device1.post('/api/auth/reset-password', { newPassword: 'New-Secret-42x', token });
    expect(reset.status).toBe(200);

    expect(await device1.json<SessionBody>(await device1.get('/api/auth/get-session'))).toBeNull();
    expect(await device2.json<SessionBody>(await device2.get('/api/auth/get-session'))).toBeNull();
    expect((await device2.get('/api/posts/mine')).status).toBe(401);
    expect((await new TestClient(server.url).post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).status).toBe(401);
    expect((await new TestClient(server.url).post('/api/auth/sign-in/email', { email, password: 'New-Secret-42x' })).status).toBe(200);
    const used = await device1.get(`/api/account/reset-password-token?token=${encodeURIComponent(token)}`);
    expect(await used.json()).toEqual({ valid: false });
  });

  it('stops e-mailing one address after the hourly limit', async () => {
    const email = uniqueEmail();
    await signUp(new TestClient(server.url), email);
    await sink.waitFor(email);
    for (let i = 0; i < 8; i++) await new TestClient(server.url).post('/api/account/resend-verification', { email });
    await new Promise((r) => setTimeout(r, 1500));
    expect(sink.count(email)).toBe(6);
  });

  it('changes the password only under the shared rule, and signs out the other sessions', async () => {
    const email = uniqueEmail();
    const laptop = new TestClient(server.url);
    await signUp(laptop, email);
    await verifyFromMail(laptop, email);
    const phone = new TestClient(server.url);
    expect((await phone.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).status).toBe(200);
    expect((await phone.get('/api/posts/mine')).status).toBe(200);

    const change = (newPassword: unknown, extra: Record<string, unknown> = {}) =>
      laptop.post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword, ...extra });
    const weak = await change('abcdefgh');
    expect(weak.status).toBe(400);
    expect((await laptop.json<ErrorBody>(weak)).error.fields?.newPassword).toBe(
      'Password must contain at least one uppercase letter, one lowercase letter, and one number.',
    );
    const common = await change('Password1');
    expect(common.status).toBe(400);
    expect((await laptop.json<ErrorBody>(common)).error.fields?.newPassword).toBe('This password is too common. Please choose another.');
    const tooLong = await change(`Aa1${'x'.repeat(126)}`);
    expect((await laptop.json<ErrorBody>(tooLong)).error.fields?.newPassword).toBe('Password is too long.');
    expect((await phone.get('/api/posts/mine')).status).toBe(200);

    // Asking to keep the other sessions changes nothing: a new password ends them.
    const changed = await change('Fresh-Kettle-77', { revokeOtherSessions: false });
    expect(changed.status).toBe(200);
    expect(await changed.text()).not.toMatch(/"token"/);
    expect(await phone.json<SessionBody>(await phone.get('/api/auth/get-session'))).toBeNull();
    expect((await phone.get('/api/posts/mine')).status).toBe(401);
    expect(await laptop.json<SessionBody>(await laptop.get('/api/auth/get-session'))).toMatchObject({ user: { email } });
    expect((await new TestClient(server.url).post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).status).toBe(401);
    expect((await new TestClient(server.url).post('/api/auth/sign-in/email', { email, password: 'Fresh-Kettle-77' })).status).toBe(200);
  });

  it.each([
    ['POST', '/api/auth/update-user', { name: 'Mallory', image: 'https://evil.example/x.png' }],
    ['POST', '/api/auth/change-email', { newEmail: 'mallory@example.org' }],
    ['POST', '/api/auth/delete-user', {}],
    ['GET', '/api/auth/list-accounts', undefined],
    ['GET', '/api/auth/list-sessions', undefined],
    ['POST', '/api/auth/revoke-sessions', {}],
    ['POST', '/api/auth/set-password', { newPassword: 'abcdefgh' }],
    ['POST', '/api/auth/sign-in/social', { provider: 'github' }],
    ['GET', '/api/auth/sign-out', undefined],
    ['GET', '/api/auth/ok', undefined],
  ])('answers %s %s with 404 even when signed in (the app does not use it)', async (method, path, body) => {
    const client = new TestClient(server.url);
    const email = uniqueEmail();
    await signUp(client, email);
    await verifyFromMail(client, email);
    const res = await client.request(method, path, body);
    expect(res.status).toBe(404);
    expect((await client.json<ErrorBody>(res)).error.code).toBe('NOT_FOUND');
    expect(await client.json<SessionBody>(await client.get('/api/auth/get-session'))).toMatchObject({ user: { email } });
  });

  it('accepts a 100-character password on sign-up and reset alike, and refuses 129 on both', async () => {
    const long = `Aa1-${'kettle'.repeat(16)}`;
    expect(long.length).toBe(100);
    const email = uniqueEmail();
    const client = new TestClient(server.url);
    expect((await signUp(client, email, long)).status).toBe(200);
    await verifyFromMail(client, email);
    const tooLong = `Aa1${'x'.repeat(126)}`;
    const refused = await signUp(new TestClient(server.url), uniqueEmail(), tooLong);
    expect((await client.json<ErrorBody>(refused)).error.fields?.password).toBe('Password is too long.');

    await new TestClient(server.url).post('/api/account/forgot-password', { email });
    const mail = await sink.waitFor(email, (m) => m.text.includes('/reset-password'));
    const token = new URL(linkIn(mail, '/reset-password')).searchParams.get('token') ?? '';
    const resetTooLong = await client.post('/api/auth/reset-password', { newPassword: tooLong, token });
    expect((await client.json<ErrorBody>(resetTooLong)).error.fields?.newPassword).toBe('Password is too long.');
    const newLong = `Bb2-${'otters'.repeat(16)}`;
    expect((await client.post('/api/auth/reset-password', { newPassword: newLong, token })).status).toBe(200);
    expect((await new TestClient(server.url).post('/api/auth/sign-in/email', { email, password: newLong })).status).toBe(200);
  });

  it('signs out', async () => {
    const email = uniqueEmail();
    const client = new TestClient(server.url);
    await signUp(client, email);
    await verifyFromMail(client, email);
    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    expect(await client.json<SessionBody>(await client.get('/api/auth/get-session'))).toBeNull();
  });
});

describe('session cookie behind https', () => {
  it('is Secure when APP_URL is https', async () => {
    const server = await startTestServer('pglite', { APP_URL: 'https://swap.example.org', TRUST_PROXY: 'true' });
    try {
      const client = new TestClient(server.url, undefined, 'https://swap.example.org');
      const email = uniqueEmail();
      expect((await client.post('/api/auth/sign-up/email', { email, password: TEST_PASSWORD, acceptTerms: true })).status).toBe(200);
      const link = await outboxLink(server, email, '/auth/callback');
      expect(link.startsWith('https://swap.example.org/auth/callback?token=')).toBe(true);
      const token = new URL(link).searchParams.get('token') ?? '';
      const res = await client.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
      const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token')) ?? '';
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
    } finally {
      await server.close();
    }
  });
});

describe('session tokens in auth responses', () => {
  it('are removed at any depth, in arrays too (list-sessions answers an array)', () => {
    const listSessions = [
      { id: 's1', token: 'secret-1', userId: 'u' },
      { id: 's2', token: 'secret-2', nested: [{ token: 'secret-3', keep: 1 }] },
    ];
    expect(stripSessionTokens(listSessions)).toEqual([{ id: 's1', userId: 'u' }, { id: 's2', nested: [{ keep: 1 }] }]);
    expect(stripSessionTokens({ token: 't', session: { token: 't', id: 'x' }, user: { id: 'u' } })).toEqual({
      session: { id: 'x' },
      user: { id: 'u' },
    });
    expect(stripSessionTokens(null)).toBeNull();
  });
});

describe('session cookie in production', () => {
  it('is Secure when NODE_ENV=production, even on an http APP_URL', async () => {
    const server = await startTestServer('pglite', { NODE_ENV: 'production', TRUST_PROXY: 'true' });
    try {
      const client = new TestClient(server.url);
      const email = uniqueEmail();
      // Production has no dev outbox: the test reads the verification link from the table itself.
      expect((await client.post('/api/auth/sign-up/email', { email, password: TEST_PASSWORD, acceptTerms: true })).status).toBe(200);
      const token = new URL(await outboxLink(server, email, '/auth/callback')).searchParams.get('token') ?? '';
      const res = await client.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
      const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token')) ?? '';
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
    } finally {
      await server.close();
    }
  });
});

describe('without APP_URL', () => {
  let server: TestServer;
  let port: string;
  beforeAll(async () => {
    server = await startTestServer('pglite', { APP_URL: '', TRUST_PROXY: 'true' });
    port = new URL(server.url).port;
  });
  afterAll(() => server.close());

  it('signs up, verifies and signs in from every loopback origin of its own port', async () => {
    expect(server.config.appUrl).toBe(`http://localhost:${port}`);
    // TestClient sends Origin http://127.0.0.1:PORT, as a browser that opened the app there does.
    const { email } = await signedInMember(server);
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`]) {
      const client = new TestClient(server.url, undefined, origin);
      const res = await client.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
      expect(res.status, origin).toBe(200);
      expect((await client.post('/api/auth/sign-out', {})).status, origin).toBe(200);
    }
  });

  it('still refuses other origins, other ports included', async () => {
    for (const origin of ['https://evil.example', `http://127.0.0.1:${Number(port) + 1}`, `https://localhost:${port}`]) {
      const client = new TestClient(server.url, undefined, origin);
      const res = await client.post('/api/auth/sign-in/email', { email: uniqueEmail(), password: TEST_PASSWORD });
      expect(res.status, origin).toBe(403);
      expect((await client.json<ErrorBody>(res)).error).toEqual({ code: 'FORBIDDEN', message: 'Cross-origin requests are not allowed.' });
    }
  });
});
