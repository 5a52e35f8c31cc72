import { allowFailedRequests } from './auth-helpers.js';
import { test, expect } from './fixtures.js';
import { memberWithProfile } from './profile-factory.js';

/** What the server's full queue answers (plugins/overload.ts): nothing ran, try again later. */
const BUSY = {
  status: 503,
  headers: { 'retry-after': '1', 'content-type': 'application/json' },
  body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'The server is busy. Please try again in a moment.' }, requestId: 'busy' }),
};

test('a busy server: the page says so calmly, tries again after Retry-After and then shows the content', async ({ page, consoleErrors }) => {
  await memberWithProfile(page);
  let turnedAway = 0;
  await page.route(/\/api\/notifications(\?|$)/, async (route) => {
    if (turnedAway < 2) {
      turnedAway += 1;
      await route.fulfill(BUSY);
    } else {
      await route.continue();
    }
  });
  await page.goto('/notifications');
  await expect(page.getByTestId('server-busy')).toHaveText('The server is busy. Trying again...');
  await page.screenshot({ path: test.info().outputPath('server-busy.png') });
  await expect(page.getByText('No notifications yet')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('server-busy')).toHaveCount(0);
  expect(turnedAway).toBe(2);
  allowFailedRequests(consoleErrors, [503]);
});

test('a server that stays busy: after three tries the page shows its error with Try again', async ({ page, consoleErrors }) => {
  test.slow();
  await memberWithProfile(page);
  await page.route(/\/api\/notifications(\?|$)/, (route) => route.fulfill(BUSY));
  await page.goto('/notifications');
  await expect(page.getByTestId('server-busy')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('server-busy')).toHaveCount(0);
  allowFailedRequests(consoleErrors, [503]);
});
