import { test, expect } from './fixtures.js';
import { createPostViaApi, memberWithProfile, uniqueWord } from './profile-factory.js';

// /home's menus, selects, tooltips and My Posts' accordion mount their Radix roots in timers after
// the page's first commit (components/ui/deferred-root.tsx: issue 14, Total Blocking Time). With
// the page's clock paused those timers wait, so what a member does before them is tried here.
test('before its menus and rows mount, /home answers a press on them, and the focus stays put when they mount', async ({ page }) => {
  await memberWithProfile(page, { displayName: 'Dana Early' });
  const word = uniqueWord();
  await createPostViaApi(page.request, {
    title: `Pottery wheel basics ${word}`,
    offering: 'Pottery wheel basics, centring and pulling walls',
    lookingFor: 'Someone to help me tune my old upright piano',
    keywords: ['pottery'],
    format: 'in_person',
  });

  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.goto('/home');
  // The app starts after the first paint's frame (a frame and a timer: main.tsx).
  await page.clock.runFor(50);
  const row = page.getByTestId('my-post').filter({ hasText: word });
  const rowTrigger = row.getByRole('button', { name: new RegExp(`^Pottery wheel basics ${word}`) });
  const actions = row.getByRole('button', { name: /Post actions/ });
  const me = page.getByRole('button', { name: 'Me', exact: true });
  const filter = page.getByRole('combobox', { name: 'Filter posts' });
  await expect(rowTrigger).toBeVisible();

  // Placeholders of the same look and name, closed; the select already shows its value.
  for (const trigger of [actions, me, filter]) {
    await expect(trigger).toHaveAttribute('data-deferred-trigger');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  }
  await expect(filter).toHaveText('Most Recent');

  // A My Posts row opens from its placeholder.
  await rowTrigger.click();
  await expect(rowTrigger).toHaveAttribute('aria-expanded', 'true');
  // (Its panel: the matches, if another test's posts match, or why there are none.)
  await expect(row.getByRole('region', { name: new RegExp(`^Pottery wheel basics ${word}`) })).toBeVisible();

  // The focus on a placeholder moves to Radix's trigger as the rest mount; the keyboard opens it.
  await actions.focus();
  await expect(actions).toHaveAttribute('data-deferred-trigger');
  await page.clock.runFor(1_000);
  await expect(actions).not.toHaveAttribute('data-deferred-trigger');
  await expect(filter).not.toHaveAttribute('data-deferred-trigger');
  await expect(actions).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Edit Post' })).toBeFocused();

  // A pointer press opens a menu at once (another tab: the paused clock is the context's).
  const again = await page.context().newPage();
  await again.goto('/home');
  await again.clock.runFor(50);
  const meAgain = again.getByRole('button', { name: 'Me', exact: true });
  await expect(meAgain).toHaveAttribute('data-deferred-trigger');
  await expect(meAgain).toHaveAttribute('aria-haspopup', 'menu');
  await meAgain.click();
  await expect(again.getByRole('menuitem', { name: 'View Profile' })).toBeVisible();
  await expect(meAgain).not.toHaveAttribute('data-deferred-trigger');
  await expect(meAgain).toHaveAttribute('aria-expanded', 'true');
});
