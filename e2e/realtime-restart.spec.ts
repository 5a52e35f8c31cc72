import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { isRealtimeOpen } from './realtime-tab.js';
import { PASSWORD, uniqueEmail } from './members.js';
import { OwnServer } from './own-server.js';
import { completeProfile } from './profile-factory.js';

/*
 * Restart the server mid-conversation: nothing is lost or duplicated, both tabs say
 * 'Reconnecting...' while it is down, and a tab that was away catches up on what the other member
 * sent meanwhile. The journey runs against a server of its own (e2e/own-server.ts), since the
 * shared Playwright server must stay up for the other tests.
 */


/** Console errors a tab may log while its server is down (refused connections), and nothing else. */
const EXPECTED_WHILE_DOWN = [
  /^Failed to load resource: net::ERR_(CONNECTION_REFUSED|INTERNET_DISCONNECTED|CONNECTION_RESET|EMPTY_RESPONSE)/,
  // A request that reaches the server while it shuts down.
  /^Failed to load resource: the server responded with a status of 503/,
  /^WebSocket connection to 'ws:\/\/localhost:\d+\/api\/realtime' failed/,
  /^Sending a message failed/,
];

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !EXPECTED_WHILE_DOWN.some((re) => re.test(msg.text()))) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const bubbles = (page: Page) => page.getByTestId('messages-scroller').getByTestId('message');
const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'Reconnecting...' });

async function say(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect(composer(page)).toHaveValue('');
}

/** Every message text in the open chat, in order (each must appear once). */
async function texts(page: Page): Promise<string[]> {
  return bubbles(page).getByTestId('message-text').allTextContents();
}

test('restarting the server mid-conversation loses and duplicates nothing; the tabs reconnect and catch up', async ({ browser }) => {
  test.setTimeout(180_000);
  const server = await OwnServer.create();
  const contexts: BrowserContext[] = [];
  try {
    await server.start();
    const member = async (name: string, width: number) => {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: width === 375 ? 740 : 900 } });
      contexts.push(context);
      const userId = await server.signedInMember(context.request, uniqueEmail('restart'), PASSWORD);
      await completeProfile(context.request, { displayName: name });
      const page = await context.newPage();
      return { context, page, userId, errors: watchConsole(page) };
    };
    // Ann on a phone, Ben on a desktop: both on screen at once.
    const ann = await member('Ann Restart', 375);
    const ben = await member('Ben Restart', 1440);
    const opened = await ann.context.request.post('/api/conversations', { data: { memberId: ben.userId } });
    expect(opened.status()).toBe(201);
    const { id } = (await opened.json()) as { id: string };
    for (const tab of [ann.page, ben.page]) {
      await tab.goto(`/messages/${id}`);
      await expect(tab.getByTestId('chat-member-name')).toBeVisible();
      await tab.waitForFunction(isRealtimeOpen);
    }

    await say(ann.page, 'Before the restart, from Ann');
    await expect(bubbles(ben.page).filter({ hasText: 'Before the restart, from Ann' })).toBeVisible();
    await say(ben.page, 'Before the restart, from Ben');
    await expect(bubbles(ann.page).filter({ hasText: 'Before the restart, from Ben' })).toBeVisible();

    // The server goes down: both tabs say so.
    await server.stop();
    for (const tab of [ann.page, ben.page]) await expect(banner(tab)).toBeVisible({ timeout: 10_000 });

    // On a phone the pill stays clear of the composer.
    const pill = await banner(ann.page).locator('span').boundingBox();
    const box = await composer(ann.page).boundingBox();
    const send = await ann.page.getByRole('button', { name: 'Send' }).boundingBox();
    if (!pill || !box || !send) throw new Error('pill, composer or Send not laid out');
    expect(pill.y + pill.height).toBeLessThanOrEqual(Math.min(box.y, send.y));
    await ann.page.screenshot({ path: '/tmp/proposal-reconnecting-375.png' });
    await ben.page.screenshot({ path: '/tmp/proposal-reconnecting-1440.png' });

    // Ann writes while it is down: the message stays with Retry. Then her tab goes offline.
    await say(ann.page, 'Written while the server was down');
    const failed = bubbles(ann.page).filter({ hasText: 'Written while the server was down' });
    await expect(failed).toHaveAttribute('data-status', 'failed');
    await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible();
    await ann.context.setOffline(true);

    // The server is back (same database): Ben reconnects and writes while Ann is still away.
    await server.start();
    await expect(banner(ben.page)).toHaveCount(0, { timeout: 20_000 });
    await ben.page.waitForFunction(isRealtimeOpen);
    await say(ben.page, 'While you were away 1');
    await say(ben.page, 'While you were away 2');
    await expect(bubbles(ben.page).filter({ hasText: 'While you were away 2' })).toHaveAttribute('data-status', /sent|read/);
    await expect(banner(ann.page)).toBeVisible();
    await expect(bubbles(ann.page).filter({ hasText: 'While you were away' })).toHaveCount(0);

    // Ann comes back: the pill goes and she catches up, each message once.
    await ann.context.setOffline(false);
    await expect(banner(ann.page)).toHaveCount(0, { timeout: 20_000 });
    await expect(bubbles(ann.page).filter({ hasText: 'While you were away 2' })).toBeVisible();
    // Her unsent message goes out once on Retry and reaches Ben live.
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(bubbles(ben.page).filter({ hasText: 'Written while the server was down' })).toBeVisible();
    // Ben's messages were read by Ann's open chat: his ticks turn double, live.
    await expect(bubbles(ben.page).filter({ hasText: 'While you were away 2' })).toHaveAttribute('data-status', 'read');

    const expected = [
      'Before the restart, from Ann',
      'Before the restart, from Ben',
      'While you were away 1',
      'While you were away 2',
      'Written while the server was down',
    ];
    for (const tab of [ann.page, ben.page]) {
      await expect.poll(() => texts(tab)).toEqual(expected);
      // And from the database after a reload: nothing lost, nothing twice.
      await tab.reload();
      await expect.poll(() => texts(tab)).toEqual(expected);
    }
    expect(ann.errors, 'unexpected console errors (Ann)').toEqual([]);
    expect(ben.errors, 'unexpected console errors (Ben)').toEqual([]);
  } finally {
    for (const context of contexts) await context.close().catch(() => undefined);
    await server.dispose();
  }
});
