import type { Page } from '@playwright/test';
import { allowFailedRequests, recordSessionStorageWrites, sessionStorageItem, sessionStorageWrites } from './auth-helpers.js';
import { expect, test } from './fixtures.js';
import { linkIn, mailsTo, waitForMail } from './mail.js';
import { PASSWORD, uniqueEmail } from './members.js';

async function signUpThroughTheForm(page: Page, email: string) {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
}

test.describe('e-mail verification', () => {
  test('the e-mailed link verifies, signs in, sets both flags and opens /home', async ({ page }) => {
    const email = uniqueEmail('verify');
    await signUpThroughTheForm(page, email);
    const link = linkIn(await waitForMail(email, '/auth/callback'), '/auth/callback');

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/verify-email*', async (route) => {
      await held;
      await route.continue();
    });
    await recordSessionStorageWrites(page);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Verifying your account...' })).toBeVisible();
    release();

    await expect(page).toHaveURL(/\/home$/);
    // Set for the profile prompt, which may already have read and cleared them.
    expect(await sessionStorageWrites(page)).toEqual(
      expect.arrayContaining(['show_profile_modal=true', 'email_just_verified=true']),
    );
    await expect(page.getByRole('button', { name: 'Me', exact: true })).toBeVisible();
    // Back does not return to the spent link.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/auth\/callback/);
  });

  test('a tampered link and a used link show "Invalid or expired link"', async ({ page, consoleErrors }) => {
    const email = uniqueEmail('tamper');
    await page.request.post('/api/auth/sign-up/email', { data: { email, password: PASSWORD, acceptTerms: true } });
    const link = linkIn(await waitForMail(email, '/auth/callback'), '/auth/callback');
    const token = new URL(link, 'http://x').searchParams.get('token') ?? '';

    await page.goto(`/auth/callback?token=${encodeURIComponent(`${token.slice(0, -4)}AAAA`)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid or expired link' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    await expect(main.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');

    await page.goto('/auth/callback');
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid or expired link' })).toBeVisible();

    // Spent once (and signed out again), the same link signs nobody in.
    await page.goto(link);
    await expect(page).toHaveURL(/\/home$/);
    await page.request.post('/api/auth/sign-out', { data: {} });
    await page.evaluate(`sessionStorage.clear()`);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid or expired link' })).toBeVisible();
    expect(await sessionStorageItem(page, 'show_profile_modal')).toBeNull();
    allowFailedRequests(consoleErrors, [400, 401, 403]);
  });

  test('Resend Email counts down 60 s and really sends a second e-mail', async ({ page }) => {
    await page.clock.install();
    const email = uniqueEmail('resend');
    await signUpThroughTheForm(page, email);
    await waitForMail(email, '/auth/callback');

    await expect(page.getByText(email, { exact: true })).toBeVisible();
    for (const item of ['inbox', 'spam', 'verification link', 'automatically']) {
      await expect(page.getByRole('listitem').filter({ hasText: item })).toBeVisible();
    }
    const resend = page.getByRole('button', { name: /^Resend Email/ });
    await expect(resend).toHaveText(/Resend Email \((60|59)s\)/);
    await expect(resend).toBeDisabled();

    await page.clock.fastForward('01:00');
    await expect(resend).toHaveText('Resend Email');
    await expect(resend).toBeEnabled();
    await resend.click();
    await expect(page.getByText('Verification email sent! Check your inbox.')).toBeVisible();
    await expect(resend).toHaveText(/Resend Email \((60|59)s\)/);
    await expect(resend).toBeDisabled();

    const second = await waitForMail(email, '/auth/callback', 2);
    expect(second).toContain('/auth/callback?token=');
    expect((await mailsTo(email)).length).toBe(2);
  });

  test('without an address, Resend Email says to go back to sign up', async ({ page }) => {
    await page.goto('/verify-email');
    await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();
    await page.getByRole('button', { name: 'Resend Email' }).click();
    await expect(page.getByText('Please go back to sign up and try again.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Sign Up' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('a failed resend says so', async ({ page, consoleErrors }) => {
    await page.clock.install();
    await page.route('**/api/account/resend-verification', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too many requests. Please wait a moment and try again.' } }),
      }),
    );
    await signUpThroughTheForm(page, uniqueEmail('resend-fail'));
    // The countdown must be running before fake time moves, or the jump is spent before it starts
    // (its exact start, 60 s, is the previous journey's; a slow page may already show 52 s here).
    const resend = page.getByRole('button', { name: /^Resend Email/ });
    await expect(resend).toHaveText(/Resend Email \([1-6]?\ds\)/);
    await page.clock.fastForward('01:00');
    await expect(resend).toBeEnabled();
    await resend.click();
    await expect(page.getByText('Failed to resend email. Please try again.')).toBeVisible();
    allowFailedRequests(consoleErrors, [429]);
  });
});
