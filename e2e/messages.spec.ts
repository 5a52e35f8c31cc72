import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { createPostViaApi, memberWithProfile, otherMember, uniqueWord } from './profile-factory.js';

/** B sends a request on A's post from the feed (the first-click tooltip already seen): it opens a conversation. */
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

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const bubbles = (page: Page) => page.getByTestId('messages-scroller').getByTestId('message');

test('two members chat in real time: Message opens the conversation, Enter sends, the other sees it live', async ({ page, browser, baseURL }) => {
  test.slow();
  const word = uniqueWord('msg');
  await memberWithProfile(page, { displayName: 'Alma Owner' });
  const post = await createPostViaApi(page.request, { title: `Bread baking together ${word}`, keywords: [word] });
  const b = await otherMember(browser, baseURL, { displayName: 'Ben Asker' });
  try {
    await requestFromFeed(b.page, post.title, word, 'Could you teach me sourdough?');

    // A: My Network -> Message opens the conversation about the post, composer focused.
    await page.goto('/network');
    const item = page.getByTestId('network-item').filter({ hasText: 'Ben Asker' }).first();
    await item.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('dialog', { name: 'Accept Request' }).getByRole('button', { name: 'Accept' }).click();
    const connection = page.getByTestId('network-section-connections').getByTestId('network-item').filter({ hasText: 'Ben Asker' });
    await connection.getByRole('link', { name: 'Message' }).click();
    await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
    const conversationUrl = page.url();
    await expect(page.getByTestId('chat-member-name')).toHaveText('Ben Asker');
    await expect(page.getByText(post.title).first()).toBeVisible();
    await expect(composer(page)).toBeFocused();
    await expect(bubbles(page).filter({ hasText: 'Could you teach me sourdough?' })).toBeVisible();
    await expect(page.getByText('2,000 characters left')).toBeVisible();

    // B has the same conversation open.
    await b.page.goto(new URL(conversationUrl).pathname);
    await expect(b.page.getByTestId('chat-member-name')).toHaveText('Alma Owner');

    // Blank is not sent: Send stays disabled and Enter does nothing.
    await composer(page).fill('   ');
    await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
    await composer(page).press('Enter');
    await expect(bubbles(page)).toHaveCount(1);

    // The countdown, Shift+Enter makes a new line, Enter sends.
    await composer(page).fill('');
    await composer(page).pressSequentially('Saturday at 10?');
    await expect(page.getByText('1,985 characters left')).toBeVisible();
    await composer(page).press('Shift+Enter');
    await composer(page).pressSequentially('At the bakery https://example.com/bakery');
    await expect(composer(page)).toHaveValue('Saturday at 10?\nAt the bakery https://example.com/bakery');
    // B sees it within a second, without reload: B's page notes the moment the bubble appears
    // (Playwright's own polling backs off to a second between looks, too coarse to time this);
    // the link is clickable and safe.
    const theirs = bubbles(b.page).filter({ hasText: 'Saturday at 10?' });
    await b.page.evaluate(`void (window.__arrivedAt = new Promise((resolve) => {
      const seen = () => [...document.querySelectorAll('[data-testid="messages-scroller"] [data-testid="message"]')]
        .some((el) => el.textContent.includes('Saturday at 10?'));
      const observer = new MutationObserver(() => { if (seen()) { observer.disconnect(); resolve(Date.now()); } });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    }))`);
    // The message is sent when A's page takes the Enter key (both pages read the same clock), not
    // when Playwright's command to press it returns: that round trip is the test's, not the product's.
    await page.evaluate(`void (window.__sentAt = new Promise((resolve) => {
      document.addEventListener('keydown', (event) => { if (event.key === 'Enter') resolve(Date.now()); }, { capture: true, once: true });
    }))`);
    await composer(page).press('Enter');
    await expect(composer(page)).toHaveValue('');
    const mine = bubbles(page).filter({ hasText: 'Saturday at 10?' });
    await expect(mine).toHaveAttribute('data-mine', 'true');
    await expect(theirs).toBeVisible();
    const sentAt = (await page.evaluate('window.__sentAt')) as number;
    const arrivedAt = (await b.page.evaluate('window.__arrivedAt')) as number;
    expect(arrivedAt - sentAt).toBeLessThan(1_000);
    await expect(theirs).toHaveAttribute('data-mine', 'false');
    await expect(theirs.getByTestId('message-text')).toHaveText('Saturday at 10?\nAt the bakery https://example.com/bakery');
    const link = theirs.getByRole('link', { name: 'https://example.com/bakery' });
    await expect(link).toHaveAttribute('rel', 'noopener nofollow');
    await expect(link).toHaveAttribute('target', '_blank');

    // B has it open and visible: A's single tick turns into a double tick live.
    await expect(mine).toHaveAttribute('data-status', 'read');
    await expect(mine.getByText('Read')).toBeAttached();

    // A proposal shows as a card in both chats.
    await b.page.getByRole('button', { name: 'Propose an Exchange' }).click();
    const dialog = b.page.getByRole('dialog', { name: 'Propose an Exchange' });
    await dialog.getByLabel('Skill you offer').fill('Guitar lessons');
    await dialog.getByLabel('Skill you would like').fill('Sourdough baking');
    await dialog.getByLabel('Duration (hours)').fill('3');
    await dialog.getByLabel('Location').fill('Community kitchen');
    await dialog.getByRole('button', { name: 'Send Proposal' }).click();
    await expect(dialog).toBeHidden();
    for (const chat of [page, b.page]) {
      const card = chat.getByTestId('proposal-card').last();
      await expect(card).toContainText('Guitar lessons');
      await expect(card).toContainText('Sourdough baking');
      await expect(card).toContainText('3 hours');
      await expect(card).toContainText('Community kitchen');
    }

    // A reload opens the same conversation.
    await page.reload();
    await expect(page.getByTestId('chat-member-name')).toHaveText('Ben Asker');
    await expect(bubbles(page).filter({ hasText: 'Saturday at 10?' })).toBeVisible();

    // B's list: A's name, the last message ('Exchange proposal'), and an unread count once B looks away.
    await b.page.goto('/messages');
    const entry = b.page.getByTestId('conversation-entry').filter({ hasText: 'Alma Owner' });
    await expect(entry.getByTestId('conversation-last-message')).toHaveText('Exchange proposal');
    await composer(page).fill('See you there!');
    await composer(page).press('Enter');
    await expect(entry.getByTestId('conversation-last-message')).toHaveText('See you there!');
    await expect(entry.getByTestId('conversation-unread')).toContainText('1');
    await expect(entry).toContainText(/just now|minute/);

    // Search by the member's name (server-side).
    await b.page.getByRole('searchbox', { name: 'Search conversations' }).fill('Alma');
    await expect(entry).toBeVisible();
    await b.page.getByRole('searchbox', { name: 'Search conversations' }).fill(`nobody-${word}`);
    await expect(b.page.getByText(`No conversations match`)).toBeVisible();

    // New explains that conversations begin with exchange requests.
    await b.page.getByRole('button', { name: 'New' }).click();
    await expect(b.page.getByRole('dialog', { name: 'Start New Conversation' })).toContainText('Conversations begin by sending exchange requests');
  } finally {
    await b.close();
  }
});

test('on a phone the list and the chat are two screens with a back button', async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const word = uniqueWord('msgm');
  await memberWithProfile(page, { displayName: 'Alma Owner' });
  const post = await createPostViaApi(page.request, { title: `Knitting basics ${word}`, keywords: [word] });
  const b = await otherMember(browser, baseURL, { displayName: 'Ben Asker' });
  try {
    await requestFromFeed(b.page, post.title, word, 'Hello from Ben');
    await page.goto('/messages');
    const entry = page.getByTestId('conversation-entry').filter({ hasText: 'Ben Asker' });
    await entry.click();
    await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('searchbox', { name: 'Search conversations' })).toBeHidden();
    await expect(composer(page)).toBeFocused();
    await page.getByRole('link', { name: 'Back to conversations' }).click();
    await expect(page).toHaveURL(/\/messages$/);
    await expect(entry).toBeVisible();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
  } finally {
    await b.close();
  }
});
