import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { ConversationSummary, MessageItem } from '../src/shared/schemas/messages.js';
import { allowFailedRequests } from './auth-helpers.js';
import { expect, test } from './fixtures.js';
import { createPostViaApi, memberWithProfile, otherMember, uniqueWord } from './profile-factory.js';

/*
 * Reporting (issue 12): the reporter is the test's own page (its console is checked), the
 * reported member a second browser context. The operator's side (`npm run reports`) cannot open
 * the e2e server's embedded database while it runs; its listing is covered by the API tests,
 * so here each report is checked as the 201 the page received for exactly what it reported.
 */

/** The feed, narrowed to the posts holding `word`. */
async function feedWith(page: Page, word: string) {
  await page.goto('/home');
  const filtered = page.waitForResponse((res) => res.url().includes('/api/feed') && res.url().includes(`q=${word}`));
  await page.getByRole('searchbox', { name: 'Search people, skills, posts' }).fill(word);
  await filtered;
}

/** The next POST /api/reports the page sends, and its answer. */
const reportSent = (page: Page) => page.waitForResponse((res) => res.url().endsWith('/api/reports') && res.request().method() === 'POST');

test('a member reports another member’s post from the feed', async ({ page, browser, baseURL, consoleErrors }, testInfo) => {
  test.slow();
  const word = uniqueWord('rep');
  await memberWithProfile(page, { displayName: 'Bea Reporter' });
  const a = await otherMember(browser, baseURL, { displayName: 'Ada Author' });
  try {
    const post = await createPostViaApi(a.page.request, { title: `Bike repair lessons ${word}`, keywords: [word] });
    const gone = await createPostViaApi(a.page.request, { title: `Sewing circle ${word}`, keywords: [word] });
    await feedWith(page, word);
    const card = page.getByTestId('post-card').filter({ hasText: post.title });
    await card.getByRole('button', { name: `More actions: ${post.title}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Report post' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('report-post-menu-1440.png') });
    await page.getByRole('menuitem', { name: 'Report post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report post' });
    await expect(dialog).toContainText('from Ada Author');
    await expect(dialog.getByRole('radio')).toHaveCount(5);
    for (const label of ['Spam', 'Harassment', 'No-show', 'Inappropriate content', 'Other']) {
      await expect(dialog.getByRole('radio', { name: label })).toBeVisible();
    }
    await expect(dialog.getByText('1,000 characters left')).toBeVisible();

    // No reason yet: the form says so and sends nothing.
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await expect(dialog.getByText('Please choose a reason.')).toBeVisible();

    await dialog.getByRole('radio', { name: 'Inappropriate content' }).check();
    await expect(dialog.getByText('Please choose a reason.')).toBeHidden();
    await dialog.getByLabel('Note (optional)').fill('The photos have nothing to do with bikes.');
    await expect(dialog.getByText('959 characters left')).toBeVisible();
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
      await page.screenshot({ path: testInfo.outputPath(`report-post-dialog-${width}.png`) });
    }
    // No serious or critical accessibility problems in the open dialog.
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    const answer = reportSent(page);
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    const res = await answer;
    expect(res.status()).toBe(201);
    expect(res.request().postDataJSON()).toEqual({
      targetType: 'post',
      targetId: post.id,
      reason: 'inappropriate',
      note: 'The photos have nothing to do with bikes.',
    });
    expect(await res.json()).toEqual({ id: expect.any(String) });
    await expect(page.getByText('Report sent')).toBeVisible();
    await expect(page.getByText('Thank you. Our team will review it.')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Opened again, the dialog starts empty; Cancel closes it.
    await card.getByRole('button', { name: `More actions: ${post.title}` }).click();
    await page.getByRole('menuitem', { name: 'Report post' }).click();
    await expect(dialog.getByRole('radio', { name: 'Inappropriate content' })).not.toBeChecked();
    await expect(dialog.getByLabel('Note (optional)')).toHaveValue('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // A post deleted since the feed loaded: the server's answer shows in the dialog.
    const goneCard = page.getByTestId('post-card').filter({ hasText: gone.title });
    await expect(goneCard).toBeVisible();
    expect((await a.page.request.delete(`/api/posts/${gone.id}`)).status()).toBe(204);
    await goneCard.getByRole('button', { name: `More actions: ${gone.title}` }).click();
    await page.getByRole('menuitem', { name: 'Report post' }).click();
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    const refused = reportSent(page);
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    expect((await refused).status()).toBe(404);
    await expect(dialog.getByRole('alert')).toHaveText('What you reported no longer exists.');
    await expect(dialog.getByRole('button', { name: 'Send Report' })).toBeEnabled();
  } finally {
    await a.close();
  }
  allowFailedRequests(consoleErrors, [404]);
});

test('a member reports another member’s message from the conversation, with the keyboard', async ({ page, browser, baseURL }, testInfo) => {
  test.slow();
  await memberWithProfile(page, { displayName: 'Bea Reporter' });
  const a = await otherMember(browser, baseURL, { displayName: 'Ada Sender' });
  try {
    // A conversation between the two, with a message from each, through the API.
    const opened = await page.request.post('/api/conversations', { data: { memberId: a.userId } });
    expect(opened.ok()).toBe(true);
    const conversation = (await opened.json()) as ConversationSummary;
    const send = async (from: Page, content: string) => {
      const res = await from.request.post(`/api/conversations/${conversation.id}/messages`, { data: { content } });
      expect(res.status()).toBe(201);
      return (await res.json()) as MessageItem;
    };
    await send(page, 'Hi Ada, is Saturday fine?');
    const rude = await send(a.page, 'Send me money first or forget it.');

    await page.goto(`/messages/${conversation.id}`);
    const bubbles = page.getByTestId('messages-scroller').getByTestId('message');
    const theirs = bubbles.filter({ hasText: 'Send me money first' });
    const mine = bubbles.filter({ hasText: 'is Saturday fine?' });
    await expect(theirs).toBeVisible();
    // Only the other member's messages can be reported.
    await expect(mine.getByRole('button', { name: /Message actions/ })).toHaveCount(0);

    // The … shows on hover.
    const actions = theirs.getByRole('button', { name: 'Message actions: message from Ada Sender' });
    await expect(actions).toHaveCSS('opacity', '0');
    await theirs.hover();
    await expect(actions).toHaveCSS('opacity', '1');
    await page.screenshot({ path: testInfo.outputPath('report-message-actions-1440.png') });

    // Keyboard: focus the …, Enter opens the menu, Enter picks Report message.
    await page.mouse.move(0, 0);
    await actions.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Report message' })).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Report message' });
    await expect(dialog).toContainText('from Ada Sender');
    // Focus starts on the first reason; arrows choose, Tab moves on to the note.
    await expect(dialog.getByRole('radio', { name: 'Spam' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(dialog.getByRole('radio', { name: 'Harassment' })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Note (optional)')).toBeFocused();
    await page.keyboard.type('Asked for money before we met.');
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
      await page.screenshot({ path: testInfo.outputPath(`report-message-dialog-${width}.png`) });
    }
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Send Report' })).toBeFocused();

    const answer = reportSent(page);
    await page.keyboard.press('Enter');
    const res = await answer;
    expect(res.status()).toBe(201);
    expect(res.request().postDataJSON()).toEqual({
      targetType: 'message',
      targetId: rude.id,
      reason: 'harassment',
      note: 'Asked for money before we met.',
    });
    await expect(page.getByText('Thank you. Our team will review it.')).toBeVisible();
    await expect(dialog).toBeHidden();
  } finally {
    await a.close();
  }
});
