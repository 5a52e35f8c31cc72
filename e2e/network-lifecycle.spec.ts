import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { createPostViaApi, memberWithProfile, otherMember, uniqueWord } from './profile-factory.js';

const section = (page: Page, id: 'incoming' | 'connections' | 'outgoing' | 'declined') => page.getByTestId(`network-section-${id}`);
const counter = (page: Page, id: 'incoming' | 'connections' | 'outgoing' | 'declined') =>
  page.getByTestId(`network-count-${id}`).getByTestId('count');

/** B sends a request on A's post from the feed (the first-click tooltip already seen). */
async function requestFromFeed(page: Page, title: string, word: string, note: string) {
  await page.addInitScript(`localStorage.setItem('exchange-tooltip-shown', 'true')`);
  await page.goto('/home');
  const filtered = page.waitForResponse((res) => res.url().includes('/api/feed') && res.url().includes(`q=${word}`));
  await page.getByRole('searchbox', { name: 'Search people, skills, posts' }).fill(word);
  await filtered;
  const card = page.getByTestId('community-posts').getByTestId('post-card').filter({ hasText: title });
  await card.getByRole('button', { name: 'Exchange' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Exchange Request' });
  await dialog.getByLabel('Add a note to your invitation (optional)').fill(note);
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByText('Exchange Request Sent!')).toBeVisible();
}

test('request, accept with a response (keyboard), complete: both members see each step', async ({ page, browser, baseURL }) => {
  test.slow();
  const word = uniqueWord('nw');
  await memberWithProfile(page, { displayName: 'Alma Owner' });
  const post = await createPostViaApi(page.request, { title: `Pottery wheel basics ${word}`, keywords: [word] });
  const b = await otherMember(browser, baseURL, { displayName: 'Ben Asker' });

  await requestFromFeed(b.page, post.title, word, 'I would love to learn pottery!');

  await page.goto('/network');
  await expect(page.getByRole('heading', { level: 1, name: 'My Network' })).toBeVisible();
  await expect(counter(page, 'incoming')).toHaveText('1');
  await expect(counter(page, 'connections')).toHaveText('0');
  const incoming = section(page, 'incoming').getByTestId('network-item').filter({ hasText: 'Ben Asker' });
  await expect(incoming).toContainText(post.title);
  await expect(incoming).toContainText('I would love to learn pottery!');
  await expect(incoming.getByRole('link', { name: 'Ben Asker' })).toHaveAttribute('href', `/profile/${b.userId}`);
  await expect(section(page, 'connections')).toContainText('No connections yet.');

  // Accept from the keyboard: focus Accept, Enter, type the response, Tab to Accept, Enter.
  await incoming.getByRole('button', { name: 'Accept' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Accept Request' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Response message (optional)').focus();
  await page.keyboard.type('See you Saturday at 10.');
  await expect(dialog.getByText('277 characters left')).toBeVisible();
  await page.keyboard.press('Tab'); // Cancel
  await page.keyboard.press('Tab'); // Accept
  await expect(dialog.getByRole('button', { name: 'Accept' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Request accepted', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(counter(page, 'incoming')).toHaveText('0');
  await expect(counter(page, 'connections')).toHaveText('1');
  await expect(section(page, 'incoming')).toContainText('No pending requests.');
  const connection = section(page, 'connections').getByTestId('network-item').filter({ hasText: 'Ben Asker' });
  await expect(connection.getByRole('button', { name: 'Mark Completed' })).toBeVisible();
  await expect(connection.getByRole('link', { name: 'Message' })).toHaveAttribute('href', /^\/messages\/[0-9a-f-]{36}$/);

  // B sees the connection and A's answer.
  await b.page.goto('/network');
  await expect(counter(b.page, 'connections')).toHaveText('1');
  await expect(counter(b.page, 'outgoing')).toHaveText('0');
  const bConnection = section(b.page, 'connections').getByTestId('network-item').filter({ hasText: 'Alma Owner' });
  await expect(bConnection.getByTestId('response-message')).toHaveText("Alma Owner's response: See you Saturday at 10.");

  await bConnection.getByRole('button', { name: 'Mark Completed' }).click();
  const confirm = b.page.getByRole('alertdialog', { name: 'Mark this exchange completed?' });
  await confirm.getByRole('button', { name: 'Mark Completed' }).click();
  await expect(b.page.getByText('Exchange completed', { exact: true })).toBeVisible();
  await expect(bConnection.getByText('Completed', { exact: true })).toBeVisible();
  await expect(bConnection.getByRole('button', { name: 'Mark Completed' })).toHaveCount(0);
  await expect(bConnection.getByRole('button', { name: 'Rate' })).toBeVisible();

  await page.reload();
  await expect(connection.getByText('Completed', { exact: true })).toBeVisible();
  await expect(connection.getByRole('button', { name: 'Rate' })).toBeVisible();
  await b.close();
});

test('a declined request shows Declined to the requester', async ({ page, browser, baseURL }) => {
  const word = uniqueWord('nd');
  await memberWithProfile(page, { displayName: 'Dora Owner' });
  const post = await createPostViaApi(page.request, { title: `Bike repair ${word}` });
  const b = await otherMember(browser, baseURL, { displayName: 'Carl Asker' });
  expect((await b.page.request.post('/api/requests', { data: { postId: post.id } })).status()).toBe(201);

  await page.goto('/network');
  const incoming = section(page, 'incoming').getByTestId('network-item').filter({ hasText: 'Carl Asker' });
  await incoming.getByRole('button', { name: 'Decline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Decline Request' });
  await dialog.getByLabel('Response message (optional)').fill('Sorry, booked all month.');
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('Request declined', { exact: true })).toBeVisible();
  await expect(counter(page, 'declined')).toHaveText('1');

  await b.page.goto('/network');
  await expect(counter(b.page, 'declined')).toHaveText('1');
  const declined = section(b.page, 'declined').getByTestId('network-item').filter({ hasText: 'Dora Owner' });
  await expect(declined.getByText('Declined', { exact: true })).toBeVisible();
  await expect(declined).toContainText('Sorry, booked all month.');
  await b.close();
});

test('the requester withdraws: gone on both sides, and may ask again', async ({ page, browser, baseURL }) => {
  const word = uniqueWord('nx');
  await memberWithProfile(page, { displayName: 'Eve Owner' });
  const post = await createPostViaApi(page.request, { title: `Guitar chords ${word}` });
  const b = await otherMember(browser, baseURL, { displayName: 'Finn Asker' });
  expect((await b.page.request.post('/api/requests', { data: { postId: post.id } })).status()).toBe(201);

  await b.page.goto('/network');
  await expect(counter(b.page, 'outgoing')).toHaveText('1');
  const outgoing = section(b.page, 'outgoing').getByTestId('network-item').filter({ hasText: 'Eve Owner' });
  await expect(outgoing.getByText('Waiting for response')).toBeVisible();
  await outgoing.getByRole('button', { name: 'Withdraw' }).click();
  await b.page.getByRole('alertdialog', { name: 'Withdraw this request?' }).getByRole('button', { name: 'Withdraw' }).click();
  await expect(b.page.getByText('Request withdrawn', { exact: true })).toBeVisible();
  await expect(counter(b.page, 'outgoing')).toHaveText('0');
  await expect(section(b.page, 'outgoing')).toContainText('Nothing waiting for a response.');

  await page.goto('/network');
  await expect(counter(page, 'incoming')).toHaveText('0');
  await expect(section(page, 'incoming')).toContainText('No pending requests.');

  expect((await b.page.request.post('/api/requests', { data: { postId: post.id } })).status()).toBe(201);
  await page.reload();
  await expect(counter(page, 'incoming')).toHaveText('1');
  await b.close();
});

test('My Network at 375 and 1440 px, with items in every section for both members', async ({ page, browser, baseURL }) => {
  test.slow();
  await memberWithProfile(page, { displayName: 'Gia Owner' });
  const b = await otherMember(browser, baseURL, { displayName: 'Hugo Asker with a rather long display name' });
  const titles = ['Sewing and mending lessons for beginners', 'Help moving a sofa', 'Spanish conversation practice', 'Tuning a bicycle'];
  const posts = [];
  for (const title of titles) posts.push(await createPostViaApi(page.request, { title }));
  const bPost = await createPostViaApi(b.page.request, { title: 'Fixing a leaking kitchen tap and replacing the washer' });
  const ask = async (asker: Page, postId: string, message?: string) => {
    const res = await asker.request.post('/api/requests', { data: { postId, message } });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const move = async (by: Page, id: string, status: string, responseMessage?: string) =>
    expect((await by.request.patch(`/api/requests/${id}`, { data: { status, responseMessage } })).status()).toBe(200);

  // Pending both ways, one accepted, one completed and rated, one declined.
  await ask(b.page, posts[0]?.id ?? '', 'My jeans need saving, can you show me how? '.repeat(6).trim());
  await ask(page, bPost.id, 'I have done this before and can bring my own tools.');
  const accepted = await ask(b.page, posts[1]?.id ?? '');
  await move(page, accepted, 'accepted', 'Saturday morning works, I have a van.');
  const completed = await ask(b.page, posts[2]?.id ?? '', 'Hola!');
  await move(page, completed, 'accepted');
  await move(b.page, completed, 'completed');
  expect((await b.page.request.post(`/api/requests/${completed}/rating`, { data: { stars: 4 } })).status()).toBe(201);
  const declined = await ask(b.page, posts[3]?.id ?? '');
  await move(page, declined, 'declined', 'Sorry, the bike shop beat you to it.');

  for (const [who, member] of [
    ['owner', page],
    ['asker', b.page],
  ] as const) {
    for (const width of [375, 1440]) {
      await member.setViewportSize({ width, height: 900 });
      await member.goto('/network');
      await expect(counter(member, 'incoming')).toHaveText('1');
      await expect(counter(member, 'connections')).toHaveText('2');
      await expect(counter(member, 'outgoing')).toHaveText('1');
      await expect(counter(member, 'declined')).toHaveText('1');
      const overflow = await member.evaluate<number>(`document.documentElement.scrollWidth - document.documentElement.clientWidth`);
      expect(overflow).toBeLessThanOrEqual(0);
      await member.screenshot({ path: test.info().outputPath(`network-${who}-${width}.png`), fullPage: true });
    }
  }
  // The completed exchange: the asker has rated it, the owner may still.
  const rated = section(b.page, 'connections').getByTestId('network-item').filter({ hasText: 'Spanish conversation practice' });
  await expect(rated.getByText('Rated', { exact: true })).toBeVisible();
  const toRate = section(page, 'connections').getByTestId('network-item').filter({ hasText: 'Spanish conversation practice' });
  await expect(toRate.getByRole('button', { name: 'Rate' })).toBeVisible();
  await b.close();
});
