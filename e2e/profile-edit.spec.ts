import { allowFailedRequests } from './auth-helpers.js';
import { expect, test } from './fixtures.js';
import { signedInMember } from './members.js';
import { pngFile, profileViaApi } from './profile-helpers.js';

test.describe('Profile edit', () => {
  test('dirty tracking, the Unsaved Changes dialog, Change Photo, URL rules, then Profile updated successfully!', async ({ page }) => {
    const { userId } = await signedInMember(page);
    const { photoId } = await profileViaApi(page);
    await page.goto('/profile/edit');

    const save = page.getByRole('button', { name: 'Save Changes' });
    const name = page.getByLabel('Display Name *');
    await expect(name).toHaveValue('Rosa Fernandez');
    await expect(save).toBeDisabled();

    // Typing makes it dirty; typing the old value back makes it clean again.
    await name.fill('Rosa F.');
    await expect(save).toBeEnabled();
    await name.fill('Rosa Fernandez');
    await expect(save).toBeDisabled();

    // Keywords are compared by content: remove and re-add the same one -> clean.
    await expect(page.getByText('2/5 skills added')).toBeVisible();
    await page.getByRole('button', { name: 'Remove composting' }).click();
    await expect(page.getByText('1/5 skills added')).toBeVisible();
    await expect(save).toBeEnabled();
    const keyword = page.getByLabel('Skills & Keywords');
    await keyword.fill('composting');
    await keyword.press('Enter');
    await expect(page.getByText('2/5 skills added')).toBeVisible();
    await expect(save).toBeDisabled();
    for (const k of ['lawns', 'hedges', 'seeds']) {
      await keyword.fill(k);
      await keyword.press('Enter');
    }
    await expect(page.getByText('5/5 skills added')).toBeVisible();
    await keyword.fill('roses');
    await keyword.press('Enter');
    await expect(page.getByText('Maximum 5 skills allowed')).toBeVisible();
    for (const k of ['lawns', 'hedges', 'seeds']) await page.getByRole('button', { name: `Remove ${k}` }).click();
    await expect(save).toBeDisabled();

    // Service type labels and the service area choices.
    const serviceType = page.getByLabel('Service Type');
    await expect(serviceType.locator('option')).toHaveText([
      'Select a service type',
      'Digital only',
      'Physical/In-person only',
      'Both digital and physical',
    ]);
    const area = page.getByLabel('Service Area');
    await expect(area).toHaveValue('25');
    await expect(area.locator('option')).toHaveText(['Select a radius', '5 miles', '10 miles', '15 miles', '25 miles', '50 miles', '100+ miles']);
    await serviceType.selectOption({ label: 'Digital only' });
    await expect(page.getByLabel('Service Area')).toHaveCount(0);
    await expect(save).toBeEnabled();
    await serviceType.selectOption({ label: 'Both digital and physical' });
    await expect(save).toBeDisabled();

    // Back with unsaved changes asks first.
    await name.fill('Rosa the Gardener');
    await page.getByRole('button', { name: 'Back to Profile' }).click();
    const confirm = page.getByRole('dialog', { name: 'Unsaved Changes' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByText('You have unsaved changes. Are you sure you want to discard them?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(/\/profile\/edit$/);
    await expect(name).toHaveValue('Rosa the Gardener');

    // URL rules.
    const portfolio = page.getByLabel('Portfolio URL');
    await portfolio.fill('ftp://rosa.example.org');
    await portfolio.blur();
    await expect(page.getByText('Portfolio URL must start with http:// or https://')).toBeVisible();
    const linkedin = page.getByLabel('LinkedIn URL');
    await linkedin.fill('javascript:alert(1)');
    await linkedin.blur();
    await expect(page.getByText('LinkedIn URL must start with http:// or https://')).toBeVisible();
    await save.click();
    await expect(page).toHaveURL(/\/profile\/edit$/);
    await portfolio.fill('https://rosa.example.org/work');
    await linkedin.fill('https://www.linkedin.com/in/rosa');
    await expect(page.getByText(/must start with http/)).toHaveCount(0);

    // Change Photo uploads a new cropped photo.
    await page.getByLabel('Change Photo').setInputFiles(await pngFile(900, 1200));
    await page.getByRole('dialog', { name: 'Crop Your Photo' }).getByRole('button', { name: 'Save Cropped Image' }).click();
    await expect(page.getByText('Photo cropped successfully')).toBeVisible();
    const avatar = page.getByRole('img', { name: "Rosa the Gardener's photo" });
    await expect(avatar).toHaveAttribute('src', /^\/api\/photos\//);
    await expect(avatar).not.toHaveAttribute('src', `/api/photos/${photoId}`);

    // ZIP fills the location.
    await page.getByLabel('Zip Code').fill('10001');
    await expect(page.getByLabel('Location', { exact: true })).toHaveValue('New York, NY');
    await page.getByLabel('Lead Time').selectOption({ label: 'Flexible' });

    await save.click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/profile/${userId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Rosa the Gardener' })).toBeVisible();
    await expect(page.getByText('New York, NY')).toBeVisible();
    await expect(page.getByText('Flexible', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'LinkedIn Profile' })).toHaveAttribute('href', 'https://www.linkedin.com/in/rosa');
  });

  test('Change Photo with a file named .png that is not an image says Upload failed and opens no crop dialog', async ({ page }) => {
    await signedInMember(page);
    await profileViaApi(page);
    await page.goto('/profile/edit');
    await expect(page.getByLabel('Display Name *')).toHaveValue('Rosa Fernandez');
    await page.getByLabel('Change Photo').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not a picture') });
    await expect(page.getByText('Upload failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Failed to process the image. Please try again.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Crop Your Photo' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });

    test('Yes in the Unsaved Changes dialog discards the changes', async ({ page }) => {
    const { userId } = await signedInMember(page);
    await profileViaApi(page);
    await page.goto('/profile/edit');
    await page.getByLabel('Display Name *').fill('Somebody Else');
    await page.getByRole('button', { name: 'Back to Profile' }).click();
    await page.getByRole('dialog', { name: 'Unsaved Changes' }).getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/${userId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Rosa Fernandez' })).toBeVisible();
  });

  test('Back to Profile without changes goes straight back', async ({ page }) => {
    const { userId } = await signedInMember(page);
    await profileViaApi(page);
    await page.goto('/profile/edit');
    await page.getByRole('button', { name: 'Back to Profile' }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/${userId}$`));
  });

  test("without a profile: the spec's 'Profile not found. Please complete your profile first.' and on to /complete-profile", async ({ page, consoleErrors }) => {
    await signedInMember(page);
    await page.goto('/profile/edit');
    await expect(page.getByText('Profile not found. Please complete your profile first.')).toBeVisible();
    await expect(page).toHaveURL(/\/complete-profile$/);
    allowFailedRequests(consoleErrors, [404]);
  });
});
