import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { createPostViaApi, memberWithProfile, otherMember, uniqueWord } from './profile-factory.js';

test.use({ viewport: { width: 375, height: 812 } });

/** Nothing on the page is wider than the 375 px screen: no sideways scrolling, no cut-off card. */
async function expectFitsTheScreen(page: Page, cardTestId?: string) {
  // The innermost elements reaching past the right edge, named so a failure says what overflows.
  const overflowing = await page.evaluate<string[]>(`[...document.body.querySelectorAll('*')]
    .filter((el) => el.getBoundingClientRect().right > 375.5 && ![...el.children].some((c) => c.getBoundingClientRect().right > 375.5))
    .map((el) => el.tagName.toLowerCase() + '.' + String(el.className).split(' ').slice(0, 4).join('.') + ' "' + (el.textContent ?? '').slice(0, 40) + '"')`);
  expect(overflowing).toEqual([]);
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
  if (!cardTestId) return;
  const rights = await page.getByTestId(cardTestId).evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().right));
  expect(rights.length).toBeGreaterThan(0);
  for (const right of rights) expect(right).toBeLessThanOrEqual(375);
}

test('at 375 px the feed, My Posts, search and a profile fit the screen with long names and category badges', async ({ page, browser, baseURL }) => {
  const word = uniqueWord();
  const categories = (await (await page.request.get('/api/categories')).json()) as { id: number; name: string }[];
  const longest = [...categories].sort((a, b) => b.name.length - a.name.length)[0];
  const author = await otherMember(browser, baseURL, { displayName: 'Bartholomew Featherstonehaugh-Worthington' });
  await createPostViaApi(author.page.request, {
    title: `Furniture restoration and careful sanding ${word}`,
    offering: 'Furniture restoration and sanding on weekends',
    lookingFor: 'Someone to help me with my vegetable garden',
    ...(longest ? { categoryId: longest.id } : {}),
  });
  await memberWithProfile(page, { displayName: 'Mia Member' });
  await createPostViaApi(page.request, { title: `A rather long title for my own post ${word}` });

  await page.goto('/home');
  await expect(page.getByTestId('community-posts').getByTestId('post-card').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My Posts' })).toBeVisible();
  await expectFitsTheScreen(page, 'post-card');

  await page.goto(`/search?q=${word}`);
  await expect(page.getByTestId('search-result')).toHaveCount(1);
  await expectFitsTheScreen(page, 'search-result');

  await page.goto(`/profile/${author.userId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bartholomew Featherstonehaugh-Worthington' })).toBeVisible();
  await expectFitsTheScreen(page);
  await author.close();
});
