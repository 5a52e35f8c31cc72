import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { PASSWORD, signedInMember, uniqueEmail } from './members.js';

/**
 * One real click, as a person makes it: the pointer moves onto the button, presses and lets
 * go. Focus leaves the field on the press, so a field message that clears on blur must not
 * move the button away before the release.
 */
async function clickOnce(page: Page, button: Locator): Promise<void> {
  const box = await button.boundingBox();
  if (!box) throw new Error('button has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // A person's press lasts a moment: long enough for the blur's re-render.
  await page.waitForTimeout(150);
  await page.mouse.up();
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('Log In: one click after fixing a field with a blur error signs in', async ({ page }) => {
      const member = await signedInMember(page);
      await page.request.post('/api/auth/sign-out', { data: {} });
      await page.goto('/login');
      await page.getByLabel('Email').fill(member.email);
      const password = page.getByLabel('Password', { exact: true });
      await password.fill('12345');
      await password.blur();
      await expect(page.getByText('Password must be at least 6 characters.')).toBeVisible();

      await password.fill(member.password);
      const submit = page.getByRole('button', { name: 'Log In' });
      const signIn = page.waitForRequest((request) => request.url().endsWith('/api/auth/sign-in/email'), { timeout: 3_000 });
      await clickOnce(page, submit);
      await signIn;
      await expect(page).toHaveURL(/\/home$/);
    });

    test('Log In: one click after a wrong address was corrected signs in', async ({ page }) => {
      const member = await signedInMember(page);
      await page.request.post('/api/auth/sign-out', { data: {} });
      await page.goto('/login');
      const email = page.getByLabel('Email');
      await email.fill('not-an-address');
      await email.blur();
      await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
      await email.fill(member.email);
      await page.getByLabel('Password', { exact: true }).fill(member.password);
      await clickOnce(page, page.getByRole('button', { name: 'Log In' }));
      await expect(page).toHaveURL(/\/home$/);
    });

    test('Sign up: one click after fixing the fields creates the account', async ({ page }) => {
      await page.goto('/signup');
      const email = page.getByLabel('Email');
      const password = page.getByLabel('Password', { exact: true });
      await email.fill('not-an-address');
      await password.fill('short');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
      await expect(page.getByText('You must agree to the terms and conditions.')).toBeVisible();

      await email.fill(uniqueEmail('one-click'));
      await password.fill(PASSWORD);
      await page.getByRole('checkbox').check();
      await clickOnce(page, page.getByRole('button', { name: 'Continue' }));
      await expect(page).toHaveURL(/\/verify-email$/);
    });
  });
}

test('Log In tab order: Email, Password, Log In, then the links', async ({ page }) => {
  await page.goto('/login');
  const email = page.getByLabel('Email');
  await email.click();
  await page.keyboard.type('someone@example.org');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type('Secret-123');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Log In' })).toBeFocused();
  await page.keyboard.press('Tab');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: "Can't sign in?" })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(main.getByRole('link', { name: 'Sign up' })).toBeFocused();
});
