import type { Locator, Page, TestInfo } from '@playwright/test';
import type { ExchangeRequestItem } from '../src/shared/schemas/requests.js';
import { expect, test } from './fixtures.js';
import { createPostViaApi, memberWithProfile, otherMember } from './profile-factory.js';

const COMMENT = 'Rosa fixed my bike in an afternoon and showed me how to true a wheel. <b>Great</b> teacher!';

/** Screenshots of the current page at a phone's and a desktop's width, for the record. */
async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

/** The requester asks for the owner's post, the owner accepts, the requester marks it completed: the request's id. */
async function completedExchange(owner: Page, requester: Page, postId: string): Promise<string> {
  const created = await requester.request.post('/api/requests', { data: { postId, message: 'Could you look at my bike?' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as ExchangeRequestItem;
  expect((await owner.request.patch(`/api/requests/${id}`, { data: { status: 'accepted' } })).status()).toBe(200);
  expect((await requester.request.patch(`/api/requests/${id}`, { data: { status: 'completed' } })).status()).toBe(200);
  return id;
}

/** The exchange with this member in My Network's Connections section. */
function connectionWith(page: Page, name: string): Locator {
  return page.getByTestId('network-section-connections').getByTestId('network-item').filter({ hasText: name });
}

/** Presses Tab until the target has the focus (at most 10 times), like a keyboard user would. */
async function tabUntil(page: Page, target: Locator) {
  for (let i = 0; i < 10; i += 1) {
    if (await target.evaluate((el) => el.matches(':focus'))) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test.describe('Ratings on the profile', () => {
  test("a member nobody rated yet: 'No ratings yet', '0 exchanges' and 'No reviews yet.'", async ({ page, browser, baseURL }) => {
    const rated = await memberWithProfile(page, { displayName: 'Nadia Newcomer' });
    const visitor = await otherMember(browser, baseURL, { displayName: 'Victor Visitor' });
    try {
      for (const viewer of [page, visitor.page]) {
        await viewer.goto(`/profile/${rated.userId}`);
        await expect(viewer.getByRole('heading', { level: 1, name: 'Nadia Newcomer' })).toBeVisible();
        await expect(viewer.getByText('No ratings yet', { exact: true })).toBeVisible();
        await expect(viewer.getByText('0 exchanges')).toBeVisible();
        const reviews = viewer.getByRole('heading', { level: 2, name: 'Reviews' });
        await expect(reviews).toBeVisible();
        await expect(viewer.getByText('No reviews yet.', { exact: true })).toBeVisible();
      }
    } finally {
      await visitor.close();
    }
  });

  test('rates a completed exchange from My Network with the keyboard; both profiles show the review', async ({ page, browser, baseURL }, testInfo) => {
    test.slow();
    const owner = await memberWithProfile(page, { displayName: 'Rosa Rated' });
    const post = await createPostViaApi(page.request, { title: 'Bike repair and wheel truing' });
    const reviewer = await otherMember(browser, baseURL, { displayName: 'Ravi Reviewer' });
    try {
      const view = reviewer.page;
      // The exchange: Ravi asks, Rosa accepts, Ravi marks it completed (the UI for these steps
      // is network-lifecycle.spec.ts; here the real API does them).
      const requestId = await completedExchange(page, view, post.id);

      // Ravi rates Rosa from My Network, with the keyboard only.
      await view.goto('/network');
      const connection = connectionWith(view, 'Rosa Rated');
      await expect(connection.getByText('Completed', { exact: true })).toBeVisible();
      await connection.getByRole('button', { name: 'Rate' }).click();
      const dialog = view.getByRole('dialog', { name: 'Rate your exchange with Rosa Rated' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('Your rating and comment appear on Rosa Rated\'s profile.')).toBeVisible();
      const submit = dialog.getByRole('button', { name: 'Submit' });
      await expect(submit).toBeDisabled();
      await expect(dialog.getByRole('radio')).toHaveCount(5);
      // Tab into the star group (the first star), then the arrow keys choose.
      await tabUntil(view, dialog.getByRole('radio', { name: '1 star' }));
      await view.keyboard.press('ArrowRight');
      await view.keyboard.press('ArrowRight');
      await view.keyboard.press('ArrowRight');
      await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
      await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeFocused();
      await expect(dialog.getByText('4 out of 5', { exact: true })).toBeVisible();
      await expect(submit).toBeEnabled();
      await view.keyboard.press('Tab');
      await expect(dialog.getByLabel('Comment')).toBeFocused();
      await view.keyboard.type(COMMENT);
      await expect(dialog.getByText(`${500 - COMMENT.length} characters left`)).toBeVisible();
      await screenshots(view, testInfo, 'rate-dialog');
      await view.setViewportSize({ width: 1280, height: 720 });
      await tabUntil(view, submit);
      await view.keyboard.press('Enter');
      await expect(view.getByText('Thanks for your rating', { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(connection.getByText('Rated', { exact: true })).toBeVisible();
      await expect(connection.getByRole('button', { name: 'Rate' })).toHaveCount(0);

      // Once per exchange: the API refuses a second rating.
      const again = await view.request.post(`/api/requests/${requestId}/rating`, { data: { stars: 5 } });
      expect(again.status()).toBe(409);
      expect(((await again.json()) as { error: { message: string } }).error.message).toBe('You have already rated this exchange.');

      // Rosa rates Ravi back, with the mouse this time.
      await page.goto('/network');
      const back = connectionWith(page, 'Ravi Reviewer');
      await back.getByRole('button', { name: 'Rate' }).click();
      const backDialog = page.getByRole('dialog', { name: 'Rate your exchange with Ravi Reviewer' });
      await backDialog.locator('label').filter({ hasText: '5 stars' }).click();
      await expect(backDialog.getByRole('radio', { name: '5 stars' })).toBeChecked();
      await backDialog.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText('Thanks for your rating', { exact: true })).toBeVisible();
      await expect(back.getByText('Rated', { exact: true })).toBeVisible();

      // Rosa's profile as Ravi sees it, then as Rosa sees her own (/profile).
      const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
      for (const [viewer, path] of [
        [view, `/profile/${owner.userId}`],
        [page, '/profile'],
      ] as const) {
        await viewer.goto(path);
        await expect(viewer).toHaveURL(new RegExp(`/profile/${owner.userId}$`));
        await expect(viewer.getByRole('heading', { level: 1, name: 'Rosa Rated' })).toBeVisible();
        await expect(viewer.getByText('4.0 (1 rating)')).toBeVisible();
        await expect(viewer.getByText('1 exchanges')).toBeVisible();
        const items = viewer.getByRole('list', { name: 'Reviews' }).getByRole('listitem');
        await expect(items).toHaveCount(1);
        const review = items.first();
        await expect(review.getByRole('link', { name: 'Ravi Reviewer' })).toHaveAttribute('href', `/profile/${reviewer.userId}`);
        await expect(review.getByRole('img', { name: "Ravi Reviewer's initials" })).toBeVisible();
        await expect(review.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
        // A comment is text, never markup.
        await expect(review.getByText(COMMENT, { exact: true })).toBeVisible();
        await expect(review.locator('b')).toHaveCount(0);
        await expect(review.locator('time')).toHaveText(today);
        await expect(viewer.getByText('No reviews yet.')).toHaveCount(0);
      }
      await screenshots(page, testInfo, 'profile-reviews');

      // And Ravi's: Rosa's five stars, no comment.
      await view.goto(`/profile/${reviewer.userId}`);
      await expect(view.getByText('5.0 (1 rating)')).toBeVisible();
      await expect(view.getByText('1 exchanges')).toBeVisible();
      const ravis = view.getByRole('list', { name: 'Reviews' }).getByRole('listitem');
      await expect(ravis).toHaveCount(1);
      await expect(ravis.first().getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
      await ravis.first().getByRole('link', { name: 'Rosa Rated' }).click();
      await expect(view).toHaveURL(new RegExp(`/profile/${owner.userId}$`));
      await expect(view.getByRole('heading', { level: 1, name: 'Rosa Rated' })).toBeVisible();
    } finally {
      await reviewer.close();
    }
  });
});
