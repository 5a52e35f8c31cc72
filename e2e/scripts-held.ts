import type { Page } from '@playwright/test';

/**
 * Opens `path` with the app's scripts held back, as on a slow phone, and returns what lets them
 * through: what the page shows or does before its JavaScript has run can be checked meanwhile.
 */
export async function openWithScriptsHeld(page: Page, path: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    // Not public/early-events.js (served hashed under /assets): it is what holds the visitor's
    // clicks and sends until the app's scripts arrive.
    if (/\/assets\/early-events-[\w-]+\.js$/.test(route.request().url())) return route.continue();
    await held;
    await route.continue();
  });
  // Module scripts hold DOMContentLoaded back too: wait for the page's HTML only.
  await page.goto(path, { waitUntil: 'commit' });
  // Then for the early script (async, not held): what a visitor does before even it has run is
  // not kept (an Escape pressed in that moment was, now and then, why a test failed).
  await page.waitForFunction(() => '__heldBeforeApp' in globalThis);
  return release;
}
