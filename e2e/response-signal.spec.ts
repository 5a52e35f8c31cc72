import { test, expect } from './fixtures.js';
import { createPostViaApi, memberWithProfile, otherMember, uniqueWord } from './profile-factory.js';

test("from 3 requests on, the author's feed card, search card and profile say how they answer", async ({ page, browser, baseURL }) => {
  test.slow();
  const word = uniqueWord();
  const author = await otherMember(browser, baseURL, { displayName: 'Rhea Responder' });
  const post = await createPostViaApi(author.page.request, {
    title: `Pottery wheel basics ${word}`,
    offering: `Pottery wheel basics and glazing ${word}`,
  });
  const requesters = [];
  for (let i = 0; i < 3; i += 1) {
    const requester = await otherMember(browser, baseURL);
    requesters.push(requester);
    const res = await requester.page.request.post('/api/requests', { data: { postId: post.id } });
    expect(res.status()).toBe(201);
  }
  await memberWithProfile(page);

  await page.goto('/home');
  await page.getByRole('searchbox', { name: 'Search people, skills, posts' }).fill(word);
  const card = page.getByTestId('community-posts').getByTestId('post-card').filter({ hasText: post.title });
  // Nobody answered yet: the rate shows without a typical time.
  await expect(card.getByTestId('author-response')).toHaveText('Responds to 0 of 3 requests');
  await expect(card.getByRole('button', { name: 'Exchange' })).toBeEnabled();

  await page.goto(`/search?q=${word}`);
  const result = page.getByTestId('search-result').filter({ hasText: post.title });
  await expect(result.getByTestId('author-response')).toHaveText('Responds to 0 of 3 requests');

  await page.goto(`/profile/${author.userId}`);
  await expect(page.getByTestId('response-signal')).toHaveText('Responds to 0 of 3 requests');

  // The author's My Posts shows the requests waiting for them.
  await author.page.goto('/home');
  await expect(author.page.getByTestId('my-post').filter({ hasText: post.title }).getByRole('link', { name: '3 pending requests' })).toBeVisible();
  for (const r of requesters) await r.close();
  await author.close();
});
