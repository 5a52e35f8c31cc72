import { allowFailedRequests, logIn } from './auth-helpers.js';
import { expect, test } from './fixtures.js';
import { linkIn, mailsTo, waitForMail } from './mail.js';
import { signedInMember, uniqueEmail } from './members.js';

const NEW_PASSWORD = 'Fresh-Kettle-77';

/** The sent screen's text with the address and the countdown taken out. */
const sentScreen = (text: string, address: string) => text.replace(address, '{address}').replace(/\d+s\b/, 'Ns');

test.describe('password recovery', () => {
  test('answers the same for an unknown address; resend returns to the form after 60 s', async ({ page }) => {
    await page.clock.install();
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { level: 1, name: "Can't log in?" })).toBeVisible();
    const send = page.getByRole('button', { name: 'Send recovery link' });
    await expect(send).toBeDisabled();
    await page.getByLabel('Email').fill('not-an-address');
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(send).toBeDisabled();

    const unknown = uniqueEmail('nobody');
    await page.getByLabel('Email').fill(unknown);
    await expect(send).toBeEnabled();
    await send.click();
    await expect(page.getByText(unknown, { exact: true })).toBeVisible();
    const resend = page.getByRole('button', { name: /^Resend/ });
    await expect(resend).toHaveText(/Resend in (60|59)s/);
    await expect(resend).toBeDisabled();
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    await expect(page.getByRole('main').getByRole('link', { name: 'Return to log in' })).toHaveAttribute('href', '/login');
    const unknownView = sentScreen(await page.getByRole('main').innerText(), unknown);

    await page.clock.fastForward('01:00');
    await expect(resend).toHaveText('Resend recovery link');
    await resend.click();
    await expect(page.getByLabel('Email')).toHaveValue(unknown);
    await expect(send).toBeEnabled();

    // A registered address gets exactly the same screen (and a real e-mail).
    const member = await signedInMember(page);
    await page.request.post('/api/auth/sign-out', { data: {} });
    await page.getByLabel('Email').fill(member.email);
    await send.click();
    await expect(page.getByText(member.email, { exact: true })).toBeVisible();
    expect(sentScreen(await page.getByRole('main').innerText(), member.email)).toBe(unknownView);
    await waitForMail(member.email, '/reset-password');
    expect(await mailsTo(unknown)).toEqual([]);
  });

  test('the e-mailed link sets a new password: strength hint, success, old password refused', async ({ page, browser, consoleErrors }) => {
    const member = await signedInMember(page);
    // Another device of the member, signed in: the reset signs it out too.
    const otherDevice = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const signIn = await otherDevice.request.post('/api/auth/sign-in/email', { data: { email: member.email, password: member.password } });
    expect(signIn.ok()).toBe(true);

    await page.request.post('/api/account/forgot-password', { data: { email: member.email } });
    const link = linkIn(await waitForMail(member.email, '/reset-password'), '/reset-password');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();

    const password = page.getByLabel('New Password', { exact: true });
    const hint = page.getByTestId('password-strength');
    await password.fill('abc');
    await expect(hint).toContainText('Weak');
    await expect(hint).toContainText('at least 8 characters, uppercase letter, number');
    await password.fill('abcdefgh');
    await expect(hint).toContainText('Fair');
    await expect(hint).toContainText('uppercase letter, number');
    await password.fill('abcdefgH');
    await expect(hint).toContainText('Good');
    await expect(hint).toContainText('number');
    await password.fill(NEW_PASSWORD);
    await expect(hint).toContainText('Strong');
    await expect(hint).not.toContainText('Missing');
    // The server's own list: a common password that meets every rule is not Strong.
    await password.fill('Password1');
    await expect(hint).toContainText('Weak');
    await expect(hint).toContainText('This password is too common. Please choose another.');
    await expect(hint).not.toContainText('Strong');
    await expect(hint).not.toContainText('Missing');

    await page.getByLabel('Confirm Password', { exact: true }).fill('Something-Else-1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    // One maximum for every new password: 128 characters, as on sign-up and on the server.
    await password.fill(`${NEW_PASSWORD}${'x'.repeat(60)}`);
    await expect(page.getByText('Password is too long.')).toBeHidden();
    await password.fill(`${NEW_PASSWORD}${'x'.repeat(130)}`);
    await expect(page.getByText('Password is too long.')).toBeVisible();
    await password.fill(NEW_PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
    await expect(page.getByRole('link', { name: 'Still having trouble logging in?' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByText('Password updated')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Your password has been successfully updated. Please log in with your new password.' }),
    ).toBeVisible();
    // No 'Session expired': the member ended that session themselves.
    await expect(page.getByText('Session expired')).toBeHidden();
    expect(await (await otherDevice.request.get('/api/auth/get-session')).json()).toBeNull();
    await otherDevice.close();

    await logIn(page, member.email, member.password);
    await expect(page.getByText('Email or password incorrect.')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/home$/);

    // The spent link is expired now.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset link expired' })).toBeVisible();
    allowFailedRequests(consoleErrors, [401]);
  });

  test('an expired, garbage or missing token shows "Reset link expired"', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/account/reset-password-token*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/reset-password?token=garbage-token');
    await expect(page.getByRole('heading', { name: 'Verifying your reset link...' })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset link expired' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to log in' })).toHaveAttribute('href', '/login');
    await page.getByRole('link', { name: 'Request new reset link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);

    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Reset link expired' })).toBeVisible();
  });

  test('a link whose hash carries an error says "Reset Link Error" and goes to /forgot-password', async ({ page }) => {
    await page.goto(
      '/reset-password?token=whatever#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    await expect(page.getByText('Reset Link Error')).toBeVisible();
    await expect(page.getByText('Reset link is invalid or expired. Please request a new one.')).toBeVisible();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: "Can't log in?" })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Reset link expired' })).toBeHidden();
  });

  test('a link that stops working before submitting shows the invalid-link toast', async ({ page, consoleErrors }) => {
    await page.route('**/api/account/reset-password-token*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ valid: true }) }),
    );
    await page.goto('/reset-password?token=revoked-meanwhile');
    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Invalid reset link')).toBeVisible();
    await expect(page.getByText('Reset link is invalid or expired. Please request a new one.').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset link expired' })).toBeVisible();
    allowFailedRequests(consoleErrors, [400]);
  });
});
