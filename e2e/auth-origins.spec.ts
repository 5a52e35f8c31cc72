import { allowFailedRequests, logIn } from './auth-helpers.js';
import { expect, test } from './fixtures.js';
import { signedInMember } from './members.js';

/** The e2e server runs without APP_URL, as `npm start` and `npm run demo` do. */
function appAt(host: string): string {
  const base = new URL(test.info().project.use.baseURL ?? 'http://localhost:3100');
  return `http://${host}:${base.port}`;
}

test.describe('opening the app by another name of this computer', () => {
  test('signs in at http://127.0.0.1:PORT as it does at localhost', async ({ page }) => {
    const member = await signedInMember(page);
    await page.request.post('/api/auth/sign-out', { data: {} });

    await page.goto(`${appAt('127.0.0.1')}/login`);
    await logIn(page, member.email, member.password);
    await expect(page).toHaveURL(`${appAt('127.0.0.1')}/home`);
    await expect(page.getByText('Email or password incorrect.')).toBeHidden();
  });

  test('a refused origin says what happened, never "Email or password incorrect."', async ({ page, consoleErrors }) => {
    const member = await signedInMember(page);
    await page.request.post('/api/auth/sign-out', { data: {} });

    // 127.0.0.2 reaches this server too, but it is not one of the origins it trusts: a real
    // cross-origin refusal (403), as a neighbour opening the app by the machine's LAN address gets.
    await page.goto(`${appAt('127.0.0.2')}/login`);
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-in/email'));
    await logIn(page, member.email, member.password);
    expect((await refused).status()).toBe(403);
    await expect(page.getByRole('alert').filter({ hasText: 'Cross-origin requests are not allowed.' })).toBeVisible();
    await expect(page.getByText('Email or password incorrect.')).toBeHidden();
    allowFailedRequests(consoleErrors, [403]);
  });
});
