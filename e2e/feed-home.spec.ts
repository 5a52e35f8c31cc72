import type { Page } from '@playwright/test';
import { allowFailedRequests } from './auth-helpers.js';
import { test, expect } from './fixtures.js';
import { createPostViaApi, memberWithProfile, otherMember, uniqueWord } from './profile-factory.js';

/** Types into the top-bar search and waits for the feed the server filtered by it. */
async function filterFeed(page: Page, text: string) {
  const filtered = page.waitForResponse((res) => res.url().includes('/api/feed') && res.url().includes(`q=${encodeURIComponent(text)}`));
  await page.getByRole('searchbox', { name: 'Search people, skills, posts' }).fill(text);
  await filtered;
}

const communityCards = (page: Page) => page.getByTestId('community-posts').getByTestId('post-card');

test('recent feed: own posts excluded, live filter from the top bar, cards, Community Posts heading', async ({ page, browser, baseURL }) => {
  const word = uniqueWord();
  const author = await otherMember(browser, baseURL, { displayName: 'Nora Neighbour' });
  await createPostViaApi(author.page.request, {
    title: `Sourdough baking ${word}`,
    offering: 'Sourdough baking lessons with my starter',
    lookingFor: 'Someone to fix my leaking kitchen tap',
    keywords: ['bread', 'baking', 'starter', 'flour', 'kitchen'],
    format: 'in_person',
  });
  await memberWithProfile(page, { displayName: 'Mia Member' });
  await createPostViaApi(page.request, { title: `My own post ${word}` });

  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Discover and Connect' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Community Posts' })).toBeVisible();
  await filterFeed(page, word);
  await expect(communityCards(page)).toHaveCount(1);
  const card = communityCards(page).first();
  await expect(card.getByRole('heading', { name: `Sourdough baking ${word}` })).toBeVisible();
  await expect(card.getByText('Nora Neighbour')).toBeVisible();
  await expect(card.getByText("What I'm offering")).toBeVisible();
  await expect(card.getByText('Sourdough baking lessons with my starter')).toBeVisible();
  await expect(card.getByText("What I'm looking for")).toBeVisible();
  await expect(card.getByText('Someone to fix my leaking kitchen tap')).toBeVisible();
  // Up to 5 tags (5 keywords plus the format tag: the format is the sixth).
  await expect(card.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveCount(5);
  // Recent mode shows no compatibility bar; own posts never appear in the community grid.
  await expect(card.getByTestId('match-bar')).toHaveCount(0);
  await expect(page.getByTestId('community-posts').getByText(`My own post ${word}`)).toHaveCount(0);

  // A word nobody used: the feed says nothing matched it (not that there are no posts), and
  // clearing the search empties the top bar and brings every post back.
  const nobody = uniqueWord();
  await filterFeed(page, nobody);
  await expect(page.getByText(`No posts match "${nobody}"`)).toBeVisible();
  await expect(page.getByText('No posts available yet')).toHaveCount(0);
  await expect(page.getByText('Be the first to create a post!')).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search people, skills, posts' })).toHaveValue('');
  await expect(page.getByText(`No posts match "${nobody}"`)).toHaveCount(0);
  await expect(communityCards(page).first()).toBeVisible();
  await author.close();
});

test("a feed with no posts at all keeps the spec's empty states", async ({ page }) => {
  await memberWithProfile(page);
  // The shared e2e server always has posts: answer this member's feed with none.
  await page.route('**/api/feed?*', (route) => route.fulfill({ json: { items: [], nextOffset: null, matchingEnabled: true } }));
  await page.goto('/home');
  await expect(page.getByText('No posts available yet')).toBeVisible();
  await expect(page.getByText('Be the first to create a post!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear search' })).toHaveCount(0);
  await page.getByLabel('Filter posts').click();
  await page.getByRole('option', { name: 'Highest Compatibility' }).click();
  await expect(page.getByText('No compatible posts yet')).toBeVisible();
  await expect(page.getByText('Try adding tags or widening your distance.')).toBeVisible();
});

test('compatibility mode: selector with own posts, own posts first, the match bar and reasons', async ({ page, browser, baseURL }) => {
  test.slow();
  const [a, b, c] = [uniqueWord('qa'), uniqueWord('qb'), uniqueWord('qc')];
  const author = await otherMember(browser, baseURL, { displayName: 'Theo Teacher' });
  await createPostViaApi(author.page.request, {
    title: `Lessons in ${a} ${b} ${c}`,
    offering: `I teach ${a}, ${b} and ${c} to beginners`,
    lookingFor: 'Someone to walk my dog on weekday mornings',
    keywords: [a, b, c],
    format: 'remote',
  });
  await memberWithProfile(page, { displayName: 'Sam Seeker' });
  const mine = await createPostViaApi(page.request, {
    title: `Dog walking for ${a} lessons`,
    offering: 'Reliable dog walking on weekday mornings',
    lookingFor: `I would love to learn ${a}, ${b} and ${c}`,
  });

  await page.goto('/home');
  await page.getByRole('combobox', { name: 'Filter posts' }).click();
  await page.getByRole('option', { name: 'Highest Compatibility' }).click();
  const selector = page.getByRole('combobox', { name: 'Viewing matches for' });
  await expect(selector).toHaveText('All Posts (General Profile Match)');
  await selector.click();
  await expect(page.getByRole('option', { name: 'All Posts (General Profile Match)' })).toBeVisible();
  await page.getByRole('option', { name: mine.title }).click();
  await expect(selector).toHaveText(mine.title);

  // Own posts first, then the community under its heading.
  await expect(page.getByRole('heading', { name: 'Your Posts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Community Posts' })).toBeVisible();
  await filterFeed(page, a);
  await expect(communityCards(page)).toHaveCount(1);
  const card = communityCards(page).first();
  await expect(card.getByRole('heading', { name: `Lessons in ${a} ${b} ${c}` })).toBeVisible();
  const bar = card.getByTestId('match-bar');
  await expect(bar.getByText('Compatibility Match')).toBeVisible();
  await expect(bar.getByText('Complement-focused ranking with location and freshness factors')).toBeVisible();
  await expect(bar.getByText('Complements your skills')).toBeVisible();
  const score = Number(await bar.getByRole('meter').getAttribute('aria-valuenow'));
  expect(score).toBeGreaterThanOrEqual(40);

  // A filter with no hits says so; compatibility's own empty state is for a feed with no matches.
  const nobody = uniqueWord();
  await filterFeed(page, nobody);
  await expect(page.getByText(`No posts match "${nobody}"`)).toBeVisible();
  await expect(page.getByText('No compatible posts yet')).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search people, skills, posts' })).toHaveValue('');
  await expect(page.getByText(`No posts match "${nobody}"`)).toHaveCount(0);
  await author.close();
});

test("compatibility mode ranks scores below the threshold under 'Weaker matches', without bars", async ({ page, browser, baseURL }) => {
  test.slow();
  const [a, b, f] = [uniqueWord('qa'), uniqueWord('qb'), uniqueWord('qf')];
  const author = await otherMember(browser, baseURL, { displayName: 'Wren Weaver' });
  // Offers what the seeker asks for.
  await createPostViaApi(author.page.request, {
    title: `Lessons in ${a} and ${b}`,
    offering: `I teach ${a} and ${b} to anyone curious`,
    lookingFor: `Someone to help me with ${f} at home`,
    keywords: [a, b],
  });
  // Offers nothing the seeker has or wants; only its request shares the filter word.
  const other = await otherMember(browser, baseURL, { displayName: 'Tobias Taxes' });
  await createPostViaApi(other.page.request, {
    title: 'Tax return preparation and bookkeeping',
    offering: 'Tax return preparation and bookkeeping for freelancers',
    lookingFor: `Someone to show me ${f} on weekends`,
  });
  await memberWithProfile(page, { displayName: 'Sid Seeker' });
  await createPostViaApi(page.request, {
    title: 'Dog walking on weekday mornings',
    offering: 'Reliable dog walking on weekday mornings',
    lookingFor: `I would love to learn ${a} and ${b}`,
  });

  await page.goto('/home');
  await page.getByRole('combobox', { name: 'Filter posts' }).click();
  await page.getByRole('option', { name: 'Highest Compatibility' }).click();
  await filterFeed(page, f);
  await expect(communityCards(page)).toHaveCount(2);
  const weaker = page.getByTestId('weaker-matches');
  await expect(weaker.getByRole('heading', { name: 'Weaker matches' })).toBeVisible();
  // The match above the divider keeps its bar; the weaker one is a plain card under it.
  const strong = communityCards(page).first();
  await expect(strong.getByRole('heading', { name: `Lessons in ${a} and ${b}` })).toBeVisible();
  expect(Number(await strong.getByRole('meter', { name: 'Compatibility Match' }).getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(41);
  await expect(weaker.getByTestId('post-card')).toHaveCount(1);
  await expect(weaker.getByRole('heading', { name: 'Tax return preparation and bookkeeping' })).toBeVisible();
  await expect(weaker.getByTestId('match-bar')).toHaveCount(0);

  // Most Recent has no divider.
  await page.getByRole('combobox', { name: 'Filter posts' }).click();
  await page.getByRole('option', { name: 'Most Recent' }).click();
  await expect(communityCards(page)).toHaveCount(2);
  await expect(page.getByTestId('weaker-matches')).toHaveCount(0);
  await author.close();
  await other.close();
});

test("My Posts lists matches; the Exchange tooltip shows once, then the dialog, then 'Connected' with 'Request pending' survives a reload", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const [a, b, c] = [uniqueWord('qa'), uniqueWord('qb'), uniqueWord('qc')];
  const author = await otherMember(browser, baseURL, { displayName: 'Uma Ukulele' });
  const theirs = await createPostViaApi(author.page.request, {
    title: `Ukulele ${a} ${b} ${c}`,
    offering: `Friendly ${a}, ${b} and ${c} coaching`,
    lookingFor: 'Someone to help me paint my fence',
    keywords: [a, b, c],
  });
  await memberWithProfile(page, { displayName: 'Pat Painter' });
  const mine = await createPostViaApi(page.request, {
    title: `Fence painting for ${a}`,
    offering: 'Fence and shed painting, with my own brushes',
    lookingFor: `Coaching in ${a}, ${b} and ${c}`,
  });

  await page.clock.install();
  await page.goto('/home');
  const row = page.getByTestId('my-post').filter({ hasText: mine.title });
  await expect(row.getByText(/— \d+ (Match|Matches)$/)).toBeVisible();
  await row.getByRole('button', { name: new RegExp(`^${mine.title} — `) }).click();
  const match = row.getByTestId('my-post-match').filter({ hasText: `Offering: ${theirs.title}` });
  await expect(match).toBeVisible();
  await expect(match.getByText('Uma Ukulele')).toBeVisible();
  await expect(match.getByRole('button', { name: 'Exchange' })).toBeVisible();

  // The post card's first Exchange click only introduces exchanges, for 3 seconds.
  await filterFeed(page, a);
  const card = page.getByTestId('community-posts').getByTestId('post-card').filter({ hasText: theirs.title });
  await card.getByRole('button', { name: 'Exchange' }).click();
  const intro = page.getByRole('tooltip').filter({ hasText: 'Exchanges are how you connect and trade skills on SkillSwap.' });
  await expect(intro).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Send Exchange Request' })).toHaveCount(0);
  expect(await page.evaluate<string | null>(`localStorage.getItem('exchange-tooltip-shown')`)).toBe('true');
  await page.clock.fastForward(3000);
  await expect(intro).toHaveCount(0);

  // Later clicks open the dialog.
  await card.getByRole('button', { name: 'Exchange' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Exchange Request' });
  await expect(dialog.getByText('Uma Ukulele')).toBeVisible();
  await expect(dialog.getByText(theirs.title)).toBeVisible();
  const note = dialog.getByLabel('Add a note to your invitation (optional)');
  await note.fill('  Hello!  ');
  await expect(dialog.getByText('10/300')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByText('Exchange Request Sent!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('button', { name: 'Connected' })).toBeDisabled();
  await expect(card.getByTestId('exchange-status')).toHaveText('Request pending');
  await expect(match.getByRole('button', { name: 'Connected' })).toBeDisabled();
  await expect(match.getByTestId('exchange-status')).toHaveText('Request pending');

  // 'Connected' and its state come from the server.
  await page.reload();
  await filterFeed(page, a);
  await expect(card.getByRole('button', { name: 'Connected' })).toBeDisabled();
  await expect(card.getByTestId('exchange-status')).toHaveText('Request pending');

  // The author's My Posts counts the request and links to My Network.
  await author.page.goto('/home');
  const pending = author.page.getByTestId('my-post').filter({ hasText: theirs.title }).getByRole('link', { name: '1 pending request' });
  await expect(pending).toBeVisible();
  await pending.click();
  await expect(author.page).toHaveURL(/\/network$/);
  await author.close();
});

test("authors on feed cards and on My Posts matches link to their profile (mouse and keyboard)", async ({ page, browser, baseURL }) => {
  test.slow();
  const [a, b, c] = [uniqueWord('qa'), uniqueWord('qb'), uniqueWord('qc')];
  const author = await otherMember(browser, baseURL, { displayName: 'Lina Linked' });
  const theirs = await createPostViaApi(author.page.request, {
    title: `Calligraphy ${a} ${b} ${c}`,
    offering: `Patient ${a}, ${b} and ${c} lessons`,
    lookingFor: 'Someone to help me hang shelves',
    keywords: [a, b, c],
  });
  await memberWithProfile(page, { displayName: 'Kit Keyboard' });
  const mine = await createPostViaApi(page.request, {
    title: `Shelf hanging for ${a}`,
    offering: 'Shelf hanging and small fixes around the house',
    lookingFor: `Lessons in ${a}, ${b} and ${c}`,
  });
  const profileUrl = new RegExp(`/profile/${author.userId}$`);
  const profileHeading = page.getByRole('heading', { level: 1, name: 'Lina Linked' });

  // Feed card: the name is a link with the author's name, reached with Tab, opened with Enter.
  await page.goto('/home');
  await filterFeed(page, a);
  const card = communityCards(page).filter({ hasText: theirs.title });
  const name = card.getByRole('link', { name: 'Lina Linked', exact: true });
  await expect(name).toHaveAttribute('href', `/profile/${author.userId}`);
  // Back from the card's Exchange button: the card's … menu, then the name (the photo is no extra stop).
  await card.getByRole('button', { name: 'Exchange' }).focus();
  await page.keyboard.press('Shift+Tab');
  await expect(card.getByRole('button', { name: `More actions: ${theirs.title}` })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(name).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(profileUrl);
  await expect(profileHeading).toBeVisible();

  // The photo opens the profile too. Without a photo it shows the initials, drawn from an
  // attribute: the link has no text of its own ("LL", or "GO" for another name, is no link text).
  await page.goto('/home');
  await filterFeed(page, a);
  const photo = card.locator(`a[href="/profile/${author.userId}"]`).first();
  await expect(photo).toHaveText('');
  expect(await photo.locator('span').evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el, '::before').content)).toBe('"LL"');
  await photo.click();
  await expect(page).toHaveURL(profileUrl);
  await expect(profileHeading).toBeVisible();

  // A match under My Posts.
  await page.goto('/home');
  const row = page.getByTestId('my-post').filter({ hasText: mine.title });
  await row.getByRole('button', { name: new RegExp(`^${mine.title} — `) }).click();
  const match = row.getByTestId('my-post-match').filter({ hasText: theirs.title });
  await match.getByRole('link', { name: 'Lina Linked', exact: true }).click();
  await expect(page).toHaveURL(profileUrl);
  await expect(profileHeading).toBeVisible();
  await author.close();
});

test('the feed pages past 50 posts with Load more', async ({ page, browser, baseURL }) => {
  test.slow();
  const word = uniqueWord();
  // Six authors: one member may create 10 posts an hour.
  for (let batch = 0; batch < 55; batch += 10) {
    const author = await otherMember(browser, baseURL, { displayName: 'Busy Poster' });
    await Promise.all(
      Array.from({ length: Math.min(10, 55 - batch) }, (_, i) =>
        createPostViaApi(author.page.request, { title: `Bulk post ${batch + i + 1} ${word}` }),
      ),
    );
    await author.close();
  }
  await memberWithProfile(page, { displayName: 'Reader Rae' });
  await page.goto('/home');
  await filterFeed(page, word);
  await expect(communityCards(page)).toHaveCount(50);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(communityCards(page)).toHaveCount(55);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});

test('/home-database is the same screen: the top-bar search filters its feed live', async ({ page, browser, baseURL }) => {
  const word = uniqueWord();
  const author = await otherMember(browser, baseURL, { displayName: 'Dora Database' });
  await createPostViaApi(author.page.request, { title: `Pottery wheel basics ${word}` });
  await memberWithProfile(page);
  await page.goto('/home-database');
  await expect(page.getByRole('heading', { level: 1, name: 'Discover and Connect' })).toBeVisible();
  await filterFeed(page, word);
  await expect(page).toHaveURL(/\/home-database$/);
  await expect(communityCards(page)).toHaveCount(1);
  await expect(communityCards(page).first().getByRole('heading', { name: `Pottery wheel basics ${word}` })).toBeVisible();
  await author.close();
});

test('when matching fails, compatibility mode stays and shows the recent feed with the fallback banner', async ({ page, browser, baseURL, consoleErrors }) => {
  const word = uniqueWord();
  const author = await otherMember(browser, baseURL, { displayName: 'Fay Fallback' });
  await createPostViaApi(author.page.request, { title: `Watercolour painting ${word}` });
  await memberWithProfile(page);
  const failure = { status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'x' } }) };
  await page.route('**/api/matches*', (route) => route.fulfill(failure));
  await page.route('**/api/feed?*mode=compatibility*', (route) => route.fulfill(failure));
  await page.goto('/home');
  await page.getByLabel('Filter posts').click();
  await page.getByRole('option', { name: 'Highest Compatibility' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Error loading matches. Using fallback data.' })).toBeVisible();
  await filterFeed(page, word);
  await expect(communityCards(page)).toHaveCount(1);
  await expect(communityCards(page).first().getByRole('heading', { name: `Watercolour painting ${word}` })).toBeVisible();
  await author.close();
  allowFailedRequests(consoleErrors, [500]);
});

test("a session that lapsed is noticed by matching: 'Session expired' / 'Please sign in to see compatible posts.'", async ({ page, consoleErrors }) => {
  await memberWithProfile(page);
  // The tab's live connection is down (it never reaches the server), so nothing tells the page
  // the session ended until matching asks (with it up the lapse shows at once: auth-sessions).
  await page.routeWebSocket(/\/api\/realtime$/, () => undefined);
  await page.goto('/home');
  await expect(page.getByLabel('Filter posts')).toBeVisible();
  // The session ends on the server; the open page still believes it is signed in.
  await page.request.post('/api/auth/sign-out', { data: {} });
  await page.getByLabel('Filter posts').click();
  await page.getByRole('option', { name: 'Highest Compatibility' }).click();
  await expect(page.getByText('Session expired')).toBeVisible();
  await expect(page.getByText('Please sign in to see compatible posts.')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
  allowFailedRequests(consoleErrors, [401]);
});

test('compatibility view: own posts lead, active ones only (hidden ones stay in My Posts)', async ({ page }) => {
  const word = uniqueWord();
  await memberWithProfile(page);
  await createPostViaApi(page.request, { title: `Shown own post ${word}` });
  const hidden = await createPostViaApi(page.request, { title: `Hidden own post ${word}` });
  expect((await page.request.post(`/api/posts/${hidden.id}/status`, { data: { status: 'hidden' } })).ok()).toBe(true);
  await page.goto('/home');
  await page.getByLabel('Filter posts').click();
  await page.getByRole('option', { name: 'Highest Compatibility' }).click();
  const own = page.getByRole('region', { name: 'Your Posts' }).getByTestId('post-card');
  await expect(own).toHaveCount(1);
  await expect(own.first().getByRole('heading', { name: `Shown own post ${word}` })).toBeVisible();
  await expect(page.getByTestId('my-post').filter({ hasText: `Hidden own post ${word}` })).toBeVisible();
});
