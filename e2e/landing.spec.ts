import { test, expect } from './fixtures.js';

test.describe('landing page', () => {
  test('shows the call to action and the sections', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Ready to SkillSwap?' })).toBeVisible();
    await expect(page.getByText('Every exchange grows you.', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByTestId('testimonial')).toHaveCount(4);
    await expect(page.getByTestId('benefit')).toHaveCount(4);
    for (const benefit of ['Build real connections', 'No cash required', 'Support local talent', 'Reduce consumption']) {
      await expect(page.getByRole('heading', { name: benefit })).toBeVisible();
    }
    await expect(page.locator('#skills')).toBeAttached();
    await expect(page.locator('#benefits')).toBeAttached();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'support@skillswap.local' })).toHaveAttribute(
      'href',
      'mailto:support@skillswap.local',
    );
  });

  test('Get Started goes to sign up', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Get Started' }).first().click();
    await expect(page).toHaveURL('/signup');
    await expect(page.getByRole('heading', { name: 'Join the SkillSwap Community' })).toBeVisible();
  });

  test('Learn More scrolls to how it works', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('#how-it-works');
    await expect(section).not.toBeInViewport();
    await page.getByRole('button', { name: 'Learn More' }).click();
    await expect(section).toBeInViewport();
  });

  test('how-it-works cards open one at a time', async ({ page }) => {
    await page.goto('/');
    const steps = page.getByTestId('how-it-works-step');
    await expect(steps).toHaveCount(3);
    const offer = page.getByRole('button', { name: /List what you offer/ });
    const need = page.getByRole('button', { name: /Share what you need/ });
    const exchange = page.getByRole('button', { name: /Match and exchange skills/ });

    await expect(offer).toHaveAttribute('aria-expanded', 'true');
    await expect(steps.nth(0).getByText('Sample story')).toBeVisible();

    await need.click();
    await expect(need).toHaveAttribute('aria-expanded', 'true');
    await expect(offer).toHaveAttribute('aria-expanded', 'false');
    await expect(steps.nth(1).getByText('Examples')).toBeVisible();
    await expect(steps.nth(0).getByText('Sample story')).toBeHidden();

    await exchange.click();
    await expect(exchange).toHaveAttribute('aria-expanded', 'true');
    await expect(need).toHaveAttribute('aria-expanded', 'false');

    // The keyboard, as in any accordion: arrows move between the steps (wrapping), Home and End
    // to the first and last, Enter or Space opens and closes.
    await expect(exchange).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(offer).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(exchange).toBeFocused();
    await page.keyboard.press('Home');
    await expect(offer).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(need).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(need).toHaveAttribute('aria-expanded', 'true');
    await expect(steps.nth(1).getByRole('region')).toContainText('Examples');
    await page.keyboard.press('Space');
    await expect(need).toHaveAttribute('aria-expanded', 'false');
    await expect(steps.nth(1).getByText('Examples')).toBeHidden();
    await page.keyboard.press('End');
    await expect(exchange).toBeFocused();
  });

  test('top-bar section links work from another page', async ({ page }) => {
    await page.goto('/terms');
    await page.getByRole('banner').getByRole('link', { name: 'Skills', exact: true }).click();
    await expect(page).toHaveURL('/#skills');
    await expect(page.locator('#skills')).toBeInViewport();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test('the menu button toggles the navigation', async ({ page }) => {
      await page.goto('/');
      const header = page.getByRole('banner');
      const menuButton = header.getByRole('button', { name: 'Open menu' });
      const howItWorks = header.getByRole('link', { name: 'How It Works', exact: true });

      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
      await expect(howItWorks).toBeHidden();
      await expect(header.getByRole('link', { name: 'Log In', exact: true })).toBeHidden();

      await menuButton.click();
      const closeButton = header.getByRole('button', { name: 'Close menu' });
      await expect(closeButton).toHaveAttribute('aria-expanded', 'true');
      const panelId = await closeButton.getAttribute('aria-controls');
      expect(panelId).toBeTruthy();
      await expect(page.locator(`[id="${panelId}"]`)).toBeVisible();
      for (const name of ['Community', 'How It Works', 'Skills', 'Benefits', 'Log In', 'Sign Up']) {
        await expect(header.getByRole('link', { name, exact: true })).toBeVisible();
      }

      await page.keyboard.press('Escape');
      await expect(howItWorks).toBeHidden();
      await expect(menuButton).toBeFocused();

      await menuButton.click();
      await howItWorks.click();
      await expect(page).toHaveURL('/#how-it-works');
      await expect(howItWorks).toBeHidden();
      await expect(header.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
      await expect(page.locator('#how-it-works')).toBeInViewport();
    });
  });
});
