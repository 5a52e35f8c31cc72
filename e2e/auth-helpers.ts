import type { Page } from '@playwright/test';
import { PASSWORD, uniqueEmail } from './members.js';

/**
 * Chromium logs every 4xx/5xx answer (and every aborted request) as a console error. A journey
 * that provokes such answers on purpose removes exactly those, so the fixture's no-console-error
 * check still catches everything else. Call it at the end of the test.
 */
export function allowFailedRequests(consoleErrors: string[], expected: (number | 'network')[]): void {
  const isExpected = (text: string) =>
    expected.some((what) =>
      what === 'network'
        ? /^Failed to load resource: net::/.test(text)
        : text.startsWith(`Failed to load resource: the server responded with a status of ${what}`),
    );
  const rest = consoleErrors.filter((text) => !isExpected(text));
  consoleErrors.splice(0, consoleErrors.length, ...rest);
}

/** Registers an address through the API without verifying it. */
export async function unverifiedMember(page: Page, email = uniqueEmail('unverified')): Promise<{ email: string; password: string }> {
  const res = await page.request.post('/api/auth/sign-up/email', { data: { email, password: PASSWORD, acceptTerms: true } });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  return { email, password: PASSWORD };
}

/**
 * Opens a path of the single-page app with navigation state, as a link inside the app would
 * (e.g. `{ modal: true }` for the sign-up modal). The app must already be loaded.
 */
export async function navigateWithState(page: Page, path: string, state: Record<string, unknown>): Promise<void> {
  // A string, not a function: the e2e folder is type-checked without the DOM library.
  await page.evaluate(`(() => {
    const entry = { usr: ${JSON.stringify(state)}, key: 'e2e', idx: window.history.length };
    window.history.pushState(entry, '', ${JSON.stringify(path)});
    window.dispatchEvent(new PopStateEvent('popstate', { state: entry }));
  })()`);
}

/** What the tab's sessionStorage holds under a key (null when unset). */
export function sessionStorageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate<string | null>(`sessionStorage.getItem(${JSON.stringify(key)})`);
}

/**
 * Records every sessionStorage write of the page's documents from now on, so a test can see
 * flags that the app sets and another part of it reads and clears straight away.
 */
export async function recordSessionStorageWrites(page: Page): Promise<void> {
  await page.addInitScript(`(() => {
    const writes = [];
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (this === window.sessionStorage) writes.push(key + '=' + value);
      return setItem.call(this, key, value);
    };
    window.__sessionStorageWrites = writes;
  })()`);
}

/** The sessionStorage writes recorded in the current document, as `key=value`. */
export function sessionStorageWrites(page: Page): Promise<string[]> {
  return page.evaluate<string[]>('window.__sessionStorageWrites ?? []');
}

/** Tells the page that its tab became visible again, as returning to it does. */
export async function returnToTab(page: Page): Promise<void> {
  await page.evaluate(`window.dispatchEvent(new Event('visibilitychange'))`);
}

/** Fills the login form and submits it. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}
