import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures.js';
import { createPostViaApi, memberWithProfile, otherMember, primaryCategories, uniqueWord } from './profile-factory.js';

/*
 * Issue 14, section 5: text members write is shown as text on every screen that shows it. A
 * script tag, an event-handler attribute or a javascript: link in a post, a bio or a chat
 * message never runs (no dialog opens), never becomes an element, and reads literally.
 */

const SCRIPT = '<script>alert(1)</script>';
const IMG = '<img src=x onerror=alert(2)>';
const JS_LINK = 'javascript:alert(3)';
const ANCHOR = '<a href="javascript:alert(4)">click</a>';

/** Fails the test on any dialog (alert, confirm, prompt) the page opens. */
function failOnDialog(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

/** Nothing the members wrote became markup: no injected script or image, no javascript: link. */
async function expectInert(page: Page, dialogs: string[], literal: string) {
  await expect(page.getByText(literal, { exact: false }).first()).toBeVisible();
  await expect(page.locator('a[href^="javascript:" i], [href*="javascript:" i], [src*="javascript:" i]')).toHaveCount(0);
  await expect(page.locator('#root script, #root img[src="x"], [onerror], [onclick]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
}

async function saveHostileProfile(request: APIRequestContext, displayName: string) {
  const categories = await primaryCategories(request);
  const about = `${SCRIPT} ${IMG} ${JS_LINK} ${ANCHOR} ` + Array.from({ length: 45 }, (_, i) => `word${i}`).join(' ');
  const res = await request.put('/api/profiles/me', {
    data: { displayName, about, serviceType: 'digital', primaryCategoryId: categories[0]?.id, skillKeywords: ['<b>bold</b>'], leadTime: 'flexible' },
  });
  expect(res.status(), await res.text()).toBe(200);
  // A javascript: address is no portfolio link: refused before it could ever be an href.
  const refused = await request.put('/api/profiles/me', {
    data: { displayName, about, serviceType: 'digital', primaryCategoryId: categories[0]?.id, skillKeywords: ['x'], leadTime: 'flexible', portfolioUrl: JS_LINK },
  });
  expect(refused.status()).toBe(400);
}

test('script tags and javascript: links in posts, bios and messages stay inert text on every screen', async ({ page, browser, baseURL }) => {
  test.slow();
  const word = uniqueWord('xss');
  const author = await otherMember(browser, baseURL, { displayName: 'Mallory Author' });
  const authorDialogs = failOnDialog(author.page);
  const dialogs = failOnDialog(page);
  try {
    const authorName = `Mal ${IMG}`;
    await saveHostileProfile(author.page.request, authorName);
    const post = await createPostViaApi(author.page.request, {
      title: `${SCRIPT} ${word}`,
      offering: `${JS_LINK} ${IMG} guitar lessons`,
      lookingFor: `${ANCHOR} help with my garden`,
      keywords: [word],
    });
    await memberWithProfile(page, { displayName: 'Vera Viewer' });

    // The feed.
    await page.goto(`/home?q=${word}`);
    const card = page.getByTestId('post-card').filter({ hasText: word });
    await expect(card).toBeVisible();
    await expect(card.getByText(post.title)).toBeVisible();
    await expectInert(page, dialogs, `${JS_LINK} ${IMG} guitar lessons`);

    // Search results and the Profile Details dialog opened from one.
    await page.goto(`/search?q=${word}`);
    const result = page.getByTestId('search-result').filter({ hasText: word });
    await expect(result).toBeVisible();
    await expectInert(page, dialogs, `${SCRIPT} ${word}`);
    await result.getByRole('button', { name: post.title }).click();
    const details = page.getByRole('dialog', { name: 'Profile Details' });
    await expect(details.getByText(`${SCRIPT} ${word}`)).toBeVisible();
    await expectInert(page, dialogs, authorName);
    await page.keyboard.press('Escape');

    // The author's profile as another member sees it (bio and posts), and as they see it themselves.
    await page.goto(`/profile/${author.userId}`);
    await expect(page.getByRole('heading', { name: authorName })).toBeVisible();
    await expectInert(page, dialogs, `${SCRIPT} ${IMG} ${JS_LINK} ${ANCHOR}`);
    await author.page.goto('/profile');
    await expectInert(author.page, authorDialogs, `${SCRIPT} ${IMG} ${JS_LINK} ${ANCHOR}`);

    // An exchange request note and chat messages: the conversation list and the conversation.
    const requested = await page.request.post('/api/requests', { data: { postId: post.id, message: `${SCRIPT} note ${word}` } });
    expect(requested.status(), await requested.text()).toBe(201);
    const { conversationId } = (await requested.json()) as { conversationId: string };
    const reply = `${ANCHOR} ${JS_LINK} ${IMG} see https://example.org/${word}`;
    const sent = await author.page.request.post(`/api/conversations/${conversationId}/messages`, { data: { content: reply } });
    expect(sent.status(), await sent.text()).toBe(201);

    await page.goto('/messages');
    await expectInert(page, dialogs, authorName);
    await page.goto(`/messages/${conversationId}`);
    const bubbles = page.getByTestId('messages-scroller').getByTestId('message');
    await expect(bubbles.filter({ hasText: `${SCRIPT} note ${word}` })).toBeVisible();
    await expectInert(page, dialogs, reply.replace(`https://example.org/${word}`, '').trim());
    // Only the real web address became a link.
    await expect(bubbles.getByRole('link')).toHaveAttribute('href', `https://example.org/${word}`);

    await author.page.goto('/network');
    await expectInert(author.page, authorDialogs, `${SCRIPT} note ${word}`);
  } finally {
    await author.close();
  }
});

test('HTML pages, the prerendered public ones too, run no inline script and forbid it by CSP', async ({ page }) => {
  for (const path of ['/', '/signin', '/signup', '/help', '/terms', '/home', '/no-such-page']) {
    const res = await page.request.get(path);
    expect(res.headers()['content-type'], path).toMatch(/text\/html/);
    const csp = res.headers()['content-security-policy'] ?? '';
    const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src')) ?? '';
    expect(scriptSrc, path).toBe("script-src 'self'");
    expect(csp, path).toContain("default-src 'self'");
    expect(csp, path).toContain("object-src 'none'");
    const html = await res.text();
    // Every <script> loads a file or only carries data; none holds code.
    for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      const tag = match[1] ?? '';
      const body = match[2] ?? '';
      const isData = /type=["']?application\/(ld\+)?json/i.test(tag);
      expect(isData || (/\ssrc=/i.test(tag) && body.trim() === ''), `${path}: inline script ${tag}`).toBe(true);
    }
    expect(html, path).not.toMatch(/\son[a-z]+=/i);
  }
});
