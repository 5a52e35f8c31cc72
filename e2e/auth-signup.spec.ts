import { allowFailedRequests, navigateWithState } from './auth-helpers.js';
import { expect, test } from './fixtures.js';
import { waitForMail } from './mail.js';
import { PASSWORD, uniqueEmail } from './members.js';

test.describe('sign up', () => {
  test('shows every validation message, then creates the account and asks to check e-mail', async ({ page, consoleErrors }) => {
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Join the SkillSwap Community' })).toBeVisible();
    await expect(page.getByText('Sign up to offer what you do best and get what you need most')).toBeVisible();

    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });
    const submit = page.getByRole('button', { name: 'Continue' });

    await submit.click();
    await expect(page.getByText('Email is required.')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
    await expect(page.getByText('You must agree to the terms and conditions.')).toBeVisible();

    await email.fill('not-an-address');
    await expect(page.getByText('Invalid email address.')).toBeVisible();
    await email.fill(`${'a'.repeat(250)}@example.org`);
    await expect(page.getByText('Email is too long.')).toBeVisible();
    await password.fill('lowercase1only');
    await expect(
      page.getByText('Password must contain at least one uppercase letter, one lowercase letter, and one number.'),
    ).toBeVisible();
    await password.fill(`Aa1${'x'.repeat(126)}`);
    await expect(page.getByText('Password is too long.')).toBeVisible();

    // The terms link to the two PDFs, in a new tab.
    for (const [name, href] of [
      ['Terms of Service', '/terms-of-service.pdf'],
      ['Privacy Policy', '/privacy-policy.pdf'],
    ] as const) {
      const link = page.getByRole('main').getByRole('link', { name });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
    }

    // The server refuses a common password; its message shows under the field.
    const address = uniqueEmail('signup');
    await email.fill(address);
    await password.fill('Password1');
    await page.getByLabel(/I agree to the/).check();
    await submit.click();
    await expect(page.getByText('This password is too common. Please choose another.')).toBeVisible();
    await expect(page.getByText('Password error')).toBeVisible();

    // Busy while the request is out; the address is trimmed and lower-cased.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/sign-up/email', async (route) => {
      await held;
      await route.continue();
    });
    await email.fill(`  ${address.toUpperCase()} `);
    await password.fill(PASSWORD);
    await submit.click();
    await expect(page.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    release();

    await expect(page.getByText('Account created successfully!')).toBeVisible();
    await expect(page.getByText('Check your email to verify your account.')).toBeVisible();
    await expect(page).toHaveURL(/\/verify-email$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Check Your Email' })).toBeVisible();
    await expect(page.getByText(address, { exact: true })).toBeVisible();
    await waitForMail(address, '/auth/callback');
    allowFailedRequests(consoleErrors, [400]);
  });

  test('a registered address gets the normal answer; its owner is told by e-mail', async ({ page }) => {
    const address = uniqueEmail('twice');
    await page.request.post('/api/auth/sign-up/email', { data: { email: address, password: PASSWORD, acceptTerms: true } });
    await waitForMail(address, '/auth/callback');

    await page.goto('/signup');
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/verify-email$/);
    await expect(page.getByText(address, { exact: true })).toBeVisible();
    await waitForMail(address, 'Account already exists');
  });

  test("shows 'Account already exists' if the server ever says so", async ({ page, consoleErrors }) => {
    await page.route('**/api/auth/sign-up/email', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'USER_ALREADY_EXISTS', message: 'User already exists' } }),
      }),
    );
    await page.goto('/signup');
    await page.getByLabel('Email').fill(uniqueEmail());
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Account already exists')).toBeVisible();
    await expect(page.getByText('An account with this email address already exists. Please try logging in instead.')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
    allowFailedRequests(consoleErrors, [422]);
  });

  test('as a page, Escape and the close button go to the landing page; Log in goes to /login', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();

    await page.goto('/signup');
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Join the SkillSwap Community' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/$/);
  });

  test('as a modal when the navigation asks for it; Escape closes it to the landing page', async ({ page }) => {
    await page.goto('/help');
    await navigateWithState(page, '/signup', { modal: true });
    const dialog = page.getByRole('dialog', { name: 'Join the SkillSwap Community' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/$/);
    await expect(dialog).toBeHidden();
  });
});
