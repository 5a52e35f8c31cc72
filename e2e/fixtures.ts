import { randomInt } from 'node:crypto';
import { test as base, expect } from '@playwright/test';

/**
 * The base test for every journey: it fails the test when the page logs a console error
 * or throws an uncaught exception, so no public page can ship with errors in the console.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  // Each test is its own client IP (the e2e server trusts X-Forwarded-For), so per-IP rate
  // limits never leak from one test into another.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 254)}` });
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
