import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { createPostViaApi, memberWithProfile, otherMember, uniqueWord } from './profile-factory.js';

/** The /home feed narrowed to one word (the journey's own posts): the titles the server sent. */
async function feedFor(page: Page, word: string): Promise<string[]> {
  await page.goto('/home');
  const filtered = page.waitForResponse((res) => res.url().includes('/api/feed') && res.url().includes(`q=${word}`));
  await page.getByRole('searchbox', { name: 'Search people, skills, posts' }).fill(word);
  const body = (await (await filtered).json()) as { items: { title: string }[] };
  return body.items.map((item) => item.title);
}

const communityPost = (page: Page, title: string) => page.getByTestId('community-posts').getByTestId('post-card').filter({ hasText: title });

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/** Serious or critical axe violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

test('a member blocks another from their profile, the two vanish for each other, and unblocking in Settings brings them back', async ({
  page,
  browser,
  baseURL,
}) => {
  // The longest journey: two members, three accessibility scans and eight screenshots (90 s ran
  // out on a busy CI machine just before the last steps).
  test.setTimeout(180_000);
  const word = uniqueWord('blk');
  const alice = await memberWithProfile(page, { displayName: `Ada ${word}` });
  const alicePost = await createPostViaApi(page.request, { title: `Pottery wheel lessons ${word}`, keywords: [word] });
  const bob = await otherMember(browser, baseURL, { displayName: `Bram ${word}` });
  try {
    const bobPost = await createPostViaApi(bob.page.request, { title: `Bike repair evenings ${word}`, keywords: [word] });

    // Before: Bram sees Ada's post (a second tab keeps that feed open) and writes to her.
    await bob.page.context().addInitScript(`localStorage.setItem('exchange-tooltip-shown', 'true')`);
    const bobFeedTab = await bob.page.context().newPage();
    expect(await feedFor(bobFeedTab, word)).toEqual([alicePost.title]);
    await expect(communityPost(bobFeedTab, alicePost.title)).toBeVisible();
    await bob.page.goto(`/messages?to=${alice.userId}`);
    await expect(bob.page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
    const conversationPath = new URL(bob.page.url()).pathname;
    await composer(bob.page).fill('Hello Ada, fancy a swap?');
    await composer(bob.page).press('Enter');
    await expect(bob.page.getByTestId('message').filter({ hasText: 'Hello Ada' })).toHaveAttribute('data-status', 'sent');

    // Ada blocks Bram from his profile, by keyboard: More, Block, then the confirm dialog.
    await page.goto(`/profile/${bob.userId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Bram ${word}` })).toBeVisible();
    await page.getByRole('button', { name: 'More' }).focus();
    await page.keyboard.press('Enter');
    const blockItem = page.getByRole('menuitem', { name: 'Block' });
    await expect(blockItem).toBeFocused();
    await expect(page.getByRole('menuitem', { name: 'Report' })).toBeVisible();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: `Block Bram ${word}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("They won't be able to message you, send you exchange requests, or see your profile and posts");
    await expect(dialog).toContainText('You can unblock them any time in Settings.');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    for (const [width, height] of [
      [1440, 900],
      [375, 812],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `/tmp/block-dialog-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    // Escape cancels; the second time Tab reaches Block and Enter confirms.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'More' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Block', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`You blocked Bram ${word}`)).toBeVisible();
    const notice = page.getByTestId('blocked-notice');
    await expect(notice).toContainText('You blocked this member.');
    await expect(notice.getByRole('button', { name: 'Unblock' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Message' })).toHaveCount(0);

    // Bram's open chat loses its composer at once (history stays).
    await expect(bob.page.getByTestId('blocked-notice')).toHaveText('You cannot reply to this conversation.');
    await expect(composer(bob.page)).toHaveCount(0);
    await expect(bob.page.getByTestId('message').filter({ hasText: 'Hello Ada' })).toBeVisible();
    // Ada's side of it says she blocked him, with Unblock.
    await page.goto(conversationPath);
    await expect(page.getByTestId('blocked-notice')).toContainText('You blocked this member.');
    await expect(page.getByTestId('blocked-notice').getByRole('button', { name: 'Unblock' })).toBeVisible();
    for (const [width, height] of [
      [1440, 900],
      [375, 812],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `/tmp/block-chat-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 720 });

    // Ada's feed no longer shows Bram's post.
    expect(await feedFor(page, word)).toEqual([]);
    await expect(communityPost(page, bobPost.title)).toHaveCount(0);

    // Bram: no profile, no posts in the feed or search, no new conversation.
    await bob.page.goto(`/profile/${alice.userId}`);
    await expect(bob.page.getByRole('heading', { name: 'Profile not found' })).toBeVisible();
    expect(await feedFor(bob.page, word)).toEqual([]);
    await expect(communityPost(bob.page, alicePost.title)).toHaveCount(0);
    await bob.page.goto(`/search?q=${word}`);
    await expect(bob.page.getByTestId('result-count')).toHaveText('0 results found');
    await expect(bob.page.getByText(`Ada ${word}`)).toHaveCount(0);
    await bob.page.goto(`/messages?to=${alice.userId}`);
    await expect(bob.page.getByRole('alert')).toContainText('You cannot contact this member.');

    // A request from the feed tab loaded before the block is refused with the same clear message.
    await communityPost(bobFeedTab, alicePost.title).getByRole('button', { name: 'Exchange' }).click();
    const request = bobFeedTab.getByRole('dialog', { name: 'Send Exchange Request' });
    await request.getByRole('button', { name: 'Send Request' }).click();
    await expect(bobFeedTab.getByText('You cannot contact this member.')).toBeVisible();
    await expect(request).toBeVisible();

    // Ada unblocks him in Settings > Privacy.
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
    await page.getByRole('tab', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/settings\?tab=privacy$/);
    const row = page.getByRole('list', { name: 'Blocked members' }).getByRole('listitem').filter({ hasText: `Bram ${word}` });
    await expect(row).toContainText(/Blocked less than a minute ago|Blocked 1 minute ago/);
    expect(await seriousViolations(page)).toEqual([]);
    for (const [width, height] of [
      [1440, 900],
      [375, 812],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `/tmp/block-settings-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    await row.getByRole('button', { name: `Unblock Bram ${word}` }).click();
    await expect(page.getByText(`You unblocked Bram ${word}`)).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByText("You haven't blocked anyone.")).toBeVisible();

    // Everything comes back, both ways.
    await bob.page.goto(`/profile/${alice.userId}`);
    await expect(bob.page.getByRole('heading', { level: 1, name: `Ada ${word}` })).toBeVisible();
    expect(await feedFor(bob.page, word)).toEqual([alicePost.title]);
    await expect(communityPost(bob.page, alicePost.title)).toBeVisible();
    expect(await feedFor(page, word)).toEqual([bobPost.title]);
    await page.goto(conversationPath);
    await expect(composer(page)).toBeVisible();
    await bob.page.goto(conversationPath);
    await composer(bob.page).fill('Back in touch!');
    await composer(bob.page).press('Enter');
    await expect(page.getByTestId('message').filter({ hasText: 'Back in touch!' })).toBeVisible();
  } finally {
    await bob.close();
  }
});
