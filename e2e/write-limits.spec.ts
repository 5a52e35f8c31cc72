import { allowFailedRequests } from './auth-helpers.js';
import { test, expect } from './fixtures.js';
import { createPostViaApi, memberWithProfile, otherMember, uniqueWord } from './profile-factory.js';

// The e2e server runs with the default limits: 10 posts an hour, 20 exchange requests an hour.

test('Create Post past the hourly limit shows why and keeps what the member typed', async ({ page, consoleErrors }) => {
  test.slow();
  await memberWithProfile(page, { displayName: 'Prolific Pat' });
  for (let i = 0; i < 10; i += 1) await createPostViaApi(page.request, { title: `Morning post number ${i + 1}` });

  await page.goto('/home');
  await page.getByRole('button', { name: 'Create Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Exchange Post' });
  await dialog.getByLabel('Title *').fill('One post too many today');
  await dialog.getByLabel("What I'm Offering *").fill('Help with gardening and lawn care');
  await dialog.getByLabel("What I'm Looking For *").fill('Someone to teach me basic Spanish');
  await dialog.getByRole('button', { name: 'Create Exchange Post' }).click();

  await expect(page.getByText('Limit reached')).toBeVisible();
  await expect(page.getByText(/^You can create up to 10 posts an hour\. Please try again in (60|59) minutes\.$/)).toBeVisible();
  await expect(page.getByText('Failed to create post—please try again.')).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Title *')).toHaveValue('One post too many today');
  allowFailedRequests(consoleErrors, [429]);
});

test('Send Exchange Request past the hourly limit shows why', async ({ page, browser, baseURL, consoleErrors }) => {
  test.slow();
  const word = uniqueWord();
  const postIds: string[] = [];
  for (const [name, count] of [['Ada Author', 10], ['Ben Author', 10], ['Cy Author', 1]] as const) {
    const author = await otherMember(browser, baseURL, { displayName: name });
    for (let i = 0; i < count; i += 1) {
      postIds.push((await createPostViaApi(author.page.request, { title: `${name} lesson ${i + 1} ${word}` })).id);
    }
    await author.close();
  }
  await memberWithProfile(page, { displayName: 'Eager Eve' });
  for (const postId of postIds.slice(0, 20)) {
    const res = await page.request.post('/api/requests', { data: { postId } });
    expect(res.status()).toBe(201);
  }

  await page.goto('/home');
  // Skip the first-click introduction to exchanges.
  await page.evaluate(`localStorage.setItem('exchange-tooltip-shown', 'true')`);
  const filtered = page.waitForResponse((res) => res.url().includes('/api/feed') && res.url().includes(`q=${word}`));
  await page.getByRole('searchbox', { name: 'Search people, skills, posts' }).fill(word);
  await filtered;
  const card = page.getByTestId('community-posts').getByTestId('post-card').filter({ hasText: `Cy Author lesson 1 ${word}` });
  await card.getByRole('button', { name: 'Exchange' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Exchange Request' });
  await dialog.getByRole('button', { name: 'Send Request' }).click();

  await expect(page.getByText('Limit reached')).toBeVisible();
  await expect(page.getByText(/^You can send up to 20 exchange requests an hour\. Please try again in (60|59) minutes\.$/)).toBeVisible();
  await expect(page.getByText('Failed to send exchange request. Please try again.')).toHaveCount(0);
  await expect(dialog).toBeVisible();
  allowFailedRequests(consoleErrors, [429]);
});
