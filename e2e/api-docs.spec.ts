import { test, expect } from './fixtures.js';
import { signedInMember } from './members.js';

/*
 * The API viewer (issue 14, section 6) in a real browser, under the app's Content-Security-Policy:
 * a CSP violation is a console error, which fails the test (fixtures.ts).
 */
test.describe('the API viewer at /api/docs', () => {
  // Swagger UI is a 1.5 MB script that renders ~60 operations: many seconds on a busy 2-core machine.
  test.describe.configure({ timeout: 150_000 });

  test("lists the API, and Try it out runs a call with the member's session cookie", async ({ page }) => {
    await signedInMember(page);
    await page.goto('/api/docs#/settings/getSettings');
    await expect(page.getByRole('heading', { name: /SkillSwap API/ })).toBeVisible({ timeout: 90_000 });
    await expect(page.locator('#operations-categories-getCategories')).toContainText('The skill categories');
    const settings = page.locator('#operations-settings-getSettings');
    await settings.getByRole('button', { name: 'Try it out' }).click({ timeout: 20_000 });
    await settings.getByRole('button', { name: 'Execute' }).click();
    await expect(settings.locator('.live-responses-table tr.response .response-col_status')).toHaveText('200', { timeout: 20_000 });
  });
});
