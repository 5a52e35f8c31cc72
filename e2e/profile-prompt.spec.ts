import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { signedInMember } from './members.js';
import { profileViaApi } from './profile-helpers.js';

/*
 * The automatic 'Complete Your Profile' prompt (spec section 4), on Playwright's fake clock.
 * The clock keeps flowing at normal speed (the app's query library needs its zero-delay timers)
 * and the tests jump it forward; each jump leaves a margin far above the few milliseconds that
 * pass between steps.
 */

const START = new Date('2030-03-04T09:00:00Z');

/** Installs the controllable clock before the app loads. */
async function installClock(page: Page) {
  await page.clock.install({ time: START });
}

/** Leaves the two flags the e-mail link sets, once (before the first load only). */
async function leaveVerificationFlags(page: Page) {
  await page.addInitScript(`
    if (!sessionStorage.getItem('e2e_flags_set')) {
      sessionStorage.setItem('e2e_flags_set', 'true');
      sessionStorage.setItem('show_profile_modal', 'true');
      sessionStorage.setItem('email_just_verified', 'true');
    }`);
}

/**
 * Opens /home and waits until the completeness check has answered and the app has taken the page
 * over (the answer comes before the app's first render now: it renders once the page's data is in).
 */
async function openHome(page: Page) {
  const checked = page.waitForResponse((r) => r.url().endsWith('/api/profiles/me/completeness'));
  await page.goto('/home');
  await checked;
  // The first paint's heading is hidden from the accessibility tree: this one is the app's.
  await expect(page.getByRole('heading', { level: 1, name: 'Discover and Connect' })).toBeVisible();
}

const modal = (page: Page) => page.getByRole('dialog', { name: 'Complete Your Profile' });

test.describe('Profile completion prompt', () => {
  test('after e-mail verification it opens 10 s later on /home, counts itself, clears the flags; Let\'s Go goes to /complete-profile', async ({ page }) => {
    const { userId } = await signedInMember(page);
    await installClock(page);
    await leaveVerificationFlags(page);
    // Fake time moves only when the test moves it, in 50 ms steps until the app has read the
    // e-mail flags (and started its 10 s delay): the margins below then hold however slowly a
    // busy machine loads the page.
    await page.clock.pauseAt(START.getTime() + 1_000);
    await page.goto('/home');
    for (let waited = 0; (await page.evaluate('sessionStorage.getItem("show_profile_modal")')) !== null; waited += 50) {
      if (waited > 30_000) throw new Error('the app never read the e-mail flags');
      await page.clock.runFor(50);
    }
    await page.clock.runFor(8_900);
    await expect(modal(page)).toBeHidden();
    await page.clock.runFor(1_200);
    await page.clock.resume();
    await expect(modal(page)).toBeVisible();
    await expect(
      modal(page).getByText("Tell us about your skills and what you're looking for to help us connect you with the right people in your community."),
    ).toBeVisible();
    expect(await page.evaluate('[sessionStorage.getItem("show_profile_modal"), sessionStorage.getItem("email_just_verified")]')).toEqual([null, null]);
    expect(await page.evaluate(`localStorage.getItem("profile_prompt_count:${userId}")`)).toBe('1');

    await modal(page).getByRole('button', { name: "Let's Go" }).click();
    await expect(modal(page)).toBeHidden();
    await expect(page).toHaveURL(/\/complete-profile$/);
  });

  test("I'll do this later closes it, and it does not come back this session", async ({ page }) => {
    await signedInMember(page);
    await installClock(page);
    await leaveVerificationFlags(page);
    await openHome(page);
    await page.clock.runFor(10_000);
    await modal(page).getByRole('button', { name: "I'll do this later" }).click();
    await expect(modal(page)).toBeHidden();
    await expect(page).toHaveURL(/\/home$/);

    // Back after 5 minutes away: the session already had its prompt.
    await page.clock.runFor(5 * 60_000 + 2_000);
    await page.mouse.move(200, 200);
    await page.clock.runFor(12_000);
    await expect(modal(page)).toBeHidden();
  });

  test('returning after 5 minutes of inactivity opens it 10 s after the first activity', async ({ page }) => {
    await signedInMember(page);
    await installClock(page);
    await openHome(page);

    // Without a trigger nothing happens, however long the member stays.
    await page.clock.runFor(4 * 60_000);
    await page.mouse.move(100, 100);
    await page.clock.runFor(15_000);
    await expect(modal(page)).toBeHidden();

    // Five idle minutes, then activity: picked up by the next 1 s poll, shown 10 s later.
    await page.clock.runFor(5 * 60_000 + 1_000);
    await page.keyboard.press('Shift');
    await page.clock.runFor(1_000);
    await page.clock.runFor(8_000);
    await expect(modal(page)).toBeHidden();
    await page.clock.runFor(2_000);
    await expect(modal(page)).toBeVisible();
    await modal(page).getByRole('button', { name: 'Close' }).click();
    await expect(modal(page)).toBeHidden();
  });

  test('it only opens on /home (or /)', async ({ page }) => {
    await signedInMember(page);
    await installClock(page);
    await page.goto('/settings');
    await page.clock.runFor(5 * 60_000 + 1_000);
    await page.mouse.move(50, 50);
    await page.clock.runFor(12_000);
    await expect(modal(page)).toBeHidden();
  });

  test('not for a complete profile', async ({ page }) => {
    await signedInMember(page);
    await profileViaApi(page);
    await installClock(page);
    await leaveVerificationFlags(page);
    await openHome(page);
    await page.clock.runFor(12_000);
    await expect(modal(page)).toBeHidden();
    // The flags are read (and cleared) all the same.
    expect(await page.evaluate('sessionStorage.getItem("show_profile_modal")')).toBeNull();
  });

  test('at most 3 times per member: the third showing is the last', async ({ page }) => {
    const { userId } = await signedInMember(page);
    await installClock(page);
    await page.addInitScript(`if (!localStorage.getItem("profile_prompt_count:${userId}")) localStorage.setItem("profile_prompt_count:${userId}", "2");`);
    await leaveVerificationFlags(page);
    await openHome(page);
    await page.clock.runFor(10_000);
    await expect(modal(page)).toBeVisible();
    expect(await page.evaluate(`localStorage.getItem("profile_prompt_count:${userId}")`)).toBe('3');

    // A new browser session (new tab, fresh session flags) gets no fourth showing.
    const next = await page.context().newPage();
    await next.clock.install({ time: START });
    await next.addInitScript(`sessionStorage.setItem("show_profile_modal", "true");`);
    const checked = next.waitForResponse((r) => r.url().endsWith('/api/profiles/me/completeness'));
    await next.goto('/home');
    await checked;
    await next.clock.runFor(12_000);
    await expect(modal(next)).toBeHidden();
    await next.close();
  });

  test('a manual opening this session suppresses the automatic prompt', async ({ page }) => {
    await signedInMember(page);
    await installClock(page);
    // What openProfilePrompt() records for the session (the posts screen will call it).
    await page.addInitScript(`sessionStorage.setItem("profile_prompt_manual", "true");`);
    await leaveVerificationFlags(page);
    await openHome(page);
    await page.clock.runFor(12_000);
    await expect(modal(page)).toBeHidden();
  });
});
