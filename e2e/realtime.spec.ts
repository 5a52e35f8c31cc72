import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { isRealtimeOpen, type RealtimeTab } from './realtime-tab.js';
import { createPostViaApi, memberWithProfile, otherMember } from './profile-factory.js';

/** The tab's realtime connection as lib/realtime.tsx exposes it (this file is type-checked without the DOM). */
const dropSocket = () => (globalThis as unknown as RealtimeTab).__skillswapRealtime?.current?.close();

const rows = (page: Page) => page.getByTestId('notification');
const topBarDot = (page: Page) => page.getByTestId('notifications-unread-dot');

async function sendRequest(request: APIRequestContext, postId: string): Promise<void> {
  const res = await request.post('/api/requests', { data: { postId } });
  if (res.status() !== 201) throw new Error(`request failed: ${res.status()} ${await res.text()}`);
}

test('a notification caused by another member arrives live, with the top bar dot', async ({ page, browser, baseURL }) => {
  test.slow();
  await memberWithProfile(page, { displayName: 'Nora Owner' });
  const post = await createPostViaApi(page.request, { title: 'Sourdough baking basics' });
  const b = await otherMember(browser, baseURL, { displayName: 'Bram Asker' });
  try {
    await page.goto('/notifications');
    await expect(page.getByText('No notifications yet')).toBeVisible();
    await expect(topBarDot(page)).toHaveCount(0);
    await page.waitForFunction(isRealtimeOpen);

    await sendRequest(b.page.request, post.id);
    // No reload, no navigation: the socket's event refreshes the list and the dot.
    await expect(rows(page)).toHaveCount(1, { timeout: 3000 });
    await expect(rows(page).first()).toContainText('Bram Asker wants to exchange on "Sourdough baking basics"');
    await expect(topBarDot(page)).toBeVisible({ timeout: 3000 });
    await expect(page.getByTestId('count-unread')).toHaveText('1');
  } finally {
    await b.close();
  }
});

test("a notification made before the tab's socket opens shows, with its dot, as the socket opens, not at the next poll", async ({ page, browser, baseURL }) => {
  test.slow();
  await memberWithProfile(page, { displayName: 'Gita Gap' });
  const post = await createPostViaApi(page.request, { title: 'Pottery wheel basics' });
  const b = await otherMember(browser, baseURL, { displayName: 'Hugo Hurry' });
  try {
    // The tab's socket reaches the server only once the other member has acted: a slow phone,
    // whose page read its counts well before its socket opened.
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.routeWebSocket(/\/api\/realtime$/, async (ws) => {
      await released;
      ws.connectToServer();
    });
    const firstCount = page.waitForResponse((res) => res.url().endsWith('/api/notifications/unread-count'));
    await page.goto('/notifications');
    await firstCount;
    await expect(page.getByText('No notifications yet')).toBeVisible();
    await expect(topBarDot(page)).toHaveCount(0);

    await sendRequest(b.page.request, post.id);
    release();
    // The socket's first frame carries the counts, and a changed count has the list read again:
    // no reload, no navigation, no 30 s poll.
    await expect(topBarDot(page)).toBeVisible({ timeout: 5000 });
    await expect(rows(page)).toHaveCount(1, { timeout: 5000 });
    await expect(rows(page).first()).toContainText('Hugo Hurry wants to exchange on "Pottery wheel basics"');
  } finally {
    await b.close();
  }
});

for (const width of [375, 1440]) {
  test(`'Reconnecting...' shows while the connection is down and goes once it is back (${width} px)`, async ({ page, browser, baseURL }, testInfo) => {
    test.slow();
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await memberWithProfile(page, { displayName: 'Rita Relay' });
    const post = await createPostViaApi(page.request, { title: 'Bike repair evenings' });
    const b = await otherMember(browser, baseURL, { displayName: 'Otto Offline' });
    try {
      await page.goto('/notifications');
      await expect(page.getByText('No notifications yet')).toBeVisible();
      await page.waitForFunction(isRealtimeOpen);
      const banner = page.getByRole('status').filter({ hasText: 'Reconnecting...' });
      await expect(banner).toHaveCount(0);

      // Drop the connection, and while it is down another member causes a notification.
      await page.evaluate(dropSocket);
      await expect(banner).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`reconnecting-${width}.png`) });
      await sendRequest(b.page.request, post.id);

      // Back within the first retry (1 s): the banner goes and what was missed is fetched.
      await expect(banner).toHaveCount(0, { timeout: 5000 });
      await expect(rows(page)).toHaveCount(1);
      await expect(topBarDot(page)).toBeVisible();
    } finally {
      await b.close();
    }
  });
}
