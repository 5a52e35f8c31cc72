import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { memberWithProfile } from './profile-factory.js';

/*
 * The server's Content-Security-Policy refuses eval and inline scripts; nothing of ours may try
 * them. zod probed for eval when the app's shared chunk built its schemas before zod was told
 * not to (a violation on every member page, Lighthouse Best Practices 96 on /home): zod's setting
 * now has a chunk of its own that runs first (vite.config.ts).
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeBinding('__cspViolation', (_source, text: string) => void violations.push(text));
  await page.addInitScript(`document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolation(location.pathname + ': ' + event.violatedDirective + ' ' + event.blockedURI + ' (' + event.sourceFile + ':' + event.lineNumber + ')');
  })`);
  return violations;
}

test('no page of the app, for a visitor or a member, breaks the Content-Security-Policy', async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of ['/', '/signin', '/help']) {
    await page.goto(path);
    await expect(page.locator('main').first()).toBeVisible();
  }
  await memberWithProfile(page, { displayName: 'Cora Policy' });
  for (const path of ['/home', '/network', '/messages', '/settings']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  expect(violations).toEqual([]);
});
