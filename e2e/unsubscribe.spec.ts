import { allowFailedRequests } from './auth-helpers.js';
import { expect, test } from './fixtures.js';
import { linkIn, waitForMail } from './mail.js';
import { createPostViaApi, memberWithProfile, otherMember, uniqueWord } from './profile-factory.js';

test('a request e-mail, its unsubscribe link opened without signing in, and Email Notifications off in /settings', async ({ page, browser, baseURL, consoleErrors }) => {
  test.slow();
  const owner = await memberWithProfile(page, { displayName: 'Una Owner' });
  const post = await createPostViaApi(page.request, { title: `Violin lessons ${uniqueWord('un')}` });
  const asker = await otherMember(browser, baseURL, { displayName: 'Vic Asker' });
  expect((await asker.page.request.post('/api/requests', { data: { postId: post.id } })).status()).toBe(201);

  const mail = await waitForMail(owner.email, 'New exchange request');
  expect(mail).toContain(`Vic Asker wants to exchange on "${post.title}"`);
  const unsubscribe = linkIn(mail, '/unsubscribe');

  // The link works in any browser, signed in or not.
  const stranger = await browser.newContext({ baseURL });
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(unsubscribe);
  await expect(strangerPage.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
  await expect(strangerPage.getByText('Email Notifications is now off. You will not get these e-mails any more.')).toBeVisible();
  await expect(strangerPage.getByRole('link', { name: 'Open Settings' })).toHaveAttribute('href', '/settings?tab=notifications');
  await stranger.close();

  await page.goto('/settings?tab=notifications');
  await expect(page.getByRole('switch', { name: 'Email Notifications', exact: true })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'New Messages', exact: true })).toBeChecked();

  // A tampered link says so.
  await page.goto(`${unsubscribe}x`);
  await expect(page.getByRole('heading', { level: 1, name: 'Invalid unsubscribe link' })).toBeVisible();
  allowFailedRequests(consoleErrors, [400]);
  await asker.close();
});
