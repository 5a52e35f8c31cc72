import { expect, test } from './fixtures.js';
import { memberWithProfile } from './profile-factory.js';
import { openWithScriptsHeld } from './scripts-held.js';

// What a visitor does on a prerendered page before its JavaScript has run is not lost: the
// scripts are held back here until the visitor has acted, as on a slow phone.

test('a Back click before the page is hydrated is carried out once it is', async ({ page }) => {
  const release = await openWithScriptsHeld(page, '/privacy');
  const back = page.getByRole('button', { name: 'Back' });
  await expect(back).toBeVisible();
  await back.click();
  await expect(page).toHaveURL('/privacy');
  release();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Ready to SkillSwap?' })).toBeVisible();
});

test('Escape pressed before the sign-up page is hydrated closes it once it is', async ({ page }) => {
  const release = await openWithScriptsHeld(page, '/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Join the SkillSwap Community' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL('/signup');
  release();
  await expect(page).toHaveURL('/');
});

test('an address typed and left before the page is hydrated is checked once it is', async ({ page }) => {
  const release = await openWithScriptsHeld(page, '/login');
  const email = page.getByLabel('Email');
  await email.fill('not-an-address');
  await email.blur();
  release();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(email).toHaveValue('not-an-address');
});

test('a page scrolled before it is hydrated stays where the visitor scrolled it', async ({ page }) => {
  const release = await openWithScriptsHeld(page, '/help');
  const send = page.getByRole('region', { name: 'Contact Support' }).getByRole('button', { name: 'Send Message' });
  await send.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate<number>('window.scrollY');
  expect(scrolled).toBeGreaterThan(0);
  // The stale session seeded for the prerendered page is read again once the app has hydrated.
  const hydrated = page.waitForRequest((request) => request.url().endsWith('/api/auth/get-session'));
  release();
  await hydrated;
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(resolve))');
  expect(await page.evaluate<number>('window.scrollY')).toBe(scrolled);
  await send.click();
  await expect(page.getByRole('region', { name: 'Contact Support' }).getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
    'Please enter your email address so we can reply.',
  );
});

test('a link followed before the page is hydrated opens its page, whose Back returns', async ({ page }) => {
  const release = await openWithScriptsHeld(page, '/help');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
  release();
  await expect(page).toHaveURL('/terms');
  // That page was a full page load: its Back still knows the page before it.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help & Support' })).toBeVisible();
});

test('moving along history while the page hydrates shows the new page, without errors', async ({ page }) => {
  const release = await openWithScriptsHeld(page, '/signup');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  release();
  // A new history entry as soon as the app has started (before, during or just after hydration:
  // each must end on the new page). Only the app changes history within a page, so this stands
  // for a navigation of its own made while it hydrates.
  await page.waitForFunction(() => (globalThis as { __heldBeforeApp?: unknown }).__heldBeforeApp === 'app', undefined, { polling: 'raf' });
  await page.evaluate(`(() => {
    const entry = { usr: null, key: 'e2e', idx: 1 };
    window.history.pushState(entry, '', '/forgot-password');
    window.dispatchEvent(new PopStateEvent('popstate', { state: entry }));
  })()`);
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('button', { name: 'Send recovery link' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL('/signup');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
});

test("a visitor's /signin is its own small first load, not the whole app's", async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await page.waitForFunction(() => (globalThis as { __heldBeforeApp?: unknown }).__heldBeforeApp === 'app', undefined, { polling: 'raf' });
  expect(scripts.some((path) => /\/assets\/sign-in-[\w-]+\.js$/.test(path))).toBe(true);
  // Neither the app's entry nor its router and data layer (the vendor chunk) come with it.
  expect(scripts.filter((path) => /\/assets\/(index|vendor)-[\w-]+\.js$/.test(path))).toEqual([]);
});

test("the sign-in page's own first load sends a page it does not show to the server", async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await page.waitForFunction(() => (globalThis as { __heldBeforeApp?: unknown }).__heldBeforeApp === 'app', undefined, { polling: 'raf' });
  await page.evaluate(`(() => {
    window.history.pushState(null, '', '/forgot-password');
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  })()`);
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('button', { name: 'Send recovery link' })).toBeVisible();
});

test('a page left along history before its own first load listens catches up once it does', async ({ page }) => {
  // The history entry moves before the sign-in page's own router listens for it: its popstate is
  // gone by then, and the page still shows the sign-in HTML the server sent.
  const release = await openWithScriptsHeld(page, '/signin');
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await page.evaluate("window.history.pushState(null, '', '/forgot-password')");
  release();
  await expect(page.getByRole('button', { name: 'Send recovery link' })).toBeVisible();
  await expect(page).toHaveURL('/forgot-password');
});

test("on a member's page, rendered afresh, the early script holds nothing", async ({ page }) => {
  await memberWithProfile(page);
  await page.goto('/home');
  await expect(page.getByRole('button', { name: 'Create Post' })).toBeVisible();
  // The app has told the early script to stand aside (it must not hold a member's clicks).
  expect(await page.evaluate(() => (globalThis as { __heldBeforeApp?: unknown }).__heldBeforeApp)).toBe('app');
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByRole('dialog', { name: 'Create New Exchange Post' })).toBeVisible();
});

test('a form sent before hydration is sent again when React renders the page afresh', async ({ page, consoleErrors }) => {
  // HTML that differs from what the app renders (a word of the heading changed): React reports the
  // mismatch and renders the page afresh, so the form the visitor sent is a new element.
  await page.route('**/help', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('>Help &amp; Support</h1>', '>Help &amp; Support (cached)</h1>');
    await route.fulfill({ response, body: html });
  });
  const release = await openWithScriptsHeld(page, '/help');
  const form = page.getByRole('region', { name: 'Contact Support' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help & Support (cached)');
  await form.getByRole('button', { name: 'Send Message' }).click();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Help & Support', exact: true })).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Subject' })).toHaveAccessibleDescription('Please enter a subject.');
  // The mismatch itself is reported, as React does.
  expect(consoleErrors).toEqual([expect.stringContaining('React error #418')]);
  consoleErrors.length = 0;
});
