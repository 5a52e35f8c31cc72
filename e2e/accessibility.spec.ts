import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.js';

/** Fails on serious or critical axe violations, listing them readably. */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(serious).toEqual([]);
}

const pages = [
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/help', heading: 'Help & Support' },
  { path: '/no-such-page', heading: 'Oops! Page not found', status: 404 },
  { path: '/signin', heading: 'Welcome Back' },
  { path: '/signup', heading: 'Join the SkillSwap Community' },
  { path: '/forgot-password', heading: "Can't log in?" },
  { path: '/reset-password', heading: 'Reset link expired' },
  { path: '/verify-email', heading: 'Check Your Email' },
];

test.describe('accessibility', () => {
  test('landing page at 1440 px', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Ready to SkillSwap?' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('landing page at 375 px, menu closed and open', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Ready to SkillSwap?' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  for (const { path, heading, status = 200 } of pages) {
    test(`${path}`, async ({ page, consoleErrors }) => {
      expect((await page.goto(path))?.status()).toBe(status);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoSeriousViolations(page);
      // Chromium logs the 404 page's own status as a console error; nothing else may appear.
      if (status === 404) {
        expect(consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
        consoleErrors.length = 0;
      }
    });
  }
});
