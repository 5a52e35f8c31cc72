import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { ExchangeRequestItem } from '../src/shared/schemas/requests.js';
import { allowFailedRequests } from './auth-helpers.js';
import { expect, test } from './fixtures.js';
import { createPostViaApi, memberWithProfile, otherMember } from './profile-factory.js';

const EXPLANATION =
  'Out of 100: average rating up to 50 points, completed exchanges 3 points each up to 30, response rate up to 20 (until 3 requests in 90 days, the other two are scaled to 100).';

const step = (page: Page, id: string) => page.getByTestId(`verification-step-${id}`);
const figure = (page: Page, id: string) => page.getByTestId(`trust-${id}`).getByTestId('figure-value');

/** Serious or critical axe violations on the page, by rule id. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

/** The requester asks for the owner's post, the owner accepts, the requester marks it completed: the request's id. */
async function completedExchange(owner: Page, requester: Page, postId: string): Promise<string> {
  const created = await requester.request.post('/api/requests', { data: { postId, message: 'Could you help me with this?' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as ExchangeRequestItem;
  expect((await owner.request.patch(`/api/requests/${id}`, { data: { status: 'accepted' } })).status()).toBe(200);
  expect((await requester.request.patch(`/api/requests/${id}`, { data: { status: 'completed' } })).status()).toBe(200);
  return id;
}

test.describe('Verification & Settings', () => {
  test('a verified member sees e-mail Verified, the other steps Not Started, 25 % and no Trust Score yet', async ({ page }) => {
    await memberWithProfile(page, { displayName: 'Vera Verified' });
    await page.goto('/verification');
    await expect(page.getByRole('heading', { level: 1, name: 'Verification & Settings' })).toBeVisible();
    await expect(page).toHaveTitle(/^Verification & Settings \| /);

    await expect(step(page, 'email').getByTestId('step-status')).toHaveText('Verified');
    await expect(step(page, 'email').getByTestId('step-detail')).toHaveText('Your email address is verified.');
    for (const id of ['phone', 'identity', 'skills']) {
      await expect(step(page, id).getByTestId('step-status')).toHaveText('Not Started');
      await expect(step(page, id).getByTestId('step-detail')).toContainText('is not available yet.');
      // The spec's Start button, honestly disabled: nothing can be started yet.
      await expect(step(page, id).getByRole('button', { name: 'Start' })).toBeDisabled();
    }
    await expect(page.getByTestId('progress-percent')).toHaveText('25%');
    await expect(page.getByRole('progressbar', { name: 'Verification progress' })).toHaveAttribute('aria-valuenow', '25');
    await expect(page.getByText('1 of 4 steps completed')).toBeVisible();

    await expect(page.getByTestId('trust-score-value')).toHaveText('--');
    await expect(figure(page, 'completed')).toHaveText('0');
    await expect(figure(page, 'rating')).toHaveText('--');
    await expect(figure(page, 'ratings')).toHaveText('0');
    await expect(figure(page, 'response')).toHaveText('--');
    await expect(page.getByTestId('trust-explanation')).toHaveText(EXPLANATION);

    // The static account-settings rows open their tab of /settings.
    await page.getByRole('link', { name: /^Privacy/ }).click();
    await expect(page).toHaveURL(/\/settings\?tab=privacy$/);
  });

  test('after a completed, rated exchange the Trust Score figures follow', async ({ page, browser, baseURL }) => {
    test.slow();
    await memberWithProfile(page, { displayName: 'Tomas Trusted' });
    const post = await createPostViaApi(page.request, { title: 'Sourdough baking lessons' });
    await page.goto('/verification');
    await expect(page.getByTestId('trust-score-value')).toHaveText('--');

    const requester = await otherMember(browser, baseURL, { displayName: 'Rena Rater' });
    try {
      const requestId = await completedExchange(page, requester.page, post.id);
      const rated = await requester.page.request.post(`/api/requests/${requestId}/rating`, { data: { stars: 4, comment: 'Great bread.' } });
      expect(rated.status()).toBe(201);

      await page.reload();
      await expect(figure(page, 'completed')).toHaveText('1');
      await expect(figure(page, 'rating')).toHaveText('4.0');
      await expect(figure(page, 'ratings')).toHaveText('1');
      // One request received: too few for a response rate.
      await expect(figure(page, 'response')).toHaveText('--');
      // (40 for 4 stars + 3 for one exchange) of 80, scaled to 100.
      await expect(page.getByTestId('trust-score-value')).toHaveText('54');
      await expect(page.getByTestId('trust-score')).toContainText('out of 100');
      for (const width of [375, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `/tmp/verify-trust-score-${width}.png`, fullPage: true });
      }

      // Rena's own page: the same exchange, not rated yet.
      await requester.page.goto('/verification');
      await expect(figure(requester.page, 'completed')).toHaveText('1');
      await expect(figure(requester.page, 'rating')).toHaveText('--');
      await expect(requester.page.getByTestId('trust-score-value')).toHaveText('4');
    } finally {
      await requester.close();
    }
  });

  test('an error offers Try again', async ({ page, consoleErrors }) => {
    await memberWithProfile(page);
    // Failure injection only: the network drops the request until Try again, which then reaches the real server.
    let fail = true;
    await page.route('**/api/verification', (route) => (fail ? route.abort('failed') : route.fallback()));
    await page.goto('/verification');
    await expect(page.getByRole('alert').getByText('Your verification could not be loaded.')).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(step(page, 'email').getByTestId('step-status')).toHaveText('Verified');
    allowFailedRequests(consoleErrors, ['network']);
  });

  test('fits a 375 px phone without accessibility violations; screenshots at 375 and 1440 px', async ({ page }) => {
    await memberWithProfile(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/verification');
    await expect(page.getByTestId('trust-explanation')).toBeVisible();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/verify-verification-375.png', fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.getByTestId('trust-explanation')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/verify-verification-1440.png', fullPage: true });
  });
});
