import { allowFailedRequests, logIn, navigateWithState, returnToTab } from './auth-helpers.js';
import { expect, test } from './fixtures.js';
import { isRealtimeOpen } from './realtime-tab.js';
import { signedInMember } from './members.js';
import { profileViaApi } from './profile-helpers.js';

test.describe('sessions', () => {
  test('a protected page shows four skeleton cards, then sends a visitor to /signin and back after login', async ({ page }) => {
    const member = await signedInMember(page);
    await page.request.post('/api/auth/sign-out', { data: {} });

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/get-session', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/network');
    const skeleton = page.getByTestId('protected-skeleton');
    await expect(skeleton).toBeVisible();
    await expect(skeleton.locator(':scope > div')).toHaveCount(4);
    release();
    await expect(page).toHaveURL(/\/signin$/);
    await page.unroute('**/api/auth/get-session');

    await logIn(page, member.email, member.password);
    await expect(page).toHaveURL(/\/network$/);
  });

  test('a signed-in member is sent on from /signin, /login, /signup and / to /home', async ({ page }) => {
    await signedInMember(page);
    for (const path of ['/signin', '/login', '/signup', '/', '/forgot-password']) {
      await page.goto(path);
      await expect(page, `from ${path}`).toHaveURL(/\/home$/);
    }
  });

  test('a session ended elsewhere is noticed when the tab becomes visible: "Session expired"', async ({ page }) => {
    const member = await signedInMember(page);
    await page.goto('/messages');
    await expect(page.getByRole('button', { name: 'Me', exact: true })).toBeVisible();

    // Signed out in another page of the same browser.
    await page.request.post('/api/auth/sign-out', { data: {} });
    await returnToTab(page);

    await expect(page.getByText('Session expired')).toBeVisible();
    await expect(page.getByText('Please sign in again to continue.')).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
    await logIn(page, member.email, member.password);
    await expect(page).toHaveURL(/\/messages$/);
  });

  test('a session ended elsewhere is noticed at once while the tab is open', async ({ page }) => {
    await signedInMember(page);
    await page.goto('/notifications');
    await expect(page.getByRole('button', { name: 'Me', exact: true })).toBeVisible();
    await page.waitForFunction(isRealtimeOpen);

    // Signed out in another page of the same browser: the server closes this tab's connection.
    await page.request.post('/api/auth/sign-out', { data: {} });
    await expect(page.getByText('Session expired')).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('an API call answering 401 makes the app re-read the session and notice the lapse', async ({ page, consoleErrors }) => {
    await signedInMember(page);
    await page.goto('/help');
    await expect(page.getByRole('button', { name: 'Me', exact: true })).toBeVisible();
    // The session ends on the server; the open page still believes it is signed in.
    await page.request.post('/api/auth/sign-out', { data: {} });
    await page.route('**/api/account/reset-password-token*', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'Please sign in.' } }),
      }),
    );
    // Any query of the app will do; this page makes one.
    await navigateWithState(page, '/reset-password?token=abc', {});
    await expect(page.getByText('Session expired')).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
    allowFailedRequests(consoleErrors, [401]);
  });

  test('saving a form after the session ended says only "Session expired", then signs in back to the form', async ({ page, consoleErrors }) => {
    const member = await signedInMember(page);
    await profileViaApi(page);
    // The tab's live connection is down (a connection that never reaches the server), so nothing
    // tells it the session ended until it saves. With the connection up, the lapse is noticed
    // at once: see 'a session ended elsewhere is noticed at once while the tab is open'.
    await page.routeWebSocket(/\/api\/realtime$/, () => undefined);
    await page.goto('/profile/edit');
    const name = page.getByLabel('Display Name *');
    await expect(name).toHaveValue('Rosa Fernandez');
    // Signed out in another page of the same browser; this one still shows the form.
    await page.request.post('/api/auth/sign-out', { data: {} });

    await name.fill('Rosa F.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Session expired')).toBeVisible();
    await expect(page.getByText('Please sign in again to continue.')).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
    // Give any second toast the time to show up.
    await page.waitForTimeout(1_000);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(1);
    await expect(page.getByText('Failed to save profile changes')).toBeHidden();

    await logIn(page, member.email, member.password);
    await expect(page).toHaveURL(/\/profile\/edit$/);
    await expect(page.getByLabel('Display Name *')).toHaveValue('Rosa Fernandez');
    allowFailedRequests(consoleErrors, [401]);
  });

  test('Sign Out from the Me menu says so, goes to the landing page, and /home then asks to sign in', async ({ page }) => {
    await signedInMember(page);
    await page.goto('/home');
    await page.getByRole('button', { name: 'Me', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByText('Logged out successfully')).toBeVisible();
    await expect(page.getByText('You have been logged out of your account.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ready to SkillSwap?' })).toBeVisible();
    await expect(page.getByText('Session expired')).toBeHidden();

    await page.goto('/home');
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('a failed Sign Out says "Logout failed" and keeps the member signed in', async ({ page, consoleErrors }) => {
    await signedInMember(page);
    await page.route('**/api/auth/sign-out', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } }),
      }),
    );
    await page.goto('/home');
    await page.getByRole('button', { name: 'Me', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByText('Logout failed')).toBeVisible();
    await expect(page.getByText('Something went wrong on our side.')).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    allowFailedRequests(consoleErrors, [500]);
  });
});
