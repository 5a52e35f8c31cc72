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
    // The app's top bar (the first paint's is hidden from assistive technology until replaced).
    const header = page.getByRole('banner');
    await expect(header).toBeVisible();
    const headerBox = await boxOf(header);

    await page.getByRole('button', { name: 'Create Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Exchange Post' });
    await expect(dialog).toBeVisible();
    // An empty submit keeps the dialog open and says 'Validation Error' in a toast.
    const submit = dialog.getByRole('button', { name: 'Create Exchange Post' });
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Validation Error' });
    // (e2e is type-checked without the DOM library: the element's animations are described here.)
    type Animated = { getAnimations(): { finished: Promise<unknown> }[] };
    const measured: { toast?: Box | null } = {};
    // On a busy machine the toast can time out (4 s) between settling and being measured: then
    // the submit is pressed again and the fresh toast is measured.
    await expect(async () => {
      if (!(await toast.isVisible())) await submit.click();
      await expect(toast).toBeVisible();
      // Let the toast finish sliding in before measuring it.
      await expect(toast).toHaveAttribute('data-mounted', 'true');
      await toast.evaluate((el) => Promise.all((el as unknown as Animated).getAnimations().map((a) => a.finished)));
      measured.toast = await toast.boundingBox();
      expect(measured.toast, 'the toast is still there when measured').not.toBeNull();
    }).toPass({ timeout: 30_000 });
    const toastBox = measured.toast;
    if (!toastBox) throw new Error('toast never measured');

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
