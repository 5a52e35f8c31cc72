import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { allowFailedRequests, logIn, returnToTab } from './auth-helpers.js';
import { expect, test } from './fixtures.js';
import { PASSWORD } from './members.js';
import { memberWithProfile, uniqueWord } from './profile-factory.js';

const SAVED = { title: 'Settings updated', description: 'Your settings have been saved successfully.' };
const FAILED = { title: 'Error', description: 'Failed to save settings. Please try again.' };

/** The toast with this title and description (sonner keeps a few on screen at once). */
const toast = (page: Page, { title, description }: { title: string; description: string }) =>
  page.locator('[data-sonner-toast]').filter({ hasText: title }).filter({ hasText: description });

const settingSwitch = (page: Page, name: string) => page.getByRole('switch', { name, exact: true });

/** Flips a switch by keyboard (Space) and waits for the server's answer to its save. */
async function flip(page: Page, name: string): Promise<void> {
  const saved = page.waitForResponse((res) => res.url().endsWith('/api/settings') && res.request().method() === 'PATCH');
  await settingSwitch(page, name).focus();
  await page.keyboard.press('Space');
  expect((await saved).status()).toBe(200);
}

async function screenshots(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1440, 900],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `/tmp/settings-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('the name is saved with the spec toast, kept after a reload and shown in the top bar and on the profile', async ({ page }) => {
  const word = uniqueWord('nm');
  const member = await memberWithProfile(page, { displayName: `Nora ${word}` });
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  const name = page.getByLabel('Name', { exact: true });
  await expect(name).toHaveValue(`Nora ${word}`);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(member.email);
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByText('Email cannot be changed here. Contact support if needed.')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByText('Use "Forgot Password" to change your password')).toBeVisible();
  await screenshots(page, 'account');

  // The profile's own rule, before anything is sent.
  await name.fill('N');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Display name must be at least 2 characters')).toBeVisible();
  await expect(name).toBeFocused();

  await name.fill(`  Nadia ${word} `);
  await name.press('Enter');
  await expect(toast(page, SAVED)).toBeVisible();
  await expect(name).toHaveValue(`Nadia ${word}`);

  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`Nadia ${word}`);
  await page.getByRole('button', { name: 'Me', exact: true }).click();
  await expect(page.getByRole('menu').getByText(`Nadia ${word}`, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto(`/profile/${member.userId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Nadia ${word}` })).toBeVisible();
});

test('toggles save at once, by keyboard, and survive a reload and signing out and in again', async ({ page }) => {
  const member = await memberWithProfile(page);
  await page.goto('/settings?tab=notifications');
  await expect(settingSwitch(page, 'Email Notifications')).toBeChecked();
  await expect(settingSwitch(page, 'New Messages')).toBeChecked();
  await expect(settingSwitch(page, 'Weekly Digest')).not.toBeChecked();
  await screenshots(page, 'notifications');

  await flip(page, 'Weekly Digest');
  await expect(settingSwitch(page, 'Weekly Digest')).toBeChecked();
  await expect(toast(page, SAVED).first()).toBeVisible();
  await flip(page, 'Email Notifications');
  await expect(settingSwitch(page, 'Email Notifications')).not.toBeChecked();

  await page.getByRole('tab', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=privacy$/);
  for (const name of ['Profile Visibility', 'Location Sharing', 'AI Match Suggestions']) await expect(settingSwitch(page, name)).toBeChecked();
  await expect(page.getByRole('heading', { level: 2, name: 'Blocked members' })).toBeVisible();
  await screenshots(page, 'privacy');
  await flip(page, 'Location Sharing');
  await expect(settingSwitch(page, 'Location Sharing')).not.toBeChecked();

  await page.reload();
  await expect(settingSwitch(page, 'Location Sharing')).not.toBeChecked();
  await expect(settingSwitch(page, 'Profile Visibility')).toBeChecked();

  await page.getByRole('button', { name: 'Me', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/signin');
  await logIn(page, member.email, PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/settings?tab=notifications');
  await expect(settingSwitch(page, 'Weekly Digest')).toBeChecked();
  await expect(settingSwitch(page, 'Email Notifications')).not.toBeChecked();
  await expect(settingSwitch(page, 'New Messages')).toBeChecked();
  await page.getByRole('tab', { name: 'Privacy' }).click();
  await expect(settingSwitch(page, 'Location Sharing')).not.toBeChecked();
  await expect(settingSwitch(page, 'AI Match Suggestions')).toBeChecked();
});

test('a save that fails puts the toggle back and says so, and a failed name save keeps what was typed', async ({ page, consoleErrors }) => {
  const word = uniqueWord('fl');
  await memberWithProfile(page, { displayName: `Fay ${word}` });
  await page.goto('/settings?tab=notifications');
  await expect(settingSwitch(page, 'New Messages')).toBeChecked();

  // The connection drops for every save (reads still go through).
  await page.route('**/api/settings', (route) => (route.request().method() === 'PATCH' ? route.abort('connectionfailed') : route.fallback()));
  await settingSwitch(page, 'New Messages').click();
  await expect(toast(page, FAILED)).toBeVisible();
  await expect(settingSwitch(page, 'New Messages')).toBeChecked();

  await page.getByRole('tab', { name: 'Account' }).click();
  const name = page.getByLabel('Name', { exact: true });
  await expect(name).toHaveValue(`Fay ${word}`);
  await name.fill(`Faye ${word}`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, FAILED).nth(1)).toBeVisible();
  await expect(name).toHaveValue(`Faye ${word}`);
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeEnabled();

  // Nothing was stored.
  await page.unrouteAll();
  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`Fay ${word}`);
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(settingSwitch(page, 'New Messages')).toBeChecked();
  allowFailedRequests(consoleErrors, ['network']);
});

test('changing the password needs the current one and signs the member out in their other browser', async ({ page, browser, baseURL, consoleErrors }) => {
  test.slow();
  const member = await memberWithProfile(page);
  const other = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 254)}` },
  });
  try {
    const phone = await other.newPage();
    const phoneErrors: string[] = [];
    phone.on('console', (msg) => {
      if (msg.type() === 'error') phoneErrors.push(msg.text());
    });
    await phone.goto('/signin');
    await logIn(phone, member.email, PASSWORD);
    await expect(phone).toHaveURL(/\/home$/);
    await phone.goto('/notifications');
    await expect(phone.getByRole('button', { name: 'Me', exact: true })).toBeVisible();

    await page.goto('/settings');
    const current = page.getByLabel('Current Password', { exact: true });
    const fresh = page.getByLabel('New Password', { exact: true });
    const confirm = page.getByLabel('Confirm New Password', { exact: true });
    const submit = page.getByRole('button', { name: 'Change Password' });

    await current.fill('Not-My-Password-1');
    await fresh.fill('Fresh-Kettle-77');
    await confirm.fill('Fresh-Kettle-78');
    await submit.click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();

    await confirm.fill('Fresh-Kettle-77');
    await submit.click();
    await expect(page.getByText('Current password is incorrect.')).toBeVisible();
    await expect(current).toBeFocused();

    await current.fill(PASSWORD);
    await submit.click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Password changed' })).toBeVisible();
    await expect(current).toHaveValue('');

    // The other browser is signed out; this one is not.
    await returnToTab(phone);
    await expect(phone.getByText('Session expired')).toBeVisible();
    await expect(phone).toHaveURL(/\/signin$/);
    await logIn(phone, member.email, PASSWORD);
    await expect(phone.getByText('Email or password incorrect.')).toBeVisible();
    await phone.getByLabel('Password', { exact: true }).fill('Fresh-Kettle-77');
    await phone.getByRole('button', { name: 'Log In' }).click();
    await expect(phone).toHaveURL(/\/notifications$/);

    await page.reload();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(member.email);
    expect(phoneErrors.filter((text) => !/status of 401/.test(text))).toEqual([]);
  } finally {
    await other.close();
  }
  allowFailedRequests(consoleErrors, [400]);
});

test('Download my data downloads one JSON file with the member’s e-mail and profile name', async ({ page }) => {
  const word = uniqueWord('dl');
  const member = await memberWithProfile(page, { displayName: `Dana ${word}` });
  await page.goto('/settings');
  const card = page.getByRole('heading', { level: 2, name: 'Your data' });
  await expect(card).toBeVisible();
  const link = page.getByRole('link', { name: 'Download my data' });
  await link.scrollIntoViewIfNeeded();
  for (const [width, height] of [
    [1440, 900],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    await link.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/export-your-data-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  const downloading = page.waitForEvent('download');
  await link.focus();
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^skillswap-data-\d{4}-\d{2}-\d{2}\.json$/);
  const path = await download.path();
  const data = JSON.parse(await readFile(path, 'utf8')) as { account: { email: string }; profile: { displayName: string } };
  expect(data.account.email).toBe(member.email);
  expect(data.profile.displayName).toBe(`Dana ${word}`);
});

test('Delete my account needs the password, then signs the member out for good and lands on the home page', async ({ page, consoleErrors }) => {
  const word = uniqueWord('del');
  const member = await memberWithProfile(page, { displayName: `Dora ${word}` });
  await page.goto('/settings');
  const open = page.getByRole('button', { name: 'Delete my account' });
  await open.scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { level: 2, name: 'Delete account' })).toBeVisible();
  for (const [width, height] of [
    [1440, 900],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    await open.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/delete-card-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await open.click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  const password = dialog.getByLabel('Password', { exact: true });
  await expect(password).toBeFocused();
  for (const [width, height] of [
    [1440, 900],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `/tmp/delete-dialog-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  // Cancel closes it and deletes nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await open.click();

  await password.fill('Not-My-Password-1');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog.getByText('Incorrect password.')).toBeVisible();
  await expect(password).toBeFocused();

  await password.fill(PASSWORD);
  await password.press('Enter');
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Your account has been deleted.' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Me', exact: true })).toBeHidden();

  // The session is gone and the login with the old e-mail and password no longer works.
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/signin$/);
  await logIn(page, member.email, PASSWORD);
  await expect(page.getByText('Email or password incorrect.')).toBeVisible();
  allowFailedRequests(consoleErrors, [400, 401]);
});
