import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { NotificationItem } from '../src/shared/schemas/notifications.js';
import type { ExchangeRequestItem } from '../src/shared/schemas/requests.js';
import { allowFailedRequests } from './auth-helpers.js';
import { test, expect } from './fixtures.js';
import { createPostViaApi, memberWithProfile, otherMember } from './profile-factory.js';

/** The member's own reminder through the API (the only kinds a member may create). */
async function createOwn(request: APIRequestContext, title: string, type: 'reminder' | 'personal_note' = 'reminder'): Promise<NotificationItem> {
  const res = await request.post('/api/notifications', { data: { type, title, message: `About ${title}` } });
  if (res.status() !== 201) throw new Error(`create failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as NotificationItem;
}

/** An exchange request on a post through the API, as the member signed in on this context. */
async function sendRequest(request: APIRequestContext, postId: string): Promise<ExchangeRequestItem> {
  const res = await request.post('/api/requests', { data: { postId } });
  if (res.status() !== 201) throw new Error(`request failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as ExchangeRequestItem;
}

const rows = (page: Page) => page.getByTestId('notification');
const topBarDot = (page: Page) => page.getByTestId('notifications-unread-dot');

test('notifications: counters, unread dots here and in the top bar, click and Mark All Read', async ({ page }) => {
  await memberWithProfile(page);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByText('No notifications yet')).toBeVisible();
  await expect(page.getByTestId('count-total')).toHaveText('0');
  await expect(page.getByRole('button', { name: 'Mark All Read' })).toHaveCount(0);
  await expect(topBarDot(page)).toHaveCount(0);

  // Self-created notifications: the others kinds come from the server's events.
  await createOwn(page.request, 'Water the plants');
  await createOwn(page.request, 'Call Ann back', 'personal_note');
  await createOwn(page.request, 'Bring the ladder');
  // Navigating asks for the unread count again: the top bar's dot appears.
  await page.getByRole('link', { name: /^Home/ }).click();
  await expect(topBarDot(page)).toBeVisible();
  await page.getByRole('link', { name: /^Notifications/ }).click();
  await expect(page).toHaveURL(/\/notifications$/);

  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).first()).toContainText('Bring the ladder');
  await expect(rows(page).first()).toContainText('About Bring the ladder');
  await expect(rows(page).first().locator('time')).toHaveText(/less than a minute ago|1 minute ago/);
  await expect(page.getByTestId('count-total')).toHaveText('3');
  await expect(page.getByTestId('count-unread')).toHaveText('3');
  await expect(page.getByTestId('count-this-week')).toHaveText('3');
  await expect(page.getByTestId('unread-dot')).toHaveCount(3);

  // Clicking an unread item marks it read (no page of its own: it stays).
  await rows(page).filter({ hasText: 'Call Ann back' }).click();
  await expect(page.getByTestId('count-unread')).toHaveText('2');
  await expect(page.getByTestId('unread-dot')).toHaveCount(2);
  await expect(page).toHaveURL(/\/notifications$/);
  // A read item without a page is plain text, not a control.
  await expect(page.getByRole('button', { name: /Call Ann back/ })).toHaveCount(0);

  // Keyboard: Tab reaches an unread row, Enter marks it read.
  const ladder = page.getByRole('button', { name: /Bring the ladder/ });
  await ladder.focus();
  await expect(ladder).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('count-unread')).toHaveText('1');

  const markAll = page.getByRole('button', { name: 'Mark All Read' });
  await markAll.click();
  await expect(markAll).toHaveCount(0);
  await expect(page.getByTestId('count-unread')).toHaveText('0');
  await expect(page.getByTestId('unread-dot')).toHaveCount(0);
  await expect(topBarDot(page)).toHaveCount(0);
  await expect(page.getByTestId('count-total')).toHaveText('3');

  // The server agrees after a reload.
  await page.reload();
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByTestId('count-unread')).toHaveText('0');
  await expect(page.getByRole('button', { name: 'Mark All Read' })).toHaveCount(0);
});

test('notifications: 50 at a time, Load more shows the rest', async ({ page }) => {
  test.slow();
  await memberWithProfile(page);
  for (let i = 1; i <= 55; i += 1) await createOwn(page.request, `Reminder number ${i}`);
  await page.goto('/notifications');
  await expect(rows(page)).toHaveCount(50);
  await expect(rows(page).first()).toContainText('Reminder number 55');
  await expect(page.getByTestId('count-total')).toHaveText('55');
  const more = page.getByRole('button', { name: 'Load more' });
  await more.click();
  await expect(rows(page)).toHaveCount(55);
  await expect(rows(page).last()).toContainText('Reminder number 1');
  await expect(more).toHaveCount(0);
});

test('notifications: the exchange\'s events reach each member, with an icon, and a click opens what it is about', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.slow();
  await memberWithProfile(page, { displayName: 'Nora Owner' });
  const post = await createPostViaApi(page.request, { title: 'Sourdough baking basics' });
  const other = await createPostViaApi(page.request, { title: 'Window box planting' });
  const b = await otherMember(browser, baseURL, { displayName: 'Bram Asker' });
  const bPage = b.page;
  try {
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(topBarDot(page)).toHaveCount(0);

    // Bram asks: Nora's dot appears the next time she navigates.
    const request = await sendRequest(bPage.request, post.id);
    await page.getByRole('link', { name: /^Network/ }).click();
    await expect(page).toHaveURL(/\/network$/);
    await expect(topBarDot(page)).toBeVisible();
    await page.getByRole('link', { name: /^Notifications/ }).click();
    await expect(rows(page)).toHaveCount(1);
    const asked = rows(page).first();
    await expect(asked).toContainText('New exchange request');
    await expect(asked).toContainText('Bram Asker wants to exchange on "Sourdough baking basics"');
    await expect(asked.getByText('Exchange request:', { exact: true })).toHaveCount(1);
    await expect(asked.locator('svg.lucide-user-plus')).toHaveCount(1);
    await expect(asked.getByTestId('unread-dot')).toBeVisible();
    await expect(page.getByTestId('count-unread')).toHaveText('1');

    // A click marks it read and opens My Network, where Nora accepts.
    await asked.click();
    await expect(page).toHaveURL(/\/network$/);
    await expect(topBarDot(page)).toHaveCount(0);
    const incoming = page.getByTestId('network-section-incoming').getByTestId('network-item').filter({ hasText: 'Bram Asker' });
    await incoming.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('dialog', { name: 'Accept Request' }).getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText('Request accepted', { exact: true })).toBeVisible();

    // Bram: 'Request accepted', which opens My Network, where he marks the exchange completed.
    await bPage.goto('/home');
    await expect(topBarDot(bPage)).toBeVisible();
    await bPage.getByRole('link', { name: /^Notifications/ }).click();
    await expect(rows(bPage)).toHaveCount(1);
    const accepted = rows(bPage).first();
    await expect(accepted).toContainText('Request accepted');
    await expect(accepted).toContainText('Nora Owner accepted your request for "Sourdough baking basics"');
    await accepted.click();
    await expect(bPage).toHaveURL(/\/network$/);
    const connection = bPage.getByTestId('network-section-connections').getByTestId('network-item').filter({ hasText: 'Nora Owner' });
    await connection.getByRole('button', { name: 'Mark Completed' }).click();
    await bPage.getByRole('alertdialog', { name: 'Mark this exchange completed?' }).getByRole('button', { name: 'Mark Completed' }).click();
    await expect(bPage.getByText('Exchange completed', { exact: true })).toBeVisible();

    // Nora: 'Exchange completed'; she rates Bram and declines his second request.
    await page.getByRole('link', { name: /^Notifications/ }).click();
    await expect(rows(page)).toHaveCount(2);
    const completed = rows(page).first();
    await expect(completed).toContainText('Exchange completed');
    await expect(completed).toContainText('Bram Asker marked your exchange for "Sourdough baking basics" as completed');
    await expect(completed.getByTestId('unread-dot')).toBeVisible();
    await expect(rows(page).nth(1).getByTestId('unread-dot')).toHaveCount(0);
    await completed.click();
    await expect(page).toHaveURL(/\/network$/);
    expect((await page.request.post(`/api/requests/${request.id}/rating`, { data: { stars: 5 } })).status()).toBe(201);
    const second = await sendRequest(bPage.request, other.id);
    expect((await page.request.patch(`/api/requests/${second.id}`, { data: { status: 'declined' } })).status()).toBe(200);

    // Bram's list: one of each, newest first, each kind with its own icon.
    await bPage.getByRole('link', { name: /^Notifications/ }).click();
    await expect(rows(bPage)).toHaveCount(3);
    await expect(rows(bPage).nth(0)).toContainText('Nora Owner declined your request for "Window box planting"');
    await expect(rows(bPage).nth(0)).toContainText('Request declined');
    await expect(rows(bPage).nth(1)).toContainText('New rating');
    await expect(rows(bPage).nth(1)).toContainText('Nora Owner rated your exchange 5 stars');
    await expect(rows(bPage).nth(2)).toContainText('Request accepted');
    await expect(bPage.getByTestId('count-total')).toHaveText('3');
    await expect(bPage.getByTestId('count-unread')).toHaveText('2');
    await expect(bPage.getByTestId('count-this-week')).toHaveText('3');
    for (const label of ['Request declined', 'New rating', 'Request accepted']) {
      await expect(bPage.getByText(`${label}:`, { exact: true })).toHaveCount(1);
    }
    const icons = await rows(bPage).evaluateAll((els) => els.map((el) => el.querySelector('svg')?.getAttribute('class') ?? ''));
    expect(new Set(icons).size).toBe(3);
    // The list itself, once the 'Exchange completed' toast from My Network has gone.
    await expect(bPage.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
    const axe = await new AxeBuilder({ page: bPage }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    for (const width of [375, 1440]) {
      await bPage.setViewportSize({ width, height: 900 });
      expect(await bPage.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      await bPage.screenshot({ path: testInfo.outputPath(`notifications-${width}.png`), fullPage: true });
    }

    // A rating opens the member's own profile (Enter from the keyboard), where the review is.
    const rating = bPage.getByRole('link', { name: /New rating/ });
    await rating.focus();
    await bPage.keyboard.press('Enter');
    await expect(bPage).toHaveURL(new RegExp(`/profile/${b.userId}$`));
    await expect(bPage.getByRole('list', { name: 'Reviews' }).getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
    await bPage.goBack();
    await expect(bPage.getByTestId('count-unread')).toHaveText('1');
    // The server agrees.
    await bPage.reload();
    await expect(bPage.getByTestId('count-unread')).toHaveText('1');
    await expect(rows(bPage).nth(0).getByTestId('unread-dot')).toBeVisible();
    await expect(rows(bPage).nth(1).getByTestId('unread-dot')).toHaveCount(0);
  } finally {
    await b.close();
  }
});

test('notifications: an error offers Try again', async ({ page, consoleErrors }) => {
  await memberWithProfile(page);
  // Failure injection only: the network drops the list's request until Try again, which then
  // reaches the real server (fallback).
  let fail = true;
  await page.route('**/api/notifications', (route) => (fail ? route.abort('failed') : route.fallback()));
  await page.goto('/notifications');
  await expect(page.getByRole('alert').getByText('Notifications could not be loaded')).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('No notifications yet')).toBeVisible();
  allowFailedRequests(consoleErrors, ['network']);
});

test('notifications: at 375 px long titles and messages wrap inside the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await memberWithProfile(page);
  await createOwn(page.request, `Unbroken${'x'.repeat(150)}`);
  await createOwn(page.request, 'A reminder with an ordinary title', 'personal_note');
  await page.goto('/notifications');
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Mark All Read' })).toBeVisible();
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
  for (const right of await rows(page).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right))) {
    expect(right).toBeLessThanOrEqual(375);
  }
});

test("notifications: the top bar's dot asks again every 30 seconds", async ({ page }) => {
  await page.clock.install();
  await memberWithProfile(page);
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(topBarDot(page)).toHaveCount(0);
  await createOwn(page.request, 'Arrives while the page is open');
  await page.clock.runFor(10_000);
  await expect(topBarDot(page)).toHaveCount(0);
  await page.clock.runFor(21_000);
  await expect(topBarDot(page)).toBeVisible();
});

test('a message notification opens its conversation', async ({ page, browser, baseURL }) => {
  const me = await memberWithProfile(page, { displayName: 'Mira Reader' });
  const b = await otherMember(browser, baseURL, { displayName: 'Bo Writer' });
  try {
    const opened = await b.page.request.post('/api/conversations', { data: { memberId: me.userId } });
    expect(opened.status()).toBe(201);
    const { id } = (await opened.json()) as { id: string };
    const sent = await b.page.request.post(`/api/conversations/${id}/messages`, { data: { content: 'Are you free on Saturday?' } });
    expect(sent.status()).toBe(201);

    await page.goto('/notifications');
    await rows(page).filter({ hasText: 'Bo Writer: Are you free on Saturday?' }).click();
    await expect(page).toHaveURL(new RegExp(`/messages/${id}$`));
    await expect(page.getByTestId('message').filter({ hasText: 'Are you free on Saturday?' })).toBeVisible();
  } finally {
    await b.close();
  }
});
