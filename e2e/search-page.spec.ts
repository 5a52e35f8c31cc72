import { format } from 'date-fns';
import { allowFailedRequests } from './auth-helpers.js';
import { test, expect } from './fixtures.js';
import { createPostViaApi, memberWithProfile, otherMember, primaryCategories, uniqueWord } from './profile-factory.js';

test('search: prefix finds the full word, filters in the URL, +N tags, Profile Details and a request', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const word = uniqueWord();
  const author = await otherMember(browser, baseURL, { displayName: 'Paula Photographer', serviceType: 'digital', categoryIndex: 1 });
  const categories = await primaryCategories(author.page.request);
  const category = categories[2];
  const otherCategory = categories[3];
  if (!category || !otherCategory) throw new Error('too few categories');
  const post = await createPostViaApi(author.page.request, {
    title: `Portrait photography ${word}`,
    offering: 'Portrait photography sessions in the park',
    lookingFor: 'Help with my garden beds in the spring',
    keywords: ['portraits', 'weddings', 'pets', 'events', 'family'],
    format: 'remote',
    categoryId: category.id,
  });
  await memberWithProfile(page, { displayName: 'Sid Searcher' });
  const ownWord = uniqueWord();
  await createPostViaApi(page.request, { title: `My photography wish ${ownWord}` });

  // 'photo' finds 'photography'.
  await page.goto('/search?q=photo');
  await expect(page.getByRole('heading', { level: 1, name: 'Find Skills & Services' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search skills and services' })).toHaveValue('photo');
  const card = page.getByTestId('search-result').filter({ hasText: post.title });
  await expect(card).toBeVisible();
  await expect(page.getByTestId('result-count')).toHaveText(/^\d+ results? found$/);
  // Own posts never show.
  await expect(page.getByTestId('search-result').filter({ hasText: ownWord })).toHaveCount(0);

  // The card: author, skill, title, description, 4 tags and '+2', Connect.
  await expect(card.getByText('Paula Photographer')).toBeVisible();
  await expect(card.getByText(categories[1]?.name ?? '')).toBeVisible();
  await expect(card.getByText("What I'm offering")).toBeVisible();
  await expect(card.getByText('Portrait photography sessions in the park')).toBeVisible();
  await expect(card.getByText("What I'm looking for")).toBeVisible();
  await expect(card.getByText('Help with my garden beds in the spring')).toBeVisible();
  const tags = card.getByRole('list', { name: 'Tags' }).getByRole('listitem');
  await expect(tags).toHaveCount(5);
  await expect(tags.last()).toHaveText('+2');
  await expect(card.getByRole('button', { name: 'Connect' })).toBeVisible();

  // Several words with a stop word among them: each word is in the post, 'the' is left out.
  await page.getByRole('searchbox', { name: 'Search skills and services' }).fill(`the ${word} park`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('result-count')).toHaveText('1 result found');
  await expect(card).toBeVisible();

  // Narrow to this post, then the filters; the URL keeps them.
  await page.getByRole('searchbox', { name: 'Search skills and services' }).fill(word);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('result-count')).toHaveText('1 result found');
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Service Type').click();
  await page.getByRole('option', { name: 'Digital' }).click();
  await page.getByLabel('Skill Category').click();
  await page.getByRole('option', { name: category.name }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}&serviceType=digital&categoryId=${category.id}$`));
  await expect(page.getByTestId('result-count')).toHaveText('1 result found');
  await page.reload();
  await expect(page.getByLabel('Service Type')).toHaveText('Digital');
  await expect(page.getByLabel('Skill Category')).toHaveText(category.name);
  await expect(card).toBeVisible();

  // A category with no such post: 'No results found', and Clear filters resets everything.
  await page.getByLabel('Skill Category').click();
  await page.getByRole('option', { name: otherCategory.name }).click();
  await expect(page.getByText('No results found')).toBeVisible();
  await expect(page.getByTestId('result-count')).toHaveText('0 results found');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole('searchbox', { name: 'Search skills and services' })).toHaveValue('');

  // The top bar searches from here too.
  await page.getByRole('searchbox', { name: 'Search people, skills, posts' }).fill(word);
  await page.getByRole('searchbox', { name: 'Search people, skills, posts' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
  await expect(page.getByRole('searchbox', { name: 'Search skills and services' })).toHaveValue(word);

  // Profile Details: real rating, join date and response time; then the request.
  await card.getByRole('button', { name: post.title }).click();
  const details = page.getByRole('dialog', { name: 'Profile Details' });
  await expect(details.getByText('No ratings yet')).toBeVisible();
  await expect(details.getByText(`Joined ${format(new Date(), 'MMMM yyyy')}`)).toBeVisible();
  await expect(details.getByText('No responses yet')).toBeVisible();
  await details.getByRole('button', { name: 'Send Exchange Request' }).click();
  const request = page.getByRole('dialog', { name: 'Send Exchange Request' });
  await expect(request.getByText(post.title)).toBeVisible();
  await request.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByText('Exchange Request Sent!')).toBeVisible();
  await expect(page.getByText('Your request has been sent to this user.')).toBeVisible();
  await expect(details.getByRole('button', { name: 'Connected' })).toBeDisabled();
  await expect(details.getByTestId('exchange-status')).toHaveText('Request pending');
  await page.keyboard.press('Escape');
  await expect(card.getByRole('button', { name: 'Connected' })).toBeDisabled();
  await expect(card.getByTestId('exchange-status')).toHaveText('Request pending');
  // The state comes from the server: it survives a reload.
  await page.reload();
  await expect(card.getByRole('button', { name: 'Connected' })).toBeDisabled();
  await expect(card.getByTestId('exchange-status')).toHaveText('Request pending');
  await author.close();
});

test('the top bar finds people by name: a People group above the posts, each a link to the profile; authors link too', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const word = uniqueWord();
  const name = `Petra ${word.charAt(0).toUpperCase()}${word.slice(1)}`;
  const person = await otherMember(browser, baseURL, { displayName: name, categoryIndex: 2 });
  const post = await createPostViaApi(person.page.request, {
    title: `Pottery wheel lessons ${word}`,
    offering: 'Pottery wheel lessons for total beginners',
    lookingFor: 'Help with my vegetable garden this spring',
  });
  const loner = uniqueWord();
  const lonerName = `Quinn ${loner.toUpperCase()}`;
  const other = await otherMember(browser, baseURL, { displayName: lonerName });
  // The searcher's own name matches too, but they are never listed.
  await memberWithProfile(page, { displayName: `Sam ${word}` });
  const categories = await primaryCategories(page.request);
  const profileUrl = new RegExp(`/profile/${person.userId}$`);

  // From a page other than the feed, the top bar opens /search.
  await page.goto('/profile');
  const topBar = page.getByRole('searchbox', { name: 'Search people, skills, posts' });
  await topBar.fill(word.toUpperCase());
  await topBar.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word.toUpperCase()}$`));
  const people = page.getByRole('region', { name: 'People' });
  await expect(people.getByRole('listitem')).toHaveCount(1);
  const personLink = people.getByRole('link', { name: new RegExp(`^${name}`) });
  await expect(personLink).toContainText(categories[2]?.name ?? '');
  await expect(personLink).toHaveAttribute('href', `/profile/${person.userId}`);
  await expect(page.getByRole('region', { name: 'Posts' }).getByTestId('search-result')).toHaveCount(1);
  await expect(page.getByTestId('result-count')).toHaveText('2 results found');
  // People come first.
  const peopleBox = await people.boundingBox();
  const postsBox = await page.getByRole('region', { name: 'Posts' }).boundingBox();
  expect(peopleBox && postsBox && peopleBox.y < postsBox.y).toBe(true);

  // The post card names its author, skill, title and description; the author links to the profile.
  const card = page.getByTestId('search-result').filter({ hasText: post.title });
  await expect(card.getByText('Pottery wheel lessons for total beginners')).toBeVisible();
  await expect(card.getByText('Help with my vegetable garden this spring')).toBeVisible();
  await card.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(profileUrl);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The People entry opens the profile too.
  await page.goBack();
  await people.getByRole('link', { name: new RegExp(`^${name}`) }).click();
  await expect(page).toHaveURL(profileUrl);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Someone with no posts: on /home the top bar filters posts and finds none, and offers the
  // search that finds people; there, only the People group, and no 'No results found'.
  await page.goto('/home');
  await topBar.fill(loner);
  await expect(page.getByText(`No posts match "${loner}"`)).toBeVisible();
  await page.getByRole('link', { name: 'Search people and posts' }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${loner}$`));
  await expect(page.getByRole('region', { name: 'People' }).getByRole('link', { name: new RegExp(`^${lonerName}`) })).toBeVisible();
  await expect(page.getByTestId('result-count')).toHaveText('1 result found');
  await expect(page.getByText('No results found')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Posts' })).toHaveCount(0);
  await person.close();
  await other.close();
});

test('a request for a post gone since the search says so; other failures say the request failed', async ({ page, browser, baseURL, consoleErrors }) => {
  const word = uniqueWord();
  const author = await otherMember(browser, baseURL, { displayName: 'Gone Soon' });
  const post = await createPostViaApi(author.page.request, { title: `Vanishing post ${word}` });
  await memberWithProfile(page);
  await page.goto(`/search?q=${word}`);
  const card = page.getByTestId('search-result').filter({ hasText: post.title });
  await expect(card).toBeVisible();
  await author.page.request.delete(`/api/posts/${post.id}`);
  await card.getByRole('button', { name: 'Connect' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Exchange Request' });
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByText('Post not found. Please try again.')).toBeVisible();

  // A signed-out answer asks to log in; anything else is the generic failure.
  const sendAnswering = async (status: number, code: string) => {
    await page.route('**/api/requests', (route) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ error: { code, message: 'x' } }) }),
    );
    const answered = page.waitForResponse('**/api/requests');
    await dialog.getByRole('button', { name: 'Send Request' }).click();
    await answered;
    await page.unroute('**/api/requests');
  };
  await sendAnswering(401, 'UNAUTHORIZED');
  await expect(page.getByText('Authentication Required')).toBeVisible();
  await expect(page.getByText('Please log in to send exchange requests.')).toBeVisible();
  await sendAnswering(500, 'INTERNAL');
  await expect(page.getByText('Failed to send exchange request. Please try again.')).toBeVisible();
  await expect(dialog).toBeVisible();
  await author.close();
  allowFailedRequests(consoleErrors, [404, 401, 500]);
});

test('a failed search shows the error, not a count of zero', async ({ page, consoleErrors }) => {
  await memberWithProfile(page);
  await page.route('**/api/search*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'x' } }) }),
  );
  await page.goto('/search?q=anything');
  await expect(page.getByText('Search failed. Please try again.')).toBeVisible();
  await expect(page.getByTestId('result-count')).toHaveText('');
  await expect(page.getByText('No results found')).toHaveCount(0);
  allowFailedRequests(consoleErrors, [500]);
});

test('a failed Load more keeps the results already shown and says so', async ({ page, browser, baseURL, consoleErrors }) => {
  const word = uniqueWord();
  const author = await otherMember(browser, baseURL);
  await createPostViaApi(author.page.request, { title: `Origami folding ${word}` });
  await memberWithProfile(page);
  // The first page claims more results; the next page fails.
  await page.route('**/api/search?*', async (route) => {
    if (new URL(route.request().url()).searchParams.get('offset') !== '0') {
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'x' } }) });
      return;
    }
    const response = await route.fetch();
    const body = (await response.json()) as { total: number; nextOffset: number | null };
    await route.fulfill({ response, json: { ...body, total: 60, nextOffset: 50 } });
  });
  await page.goto(`/search?q=${word}`);
  const card = page.getByTestId('search-result').filter({ hasText: `Origami folding ${word}` });
  await expect(card).toBeVisible();
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page.getByText('More results could not be loaded. Please try again.')).toBeVisible();
  await expect(card).toBeVisible();
  await expect(page.getByTestId('result-count')).toHaveText('60 results found');
  await author.close();
  allowFailedRequests(consoleErrors, [500]);
});
