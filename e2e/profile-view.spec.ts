import type { Browser } from '@playwright/test';
import { randomInt } from 'node:crypto';
import { format } from 'date-fns';
import { allowFailedRequests } from './auth-helpers.js';
import { expect, test } from './fixtures.js';
import { signedInMember } from './members.js';
import { profileViaApi, words } from './profile-helpers.js';
import { createPostViaApi, memberWithProfile, otherMember as otherMemberWithProfile, uniqueWord } from './profile-factory.js';

/** A second member in a browser context of their own. */
async function otherMember(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 254)}` },
  });
  const page = await context.newPage();
  const member = await signedInMember(page);
  return { context, page, ...member };
}

test.describe('Profile view', () => {
  test('the owner sees the header, the cards, Edit Profile and the View as Others toggle', async ({ page }) => {
    const { userId } = await signedInMember(page);
    await profileViaApi(page, { about: `<img src=x onerror=alert(1)> <b>bold</b> ${words(40)}` });
    await page.goto('/profile');
    await expect(page).toHaveURL(new RegExp(`/profile/${userId}$`));

    await expect(page.getByRole('heading', { level: 1, name: 'Rosa Fernandez' })).toBeVisible();
    await expect(page.getByRole('img', { name: "Rosa Fernandez's photo" })).toHaveAttribute('src', /^\/api\/photos\//);
    await expect(page.getByText('Home & Garden', { exact: true })).toBeVisible();
    await expect(page.getByText('Beverly Hills, CA')).toBeVisible();
    // Nobody rated this member yet: the words of the Profile Details dialog, not '0.0'.
    await expect(page.getByText('No ratings yet', { exact: true })).toBeVisible();
    await expect(page.getByText('0.0', { exact: true })).toHaveCount(0);
    await expect(page.getByText('0 exchanges')).toBeVisible();
    await expect(page.getByText(`Joined ${format(new Date(), 'MMMM yyyy')}`)).toBeVisible();

    // About shows HTML as text, never as markup.
    await expect(page.getByText('<img src=x onerror=alert(1)> <b>bold</b>', { exact: false })).toBeVisible();
    await expect(page.locator('main b')).toHaveCount(0);
    const skills = page.getByRole('list', { name: 'Skills' });
    await expect(skills.getByRole('listitem')).toHaveText(['pruning', 'composting']);
    await expect(page.getByText('both', { exact: true })).toBeVisible();
    // Lead time reads as its option's label (docs/decisions/008-lead-time-labels.md).
    await expect(page.getByText('2-3 days', { exact: true })).toBeVisible();
    await expect(page.getByText('2 - 3 - days')).toHaveCount(0);
    await expect(page.getByText('25 mile radius')).toBeVisible();
    const portfolio = page.getByRole('link', { name: 'Portfolio' });
    await expect(portfolio).toHaveAttribute('href', 'https://rosa.example.org');
    await expect(portfolio).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('link', { name: 'LinkedIn Profile' })).toHaveCount(0);

    await expect(page.getByRole('link', { name: 'Edit Profile' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Message' })).toHaveCount(0);
    await page.getByRole('button', { name: 'View as Others' }).click();
    await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Message' })).toBeVisible();
    await page.getByRole('button', { name: 'My View' }).click();
    await expect(page.getByRole('link', { name: 'Edit Profile' })).toBeVisible();
    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await expect(page).toHaveURL(/\/profile\/edit$/);
  });

  test('another member sees Message, which opens the conversation with this member', async ({ page, browser, baseURL }) => {
    const owner = await signedInMember(page);
    await profileViaApi(page, { serviceType: 'digital', zipCode: '', serviceRadiusMiles: null, linkedinUrl: 'https://www.linkedin.com/in/rosa' });
    const other = await otherMember(browser, baseURL);
    try {
      await other.page.goto(`/profile/${owner.userId}`);
      await expect(other.page.getByRole('heading', { level: 1, name: 'Rosa Fernandez' })).toBeVisible();
      await expect(other.page.getByText('digital', { exact: true })).toBeVisible();
      await expect(other.page.getByText(/mile radius/)).toHaveCount(0);
      await expect(other.page.getByRole('link', { name: 'LinkedIn Profile' })).toHaveAttribute('target', '_blank');
      await expect(other.page.getByRole('link', { name: 'Edit Profile' })).toHaveCount(0);
      await expect(other.page.getByRole('button', { name: 'View as Others' })).toHaveCount(0);
      await other.page.getByRole('button', { name: 'Message' }).click();
      // Messages opens (or creates) the conversation, moves to its own address and focuses the composer.
      await expect(other.page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
      await expect(other.page.getByTestId('chat-member-name')).toHaveText('Rosa Fernandez');
      await expect(other.page.getByRole('textbox', { name: 'Message' })).toBeFocused();
    } finally {
      await other.context.close();
    }
  });

  test('an unknown id shows Profile not found with Back to Home, without retrying', async ({ page, consoleErrors }) => {
    await signedInMember(page);
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/profiles/nobody-here')) calls += 1;
    });
    await page.goto('/profile/nobody-here');
    await expect(page.getByRole('heading', { name: 'Profile not found' })).toBeVisible();
    expect(calls).toBe(1);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/home$/);
    allowFailedRequests(consoleErrors, [404]);
  });

  test('a malformed id says Invalid profile ID and goes home without asking the server', async ({ page }) => {
    await signedInMember(page);
    let calls = 0;
    page.on('request', (r) => {
      if (/\/api\/profiles\/not/.test(r.url())) calls += 1;
    });
    await page.goto('/profile/not%20an%20id!');
    await expect(page.getByText('Invalid profile ID')).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    expect(calls).toBe(0);
  });

  test('loading retries twice, a second apart, after errors', async ({ page, consoleErrors }) => {
    const { userId } = await signedInMember(page);
    await profileViaApi(page);
    const times: number[] = [];
    await page.route(`**/api/profiles/${userId}`, async (route) => {
      times.push(Date.now());
      if (times.length < 3) await route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"INTERNAL","message":"busy"}}' });
      else await route.continue();
    });
    await page.goto(`/profile/${userId}`);
    await expect(page.getByText('Loading profile...')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Rosa Fernandez' })).toBeVisible();
    expect(times).toHaveLength(3);
    const [first = 0, second = 0] = times;
    expect(second - first).toBeGreaterThanOrEqual(950);
    allowFailedRequests(consoleErrors, [503]);
  });

  test('shows No description provided. and the rating and exchanges the server reports', async ({ page }) => {
    const { userId } = await signedInMember(page);
    await profileViaApi(page);
    await page.route(`**/api/profiles/${userId}`, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as Record<string, unknown>;
      await route.fulfill({ response: res, json: { ...body, about: null, rating: 4.25, ratingCount: 3, exchanges: 7, skillKeywords: [] } });
    });
    await page.goto(`/profile/${userId}`);
    await expect(page.getByText('No description provided.')).toBeVisible();
    await expect(page.getByText('Rating: 4.3 (3 ratings)', { exact: true })).toBeVisible();
    await expect(page.getByText('7 exchanges')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Skills' })).toHaveCount(0);
  });

  test('a member reads the same rating words on their profile page and in the Profile Details dialog', async ({ page, browser, baseURL }) => {
    const word = uniqueWord();
    const author = await otherMemberWithProfile(browser, baseURL, { displayName: 'Nora Unrated' });
    const post = await createPostViaApi(author.page.request, { title: `Bread baking lessons ${word}` });
    await memberWithProfile(page, { displayName: 'Vic Viewer' });

    // Nobody rated Nora yet: both screens say so in the same words.
    await page.goto(`/search?q=${word}`);
    await page.getByTestId('search-result').filter({ hasText: post.title }).getByRole('button', { name: post.title }).click();
    const details = page.getByRole('dialog', { name: 'Profile Details' });
    await expect(details.getByText('No ratings yet', { exact: true })).toBeVisible();
    await page.goto(`/profile/${author.userId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Nora Unrated' })).toBeVisible();
    await expect(page.getByText('No ratings yet', { exact: true })).toBeVisible();
    await expect(page.getByText('0.0')).toHaveCount(0);
    await expect(page.getByText('0 exchanges', { exact: true })).toBeVisible();

    // Once rated (three ratings averaging 4.25), both read '4.3 (3 ratings)'.
    await page.route(`**/api/profiles/${author.userId}`, async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: { ...((await res.json()) as object), rating: 4.3, ratingCount: 3, exchanges: 2 } });
    });
    await page.route(`**/api/members/${author.userId}/summary`, async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: { ...((await res.json()) as object), ratingAverage: 4.3, ratingCount: 3, completedExchanges: 2 } });
    });
    await page.reload();
    await expect(page.getByText('Rating: 4.3 (3 ratings)', { exact: true })).toBeVisible();
    await expect(page.getByText('2 exchanges', { exact: true })).toBeVisible();
    await page.goto(`/search?q=${word}`);
    await page.getByTestId('search-result').filter({ hasText: post.title }).getByRole('button', { name: post.title }).click();
    await expect(details.getByText('4.3 (3 ratings)', { exact: true })).toBeVisible();
    await author.close();
  });
});

test.describe('Profile view on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a 60-character display name wraps in full in the page header, long words broken', async ({ page }, testInfo) => {
    // One word longer than the screen is wide, then more words: 60 characters in all.
    const name = 'Featherstonehaugh-Wolfeschlegelsteinhausenberger Abernathy';
    const longName = `${name}${'x'.repeat(60 - name.length)}`;
    expect(longName).toHaveLength(60);
    const { userId } = await memberWithProfile(page, { displayName: longName });
    await page.goto(`/profile/${userId}`);
    const heading = page.getByRole('heading', { level: 1, name: longName });
    await expect(heading).toBeVisible();
    await expect(heading).toHaveText(longName);

    // Nothing is cut: the heading needs no more room than it has, and wraps onto more lines.
    const box = await heading.evaluate((el) => {
      const style = el.ownerDocument.defaultView?.getComputedStyle(el);
      return {
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
        height: el.getBoundingClientRect().height,
        right: el.getBoundingClientRect().right,
        lineHeight: Number.parseFloat(style?.lineHeight ?? ''),
        textOverflow: style?.textOverflow,
      };
    });
    expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
    expect(box.right).toBeLessThanOrEqual(375);
    expect(box.textOverflow).not.toBe('ellipsis');
    expect(box.height).toBeGreaterThan(box.lineHeight * 1.5);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await page.screenshot({ path: testInfo.outputPath('profile-long-name-375.png'), fullPage: true });
  });
});
