import { allowFailedRequests, logIn, unverifiedMember } from './auth-helpers.js';
import { expect, test } from './fixtures.js';
import { signedInMember, uniqueEmail } from './members.js';

test.describe('login', () => {
  test('validates on blur and keeps Log In disabled while a field is empty', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByText('continue your skill exchanges')).toBeVisible();
    const submit = page.getByRole('button', { name: 'Log In' });
    await expect(submit).toBeDisabled();

    await page.getByLabel('Email').fill('not-an-address');
    await expect(page.getByText('Please enter a valid email address.')).toBeHidden();
    await page.getByLabel('Email').blur();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(submit).toBeDisabled();

    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByLabel('Password', { exact: true }).blur();
    await expect(page.getByText('Password must be at least 6 characters.')).toBeVisible();
    await expect(submit).toBeEnabled();

    await page.getByLabel('Email').fill('');
    await expect(submit).toBeDisabled();

    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    await main.getByRole('link', { name: "Can't sign in?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('shows the offline banner and disables Log In while offline', async ({ page, context }) => {
    await page.goto('/signin');
    await page.getByLabel('Email').fill('someone@example.org');
    await page.getByLabel('Password', { exact: true }).fill('Secret-123');
    const submit = page.getByRole('button', { name: 'Log In' });
    await expect(submit).toBeEnabled();

    await context.setOffline(true);
    await expect(page.getByText("You're offline—check your connection.")).toBeVisible();
    await expect(submit).toBeDisabled();
    await context.setOffline(false);
    await expect(page.getByText("You're offline—check your connection.")).toBeHidden();
    await expect(submit).toBeEnabled();
  });

  test('a wrong password says "Email or password incorrect." with a way out', async ({ page, consoleErrors }) => {
    const member = await signedInMember(page);
    await page.request.post('/api/auth/sign-out', { data: {} });
    await page.goto('/login');
    await logIn(page, member.email, 'Wrong-Pass-123');
    const alert = page.getByRole('alert').filter({ hasText: 'Email or password incorrect.' });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('link', { name: "Can't sign in?" })).toHaveAttribute('href', '/forgot-password');
    await expect(page).toHaveURL(/\/login$/);
    allowFailedRequests(consoleErrors, [401]);
  });

  test('stays busy at least 300 ms, even when the answer is instant', async ({ page, consoleErrors }) => {
    await page.clock.install();
    await page.route('**/api/auth/sign-in/email', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } }),
      }),
    );
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeEditable();
    // Time stands still from here on, so the answer arrives well inside the 300 ms.
    await page.clock.pauseAt(new Date(Date.now() + 60_000));
    const answered = page.waitForResponse('**/api/auth/sign-in/email');
    await logIn(page, 'someone@example.org', 'Secret-123');
    await answered;
    const submit = page.getByRole('button', { name: 'Log In' });
    await expect(submit).toHaveAttribute('aria-busy', 'true');
    await expect(submit).toBeDisabled();
    await expect(page.getByText('Email or password incorrect.')).toBeHidden();

    await page.clock.runFor(300);
    await expect(page.getByText('Email or password incorrect.')).toBeVisible();
    await expect(submit).toHaveAttribute('aria-busy', 'false');
    allowFailedRequests(consoleErrors, [401]);
  });

  test('an unverified address is asked to click the verification link', async ({ page, consoleErrors }) => {
    const member = await unverifiedMember(page);
    await page.goto('/login');
    await logIn(page, member.email, member.password);
    await expect(page.getByText('Please check your email and click the verification link before signing in.')).toBeVisible();
    allowFailedRequests(consoleErrors, [403]);
  });

  test('the 11th attempt on one address gets the rate-limit message', async ({ page, consoleErrors }) => {
    const email = uniqueEmail('limited');
    for (let i = 0; i < 10; i++) {
      const res = await page.request.post('/api/auth/sign-in/email', { data: { email, password: 'Wrong-Pass-123' } });
      expect(res.status()).toBe(401);
    }
    await page.goto('/login');
    await logIn(page, email, 'Wrong-Pass-123');
    await expect(page.getByText('Too many login attempts. Please wait a moment and try again.')).toBeVisible();
    allowFailedRequests(consoleErrors, [429]);
  });

  test('a network failure gets the connection message', async ({ page, consoleErrors }) => {
    await page.route('**/api/auth/sign-in/email', (route) => route.abort('failed'));
    await page.goto('/login');
    await logIn(page, 'someone@example.org', 'Secret-123');
    await expect(page.getByText('Connection error. Please check your internet connection and try again.')).toBeVisible();
    allowFailedRequests(consoleErrors, ['network']);
  });

  test("after 8 s busy, 'Still working…' offers Try again, which ends the wait", async ({ page, consoleErrors }) => {
    await page.clock.install();
    // The sign-in request never answers.
    await page.route('**/api/auth/sign-in/email', () => undefined);
    await page.goto('/login');
    await logIn(page, 'someone@example.org', 'Secret-123');
    const submit = page.getByRole('button', { name: 'Log In' });
    await expect(submit).toBeDisabled();
    await expect(page.getByText('Still working… this can take a moment.')).toBeHidden();

    await page.clock.fastForward('00:08');
    await expect(page.getByText('Still working… this can take a moment.')).toBeVisible();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Still working… this can take a moment.')).toBeHidden();
    await expect(submit).toBeEnabled();
    allowFailedRequests(consoleErrors, ['network']);
  });

  test('signs in and returns to the remembered page, or /home', async ({ page }) => {
    const member = await signedInMember(page);
    await page.request.post('/api/auth/sign-out', { data: {} });

    await page.goto('/settings?tab=privacy');
    await expect(page).toHaveURL(/\/signin$/);
    await logIn(page, member.email, member.password);
    await expect(page).toHaveURL(/\/settings\?tab=privacy$/);
    await expect(page.getByRole('button', { name: 'Me', exact: true })).toBeVisible();

    // Reloaded, the sign-in page comes as its own small first load and still knows the way back.
    // (Signed out with no page of the app open: an open one would see its requests answer 401.)
    await page.goto('about:blank');
    await page.request.post('/api/auth/sign-out', { data: {} });
    await page.goto('/network');
    await expect(page).toHaveURL(/\/signin$/);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    await logIn(page, member.email, member.password);
    await expect(page).toHaveURL(/\/network$/);

    await page.goto('about:blank');
    await page.request.post('/api/auth/sign-out', { data: {} });
    await page.goto('/login');
    await logIn(page, member.email.toUpperCase(), member.password);
    await expect(page).toHaveURL(/\/home$/);
    // Replaced: Back does not return to the login screen.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/login$/);
  });
});
