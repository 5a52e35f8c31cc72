import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { memberWithProfile } from './profile-factory.js';

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element has no box');
  return box;
}

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  test(`at ${viewport.width} px a toast hides neither the open dialog's title nor the top bar`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await memberWithProfile(page);
    await page.goto('/home');
    const header = page.locator('header').first();
    await expect(header).toBeVisible();
    const headerBox = await boxOf(header);

    await page.getByRole('button', { name: 'Create Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Exchange Post' });
    await expect(dialog).toBeVisible();
    // An empty submit keeps the dialog open and says 'Validation Error' in a toast.
    await dialog.getByRole('button', { name: 'Create Exchange Post' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Validation Error' });
    await expect(toast).toBeVisible();
    // Let the toast finish sliding in before measuring it.
    await expect(toast).toHaveAttribute('data-mounted', 'true');
    // (e2e is type-checked without the DOM library: the element's animations are described here.)
    type Animated = { getAnimations(): { finished: Promise<unknown> }[] };
    await toast.evaluate((el) => Promise.all((el as unknown as Animated).getAnimations().map((a) => a.finished)));

    const toastBox = await boxOf(toast);
    const titleBox = await boxOf(dialog.getByRole('heading', { name: 'Create New Exchange Post' }));
    expect(intersects(toastBox, titleBox), `toast ${JSON.stringify(toastBox)} over the title ${JSON.stringify(titleBox)}`).toBe(false);
    expect(intersects(toastBox, headerBox), `toast ${JSON.stringify(toastBox)} over the top bar ${JSON.stringify(headerBox)}`).toBe(false);
    if (viewport.width >= 1024) {
      // On a desktop it keeps clear of the dialog's buttons too (they sit at the right).
      const submitBox = await boxOf(dialog.getByRole('button', { name: 'Create Exchange Post' }));
      expect(intersects(toastBox, submitBox), `toast ${JSON.stringify(toastBox)} over the button ${JSON.stringify(submitBox)}`).toBe(false);
    }
  });
}
