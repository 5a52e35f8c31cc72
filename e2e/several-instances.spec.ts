import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { expect as baseExpect, test } from './fixtures.js';
import { isRealtimeOpen } from './realtime-tab.js';
import { PASSWORD, uniqueEmail } from './members.js';
import { OwnServer } from './own-server.js';
import { completeProfile, createPostViaApi } from './profile-factory.js';

/*
 * Several instances (issue 14, section 3), started as the README's "Several instances" section
 * says: `npm start` twice on one PostgreSQL database with the same AUTH_SECRET. Ann uses
 * instance A, Ben instance B, both on screen at once: a request, a chat message, a notification
 * and a sign-out made through one instance take effect on the other at once, and the sign-in
 * limit counts attempts on both. Needs PostgreSQL (TEST_DATABASE_URL, which CI sets).
 */

const databaseUrl = process.env.TEST_DATABASE_URL;
/** Two more servers on a 2-core machine beside the suite's own: pages take longer to come up. */
const expect = baseExpect.configure({ timeout: 15_000 });

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const bubbles = (page: Page) => page.getByTestId('messages-scroller').getByTestId('message');

test.skip(!databaseUrl, 'needs PostgreSQL: set TEST_DATABASE_URL');

test('two instances on one PostgreSQL: requests, chat, notifications, sign-out and sign-in limits cross over at once', async ({ browser, playwright }) => {
  test.setTimeout(240_000);
  const env = { DATABASE_URL: databaseUrl ?? '', AUTH_SECRET: randomBytes(32).toString('hex') };
  const instances = [await OwnServer.create({ env, npmStart: true }), await OwnServer.create({ env, npmStart: true })] as const;
  const [a, b] = instances;
  const contexts: BrowserContext[] = [];
  try {
    await a.start();
    await b.start();

    const member = async (server: OwnServer, name: string) => {
      const context = await browser.newContext({ baseURL: server.url });
      contexts.push(context);
      const email = uniqueEmail('instances');
      const userId = await server.signedInMember(context.request, email, PASSWORD);
      await completeProfile(context.request, { displayName: name });
      return { context, email, userId, page: await context.newPage() };
    };
    const ann = await member(a, 'Ann Instance');
    const ben = await member(b, 'Ben Instance');
    const post = await createPostViaApi(ann.context.request, { title: 'Pottery lessons on two instances' });

    // A request sent through B: Ann's tab on A hears of it at once (dot, then the list).
    await ann.page.goto('/home');
    await expect(ann.page.getByTestId('notifications-unread-dot')).toHaveCount(0);
    // Once Ann's tab listens (its first reads come before its socket opens: an event in between
    // waits for the next poll, docs/ARCHITECTURE.md, Realtime).
    await ann.page.waitForFunction(isRealtimeOpen);
    const sent = await ben.context.request.post('/api/requests', { data: { postId: post.id, message: 'Hello from instance B' } });
    expect(sent.status()).toBe(201);
    const { conversationId } = (await sent.json()) as { conversationId: string };
    await expect(ann.page.getByTestId('notifications-unread-dot')).toBeVisible();
    await ann.page.goto('/notifications');
    await expect(ann.page.getByText('New exchange request').first()).toBeVisible();

    // Chat across the instances, both ways, live.
    for (const tab of [ann.page, ben.page]) {
      await tab.goto(`/messages/${conversationId}`);
      await expect(tab.getByTestId('chat-member-name')).toBeVisible();
    }
    await expect(bubbles(ann.page).filter({ hasText: 'Hello from instance B' })).toBeVisible();
    await composer(ann.page).fill('Answer through instance A');
    await composer(ann.page).press('Enter');
    await expect(bubbles(ben.page).filter({ hasText: 'Answer through instance A' })).toBeVisible();
    await composer(ben.page).fill('And back through B');
    await composer(ben.page).press('Enter');
    await expect(bubbles(ann.page).filter({ hasText: 'And back through B' })).toBeVisible();
    // Ann's open chat read Ben's message: his tick turns double on B.
    await expect(bubbles(ben.page).filter({ hasText: 'And back through B' })).toHaveAttribute('data-status', 'read');

    // Sign-out through A ends Ann's session on B at once (her cookie, used against B).
    const cookies = await ann.context.cookies();
    const onB = await playwright.request.newContext({
      baseURL: b.url,
      extraHTTPHeaders: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '), origin: b.url },
    });
    try {
      expect((await onB.get('/api/settings')).status()).toBe(200);
      expect((await ann.context.request.post('/api/auth/sign-out', { headers: { origin: a.url } })).status()).toBe(200);
      // B forgets the session when the database's notification of the deleted session row
      // reaches it, milliseconds after A answers (a request to B in that gap was seen to pass
      // on a loaded machine): within a second, the budget of every cross-instance event here.
      await expect.poll(async () => (await onB.get('/api/settings')).status(), { timeout: 1_000, intervals: [25] }).toBe(401);
    } finally {
      await onB.dispose();
    }

    // The sign-in limit (10 attempts on one account from one address in 15 minutes) counts
    // attempts on both instances: five on each are refused as wrong, the eleventh as too many.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const server = i % 2 === 0 ? a : b;
      const res = await ben.context.request.post(`${server.url}/api/auth/sign-in/email`, {
        data: { email: ann.email, password: 'Wrong-Password-1' },
        headers: { origin: server.url },
      });
      statuses.push(res.status());
    }
    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 401), 429]);
  } finally {
    for (const context of contexts) await context.close().catch(() => undefined);
    await Promise.all(instances.map((server) => server.dispose()));
  }
});

/*
 * `npm start` on PostgreSQL (scripts/start.mjs) runs the server in a child started with the
 * Node.js options V8 reads only at start (scripts/server-node-args.mjs). Whatever ends npm start's
 * process ends the server: SIGTERM is passed on (the journey above stops its instances so), and
 * killed outright it leaves no server behind holding the port.
 */
const childrenOf = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
const commandLine = (pid: number): string[] => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

test('npm start on PostgreSQL runs the server with its Node.js options, in a child that ends with it', async () => {
  test.setTimeout(120_000);
  const server = await OwnServer.create({ env: { DATABASE_URL: databaseUrl ?? '', AUTH_SECRET: randomBytes(32).toString('hex') }, npmStart: true });
  try {
    await server.start();
    const npmStart = server.pid ?? 0;
    const [child] = childrenOf(npmStart).filter((pid) => commandLine(pid).some((arg) => arg.endsWith('scripts/start.mjs')));
    expect(child, 'the server runs in a child of npm start').toBeDefined();
    expect(commandLine(child ?? 0)).toContain('--max-semi-space-size=64');
    expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).status).toBe(200);

    process.kill(npmStart, 'SIGKILL');
    await expect
      .poll(async () => fetch(`http://127.0.0.1:${server.port}/api/health`).then((res) => res.status, () => 'closed'), { timeout: 20_000 })
      .toBe('closed');
  } finally {
    await server.dispose();
  }
});
