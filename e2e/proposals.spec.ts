import type { Page } from '@playwright/test';
import { allowFailedRequests } from './auth-helpers.js';
import { expect, test } from './fixtures.js';
import { isRealtimeOpen, type RealtimeTab } from './realtime-tab.js';
import { createPostViaApi, memberWithProfile, otherMember, uniqueWord } from './profile-factory.js';

/** The tab's realtime connection as lib/realtime.tsx exposes it (this file is type-checked without the DOM). */
const stopRealtime = () => (globalThis as unknown as RealtimeTab).__skillswapRealtime?.stop();

const cards = (page: Page) => page.getByTestId('messages-scroller').getByTestId('proposal-card');

/** Fills and sends the Propose an Exchange dialog in the open conversation. */
async function propose(page: Page, offered: string, requested: string, notes = '') {
  await page.getByRole('button', { name: 'Propose an Exchange' }).click();
  const dialog = page.getByRole('dialog', { name: 'Propose an Exchange' });
  await dialog.getByLabel('Skill you offer').fill(offered);
  await dialog.getByLabel('Skill you would like').fill(requested);
  await dialog.getByLabel('Duration (hours)').fill('2');
  await dialog.getByLabel('Location').fill('Town library');
  if (notes) await dialog.getByLabel('Notes (optional)').fill(notes);
  await dialog.getByRole('button', { name: 'Send Proposal' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Ann owns a post, Ben sent a request on it (which opened their conversation); both have the
 * conversation open, each in their own browser context.
 */
async function twoMembersInAConversation(page: Page, browser: Parameters<typeof otherMember>[0], baseURL: string | undefined, word: string) {
  await memberWithProfile(page, { displayName: 'Ann Proposer' });
  const post = await createPostViaApi(page.request, { title: `Pottery wheel basics ${word}`, keywords: [word] });
  const ben = await otherMember(browser, baseURL, { displayName: 'Ben Answerer' });
  const res = await ben.page.request.post('/api/requests', { data: { postId: post.id, message: `Hello about pottery ${word}` } });
  expect(res.status()).toBe(201);
  const { conversationId } = (await res.json()) as { conversationId: string };
  for (const tab of [page, ben.page]) {
    await tab.goto(`/messages/${conversationId}`);
    await expect(tab.getByTestId('chat-member-name')).toBeVisible();
    await tab.waitForFunction(isRealtimeOpen);
  }
  return { ben, post, conversationId };
}

test('the other member accepts a proposal on the card: both cards say Accepted live and both have the Connection', async ({ page, browser, baseURL }) => {
  test.slow();
  const word = uniqueWord('prop');
  await page.setViewportSize({ width: 1440, height: 900 });
  const { ben, post } = await twoMembersInAConversation(page, browser, baseURL, word);
  try {
    await ben.page.setViewportSize({ width: 1440, height: 900 });
    await propose(page, 'Pottery lessons', 'Bike repair', 'Weekday evenings work best');

    // Ann (the proposer) waits; Ben (the recipient) may answer. Notes show on the card.
    const mine = cards(page).last();
    await expect(mine).toHaveAttribute('data-status', 'pending');
    await expect(mine).toContainText('Waiting for response');
    await expect(mine).toContainText('Weekday evenings work best');
    await expect(mine.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    const theirs = cards(ben.page).last();
    await expect(theirs).toContainText('Ann Proposer offers');
    await expect(theirs).toContainText('Pottery lessons');
    await expect(theirs).toContainText('Weekday evenings work best');
    await expect(theirs).not.toContainText('Waiting for response');

    await page.screenshot({ path: '/tmp/proposal-card-waiting-1440.png' });
    await ben.page.screenshot({ path: '/tmp/proposal-card-answer-1440.png' });

    // Ben accepts: the card updates in both chats without a reload.
    await theirs.getByRole('button', { name: 'Accept' }).click();
    await expect(ben.page.getByText('Proposal accepted').first()).toBeVisible();
    for (const card of [theirs, mine]) {
      await expect(card).toHaveAttribute('data-status', 'accepted');
      await expect(card.getByTestId('proposal-outcome')).toHaveText('Accepted');
      await expect(card.getByRole('link', { name: 'View in My Network' })).toBeVisible();
    }
    await expect(theirs.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    await page.screenshot({ path: '/tmp/proposal-card-accepted-1440.png' });

    // Ann is told, live.
    await expect(page.getByTestId('notifications-unread-dot')).toBeVisible();

    // Both have the exchange as a Connection on My Network (the request on Ann's post was accepted).
    for (const [tab, other] of [
      [page, 'Ben Answerer'],
      [ben.page, 'Ann Proposer'],
    ] as const) {
      await cards(tab).last().getByRole('link', { name: 'View in My Network' }).click();
      await expect(tab).toHaveURL(/\/network$/);
      const connection = tab.getByTestId('network-section-connections').getByTestId('network-item').filter({ hasText: other });
      await expect(connection).toBeVisible();
      await expect(connection).toContainText(post.title);
    }
    await expect(page.getByTestId('network-section-incoming').getByTestId('network-item').filter({ hasText: 'Ben Answerer' })).toHaveCount(0);
  } finally {
    await ben.close();
  }
});

test('declining shows Declined on both cards; answering twice gets the server 409 in a toast', async ({ page, browser, baseURL, consoleErrors }) => {
  test.slow();
  const word = uniqueWord('decl');
  const { ben, conversationId } = await twoMembersInAConversation(page, browser, baseURL, word);
  try {
    // Ben proposes this time; Ann declines.
    await propose(ben.page, 'Bike repair', 'Pottery lessons');
    const annCard = cards(page).last();
    await annCard.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByText('Proposal declined').first()).toBeVisible();
    for (const card of [annCard, cards(ben.page).last()]) {
      await expect(card).toHaveAttribute('data-status', 'declined');
      await expect(card.getByTestId('proposal-outcome')).toHaveText('Declined');
      await expect(card.getByRole('link', { name: 'View in My Network' })).toHaveCount(0);
    }
    // Declining a proposal leaves the request pending on My Network.
    await page.goto('/network');
    await expect(page.getByTestId('network-section-incoming').getByTestId('network-item').filter({ hasText: 'Ben Answerer' })).toBeVisible();
    await page.goto(`/messages/${conversationId}`);
    await page.waitForFunction(isRealtimeOpen);

    // A second proposal that Ann answers elsewhere while this tab hears nothing (its realtime
    // connection stopped): her click here gets the server's 409, and the card catches up.
    await propose(ben.page, 'Bike repair again', 'Pottery, second try');
    const second = cards(page).filter({ hasText: 'Bike repair again' });
    await expect(second.getByRole('button', { name: 'Accept' })).toBeVisible();
    await page.evaluate(stopRealtime);
    // A read the last events started may still be on its way: once it lands after the decline
    // below, the card shows Declined before the click. Let the tab's reads finish first.
    await page.waitForLoadState('networkidle');
    const listed = await page.request.get(`/api/conversations/${conversationId}/messages`);
    const { items } = (await listed.json()) as { items: { id: string; exchangeProposal: { offered_skill: string } | null }[] };
    const messageId = items.findLast((m) => m.exchangeProposal?.offered_skill === 'Bike repair again')?.id ?? '';
    const elsewhere = await page.request.post(`/api/messages/${messageId}/proposal`, { data: { decision: 'declined' } });
    expect(elsewhere.status()).toBe(200);
    await second.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText('This proposal was already declined.')).toBeVisible();
    await expect(second).toHaveAttribute('data-status', 'declined');
    allowFailedRequests(consoleErrors, [409]);
  } finally {
    await ben.close();
  }
});

test('the proposal card on a phone: Accept and Decline fit, then the outcome (375 px)', async ({ page, browser, baseURL }) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 740 });
  const word = uniqueWord('phon');
  const { ben } = await twoMembersInAConversation(page, browser, baseURL, word);
  try {
    await propose(ben.page, 'Guitar lessons for beginners', 'Pottery lessons', 'I can bring a spare guitar.');
    const card = cards(page).last();
    const accept = card.getByRole('button', { name: 'Accept' });
    await expect(accept).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/proposal-card-answer-375.png' });
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    // Keyboard: the buttons are reachable and Enter answers.
    await accept.focus();
    await page.keyboard.press('Enter');
    await expect(card.getByTestId('proposal-outcome')).toHaveText('Accepted');
    await page.screenshot({ path: '/tmp/proposal-card-accepted-375.png' });
  } finally {
    await ben.close();
  }
});
