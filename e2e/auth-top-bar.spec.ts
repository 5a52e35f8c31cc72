import { expect, test } from './fixtures.js';
import { signedInMember } from './members.js';
import { profileViaApi } from './profile-helpers.js';

test.describe('signed-in top bar', () => {
  test('brand, nav items, no unread dots, and the Me menu with its five items', async ({ page }) => {
    const member = await signedInMember(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/network');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Home', '/home'],
      ['Network', '/network'],
      ['Messages', '/messages'],
      ['Notifications', '/notifications'],
    ] as const) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: 'Network', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('notifications-unread-dot')).toHaveCount(0);
    await expect(page.getByTestId('messages-unread-dot')).toHaveCount(0);
    await page.getByRole('link', { name: 'SkillSwap home' }).click();
    await expect(page).toHaveURL(/\/home$/);

    // Keyboard: open with Enter, walk the items, close with Escape.
    const me = page.getByRole('button', { name: 'Me', exact: true });
    await me.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    // No profile yet: the display name falls back to the e-mail (shown once), the avatar to its first letter.
    await expect(menu.getByText(member.email, { exact: true })).toHaveCount(1);
    await expect(me).toContainText(member.email.charAt(0).toUpperCase());
    await expect(menu.getByRole('menuitem')).toHaveText([
      'View Profile',
      'Verification & Settings',
      'Account Settings',
      'Help & Support',
      'Sign Out',
    ]);
    await expect(menu.getByRole('menuitem', { name: 'View Profile' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Verification & Settings' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(me).toBeFocused();

    // The items are links to the member's pages (those pages belong to other journeys).
    await me.click();
    for (const [item, href] of [
      ['View Profile', '/profile'],
      ['Verification & Settings', '/verification'],
      ['Account Settings', '/settings'],
      ['Help & Support', '/help'],
    ] as const) {
      await expect(menu.getByRole('menuitem', { name: item })).toHaveAttribute('href', href);
    }
    await menu.getByRole('menuitem', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(menu).toBeHidden();
  });

  test('search from another page opens /search with the trimmed text; blank does nothing', async ({ page }) => {
    await signedInMember(page);
    await page.goto('/network');
    const search = page.getByRole('searchbox', { name: 'Search people, skills, posts' });
    await expect(search).toHaveAttribute('placeholder', 'Search people, skills, posts...');
    await search.fill('   ');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/network$/);
    await search.fill('  guitar lessons ');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=guitar\+lessons$/);
  });

  test('on /home the search stays on the feed', async ({ page }) => {
    await signedInMember(page);
    await page.goto('/home');
    const search = page.getByRole('searchbox', { name: 'Search people, skills, posts' });
    await search.fill('bread baking');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/home$/);
    await expect(search).toHaveValue('bread baking');
  });

  test('at 375 px the search box has its own row under the bar', async ({ page }) => {
    await signedInMember(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/network');
    const brand = await page.getByRole('link', { name: 'SkillSwap home' }).boundingBox();
    const me = await page.getByRole('button', { name: 'Me', exact: true }).boundingBox();
    const search = await page.getByRole('searchbox', { name: 'Search people, skills, posts' }).boundingBox();
    expect(brand && me && search).toBeTruthy();
    if (!brand || !me || !search) return;
    expect(search.y).toBeGreaterThan(brand.y + brand.height - 1);
    expect(me.x + me.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
  });
});

test('the Me menu shows the profile display name and photo once the profile exists', async ({ page }) => {
  await signedInMember(page);
  await profileViaApi(page, { displayName: 'Rosa Fernandez' });
  await page.goto('/network');
  const me = page.getByRole('button', { name: 'Me', exact: true });
  await expect(me.locator('img')).toHaveAttribute('src', /^\/api\/photos\//);
  await me.click();
  await expect(page.getByRole('menu').getByText('Rosa Fernandez')).toBeVisible();
});
