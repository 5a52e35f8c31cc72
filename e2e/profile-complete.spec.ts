import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { allowFailedRequests } from './auth-helpers.js';
import { expect, test } from './fixtures.js';
import { signedInMember } from './members.js';
import { pngFile, words } from './profile-helpers.js';

/** The crop square's position and size relative to the image, in displayed pixels. */
async function cropBox(page: Page) {
  const square = await page.locator('.ReactCrop__crop-selection').boundingBox();
  const image = await page.getByRole('img', { name: 'Photo to crop' }).boundingBox();
  if (!square || !image) return { left: Number.NaN, top: Number.NaN, width: 0, height: 0 };
  const round = (n: number) => Math.round(n * 10) / 10;
  return { left: round(square.x - image.x), top: round(square.y - image.y), width: round(square.width), height: round(square.height) };
}

test.describe('Complete Profile', () => {
  test('photo upload and crop, every validation message, ZIP fill, then Profile saved and /home', async ({ page }) => {
    // The longest journey here: it outgrows 30 s on a busy machine.
    test.slow();
    await signedInMember(page);
    await page.goto('/complete-profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Profile' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Complete Profile' });
    await expect(submit).toBeDisabled();
    await expect(page.getByText('JPG, PNG or GIF. Max size 5MB.')).toBeVisible();

    // Photo: pick, crop dialog with a centred square of 80% of the shorter side, nudges, save.
    await page.getByLabel('Upload Photo').setInputFiles(await pngFile(1600, 800));
    const dialog = page.getByRole('dialog', { name: 'Crop Your Photo' });
    await expect(dialog).toBeVisible();
    const image = dialog.getByRole('img', { name: 'Photo to crop' });
    await expect(image).toBeVisible();
    const shown = await image.boundingBox();
    if (!shown) throw new Error('image not laid out');
    await expect.poll(async () => (await cropBox(page)).width).toBeGreaterThan(0);
    const start = await cropBox(page);
    const shorter = Math.min(shown.width, shown.height);
    expect(Math.abs(start.width - shorter * 0.8)).toBeLessThanOrEqual(1);
    expect(Math.abs(start.height - start.width)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(start.left - (shown.width - start.width) / 2)).toBeLessThanOrEqual(1);
    const near = (target: number) => async () => Math.abs((await cropBox(page)).left - target) <= 0.5;

    await page.locator('.ReactCrop__crop-selection').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(near(start.left + 1)).toBe(true);
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(near(start.left + 11)).toBe(true);
    await page.keyboard.press('Control+ArrowLeft');
    await expect.poll(near(start.left - 89)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => Math.abs((await cropBox(page)).top - (start.top + 1)) <= 0.5).toBe(true);

    // Capture what the browser sends: the cropped 400x400 JPEG.
    let sent: Buffer | null = null;
    await page.route('**/api/photos', async (route) => {
      sent = route.request().postDataBuffer();
      await route.continue();
    });
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/photos') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Save Cropped Image' }).click();
    expect((await uploaded).status()).toBe(201);
    await page.unroute('**/api/photos');
    const body: Buffer = sent ?? Buffer.alloc(0);
    expect(body.includes(Buffer.from('Content-Type: image/jpeg'))).toBe(true);
    const jpegStart = body.indexOf(Buffer.from([0xff, 0xd8, 0xff]));
    const jpegEnd = body.lastIndexOf(Buffer.from([0xff, 0xd9])) + 2;
    expect(await sharp(body.subarray(jpegStart, jpegEnd)).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 400 });
    await expect(page.getByText('Photo cropped successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const avatar = page.getByRole('img', { name: /photo$/ }).first();
    await expect(avatar).toHaveAttribute('src', /^\/api\/photos\//);

    // Removing the photo shows its message; a new one fixes it.
    await page.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Profile photo is required')).toBeVisible();
    await page.getByLabel('Upload Photo').setInputFiles(await pngFile(500, 700));
    await page.getByRole('dialog', { name: 'Crop Your Photo' }).getByRole('button', { name: 'Save Cropped Image' }).click();
    await expect(page.getByText('Profile photo is required')).toBeHidden();

    // Display name.
    const displayName = page.getByLabel('Display Name');
    await expect(displayName).toHaveAttribute('placeholder', "How you'll appear to others");
    await displayName.fill('A');
    await displayName.blur();
    await expect(page.getByText('Display name must be at least 2 characters')).toBeVisible();
    await displayName.fill('Rosa Fernandez');
    await expect(page.getByText('Display name must be at least 2 characters')).toBeHidden();

    // About Me, counted in words, with the live helper.
    const about = page.getByLabel('About Me');
    await expect(about).toHaveAttribute('rows', '4');
    await about.fill(words(10));
    await expect(page.getByText('Please write at least 40 words')).toBeVisible();
    await expect(page.getByText('10/200 words')).toBeVisible();
    await about.blur();
    await expect(page.getByText('Please write between 40-200 words about yourself')).toBeVisible();
    await about.fill(words(201));
    await expect(page.getByText('Please keep to 200 words or less')).toBeVisible();
    await about.fill(`<b>Hello</b> ${words(44)}`);
    await expect(page.getByText('Please write between 40-200 words about yourself')).toBeHidden();
    await expect(page.getByText('45/200 words')).toBeVisible();

    // Service type: nothing chosen yet.
    await page.getByRole('radio', { name: 'Digital Services' }).focus();
    await page.getByRole('radio', { name: 'Digital Services' }).blur();
    await expect(page.getByText('Please select a service type')).toBeVisible();
    await expect(page.getByText('(online, remote work)')).toBeVisible();
    await expect(page.getByText('(in-person, local)')).toBeVisible();
    await page.getByRole('radio', { name: 'Digital Services' }).check();
    await expect(page.getByText('Please select a service type')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Location & Service Area' })).toBeHidden();

    // Category.
    const category = page.getByLabel('Primary Skill Category');
    await expect(category).toBeEnabled();
    await category.focus();
    await category.blur();
    await expect(page.getByText('Please select your primary skill category')).toBeVisible();
    await category.selectOption({ label: 'Home & Garden' });
    await expect(page.getByText('Please select your primary skill category')).toBeHidden();

    // Keywords: at least one, at most five, no duplicates.
    const keyword = page.getByLabel('Skill Keywords');
    await keyword.focus();
    await keyword.blur();
    await expect(page.getByText('Please add at least one skill keyword')).toBeVisible();
    for (const k of ['pruning', ' composting ', 'Pruning', 'lawns', 'hedges', 'seeds']) {
      await keyword.fill(k);
      await keyword.press('Enter');
    }
    await expect(page.getByText('5/5 skills added')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Added skills' }).getByRole('listitem')).toHaveText([
      'pruning',
      'composting',
      'lawns',
      'hedges',
      'seeds',
    ]);
    await keyword.fill('roses');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('Maximum 5 keywords allowed')).toBeVisible();
    await page.getByRole('button', { name: 'Remove seeds' }).click();
    await expect(page.getByText('4/5 skills added')).toBeVisible();

    // URLs: this form's own messages (spec section 5), whatever is wrong with the address.
    const portfolio = page.getByLabel('Portfolio URL (Optional)');
    await portfolio.fill('javascript:alert(1)');
    await portfolio.blur();
    await expect(page.getByText('Please enter a valid URL', { exact: true })).toBeVisible();
    await portfolio.fill('rosa.example.org');
    await expect(page.getByText('Please enter a valid URL', { exact: true })).toBeVisible();
    await portfolio.fill('http://');
    await expect(page.getByText('Please enter a valid URL', { exact: true })).toBeVisible();
    await portfolio.fill('https://rosa.example.org');
    await expect(page.getByText('Please enter a valid URL', { exact: true })).toBeHidden();
    const linkedin = page.getByLabel('LinkedIn Profile (Optional)');
    await linkedin.fill('www.linkedin.com/in/rosa');
    await linkedin.blur();
    await expect(page.getByText('Please enter a valid LinkedIn URL')).toBeVisible();
    await linkedin.fill('https://');
    await expect(page.getByText('Please enter a valid LinkedIn URL')).toBeVisible();
    await linkedin.fill('');
    await expect(page.getByText('Please enter a valid LinkedIn URL')).toBeHidden();
    await expect(page.getByText(/must start with http/)).toHaveCount(0);

    // Lead time.
    const leadTime = page.getByLabel('Lead Time');
    await expect(page.getByText('How soon can you start after a deal is confirmed?')).toBeVisible();
    await leadTime.focus();
    await leadTime.blur();
    await expect(page.getByText('Please select your lead time')).toBeVisible();
    await leadTime.selectOption({ label: '2-3 days' });
    await expect(submit).toBeEnabled();

    // Physical: the location block appears and needs a ZIP; a valid ZIP fills City, State.
    await page.getByRole('radio', { name: 'Physical Services' }).check();
    await expect(page.getByRole('heading', { name: 'Location & Service Area' })).toBeVisible();
    await expect(submit).toBeDisabled();
    const zip = page.getByLabel('ZIP Code');
    await expect(zip).toHaveAttribute('maxlength', '10');
    await zip.fill('9021');
    await zip.blur();
    await expect(page.getByText('ZIP code and service radius are required for physical services')).toBeVisible();
    await zip.fill('90210');
    await expect(page.getByLabel('Location', { exact: true })).toHaveValue('Beverly Hills, CA');
    await expect(page.getByText('ZIP code and service radius are required for physical services')).toBeHidden();
    await expect(page.getByLabel('Service Radius')).toHaveValue('10');
    await page.getByLabel('Service Radius').selectOption({ label: '100+ miles' });
    await page.getByRole('radio', { name: 'Both Digital & Physical' }).check();

    await expect(submit).toBeEnabled();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/profiles/me') && r.request().method() === 'PUT');
    await submit.click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('Profile saved')).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);

    const me = (await (await page.request.get('/api/profiles/me')).json()) as Record<string, unknown>;
    expect(me).toMatchObject({
      displayName: 'Rosa Fernandez',
      serviceType: 'both',
      skillKeywords: ['pruning', 'composting', 'lawns', 'hedges'],
      portfolioUrl: 'https://rosa.example.org',
      linkedinUrl: null,
      leadTime: '2-3-days',
      zipCode: '90210',
      serviceRadiusMiles: 100,
      location: 'Beverly Hills, CA',
      primaryCategory: { name: 'Home & Garden' },
    });
    expect(String(me.about)).toContain('<b>Hello</b>');
  });

  test('refuses a non-image and a file over 5 MB before cropping', async ({ page }) => {
    await signedInMember(page);
    await page.goto('/complete-profile');
    await page.getByLabel('Upload Photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByText('Invalid file type')).toBeVisible();
    await expect(page.getByText('Please select an image file')).toBeVisible();
    const big = await pngFile(100, 100);
    await page.getByLabel('Upload Photo').setInputFiles({ ...big, buffer: Buffer.concat([big.buffer, Buffer.alloc(5 * 1024 * 1024)]) });
    await expect(page.getByText('File too large')).toBeVisible();
    await expect(page.getByText('Please select an image smaller than 5MB')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Crop Your Photo' })).toBeHidden();
  });

  test('a picture the server cannot read says Upload failed', async ({ page, consoleErrors }) => {
    await signedInMember(page);
    await page.goto('/complete-profile');
    await page.route('**/api/photos', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'VALIDATION_FAILED', message: 'Upload failed', fields: { photo: 'Failed to process the image. Please try again.' } } }),
      }),
    );
    await page.getByLabel('Upload Photo').setInputFiles(await pngFile(400, 400));
    await page.getByRole('dialog', { name: 'Crop Your Photo' }).getByRole('button', { name: 'Save Cropped Image' }).click();
    await expect(page.getByText('Upload failed')).toBeVisible();
    await expect(page.getByText('Failed to process the image. Please try again.')).toBeVisible();
    allowFailedRequests(consoleErrors, [400]);
  });

  test('a file named .png that is not an image says Upload failed and opens no crop dialog', async ({ page }) => {
    await signedInMember(page);
    await page.goto('/complete-profile');
    let uploads = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/photos')) uploads += 1;
    });
    await page.getByLabel('Upload Photo').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not a picture') });
    await expect(page.getByText('Upload failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Failed to process the image. Please try again.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Crop Your Photo' })).toHaveCount(0);
    expect(uploads).toBe(0);
    // A real picture afterwards still opens the dialog.
    await page.getByLabel('Upload Photo').setInputFiles(await pngFile(400, 300));
    await expect(page.getByRole('dialog', { name: 'Crop Your Photo' })).toBeVisible();
  });

  test('with every other field valid, the disabled Complete Profile says Profile photo is required', async ({ page }) => {
    await signedInMember(page);
    await page.goto('/complete-profile');
    const submit = page.getByRole('button', { name: 'Complete Profile' });
    await page.getByLabel('Display Name').fill('Rosa Fernandez');
    await page.getByLabel('About Me').fill(words(45));
    await page.getByRole('radio', { name: 'Digital Services' }).check();
    await page.getByLabel('Primary Skill Category').selectOption({ label: 'Home & Garden' });
    await page.getByLabel('Skill Keywords').fill('pruning');
    await page.getByLabel('Skill Keywords').press('Enter');
    await expect(page.getByText('Profile photo is required')).toHaveCount(0);
    await page.getByLabel('Lead Time').selectOption({ label: '1 week' });

    // Only the photo is missing: the button stays disabled and says why, next to it.
    await expect(submit).toBeDisabled();
    const reason = page.getByText('Profile photo is required', { exact: true });
    await expect(reason).toBeVisible();
    await expect(submit).toHaveAccessibleDescription('Profile photo is required');
    const [reasonBox, submitBox] = [await reason.boundingBox(), await submit.boundingBox()];
    if (!reasonBox || !submitBox) throw new Error('not laid out');
    expect(Math.abs(reasonBox.y + reasonBox.height / 2 - (submitBox.y + submitBox.height / 2))).toBeLessThan(80);

    await page.getByLabel('Upload Photo').setInputFiles(await pngFile(500, 500));
    await page.getByRole('dialog', { name: 'Crop Your Photo' }).getByRole('button', { name: 'Save Cropped Image' }).click();
    await expect(page.getByText('Photo cropped successfully')).toBeVisible();
    await expect(reason).toBeHidden();
    await expect(submit).toBeEnabled();
  });

  test('Cancel closes the crop dialog without uploading', async ({ page }) => {
    await signedInMember(page);
    await page.goto('/complete-profile');
    let uploads = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/photos')) uploads += 1;
    });
    await page.getByLabel('Upload Photo').setInputFiles(await pngFile(400, 300));
    const dialog = page.getByRole('dialog', { name: 'Crop Your Photo' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(uploads).toBe(0);
  });
});

test.describe('Location', () => {
  async function physicalForm(page: Page) {
    await signedInMember(page);
    await page.goto('/complete-profile');
    await page.getByRole('radio', { name: 'Physical Services' }).check();
  }
  const locate = (page: Page) => page.getByRole('button', { name: 'Use my current location' });

  test('the locate button fills the nearest ZIP and the location', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 40.7484, longitude: -73.9967 });
    await physicalForm(page);
    await locate(page).click();
    await expect(page.getByText('Location found')).toBeVisible();
    await expect(page.getByLabel('ZIP Code')).toHaveValue('10001');
    await expect(page.getByLabel('Location', { exact: true })).toHaveValue('New York, NY');
  });

  test('says Location access denied when the browser refuses', async ({ page }) => {
    await physicalForm(page);
    await locate(page).click();
    await expect(page.getByText('Location access denied')).toBeVisible();
    await expect(page.getByText(/enter your ZIP code manually/)).toBeVisible();
  });

  test('says ZIP code not found far from any US ZIP', async ({ page, context, consoleErrors }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 0, longitude: 0 });
    await physicalForm(page);
    await locate(page).click();
    await expect(page.getByText('ZIP code not found', { exact: true })).toBeVisible();
    await expect(page.getByText(/enter your ZIP code manually/)).toBeVisible();
    allowFailedRequests(consoleErrors, [404]);
  });

  test('says Location lookup failed when the lookup breaks', async ({ page, context, consoleErrors }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 40.7484, longitude: -73.9967 });
    await physicalForm(page);
    await page.route('**/api/geo/nearest**', (route) => route.fulfill({ status: 500, body: '' }));
    await locate(page).click();
    await expect(page.getByText('Location lookup failed')).toBeVisible();
    allowFailedRequests(consoleErrors, [500]);
  });

  test('says Location not supported without geolocation', async ({ page }) => {
    await page.addInitScript('Object.defineProperty(Navigator.prototype, "geolocation", { get: () => undefined, configurable: true });');
    await physicalForm(page);
    await locate(page).click();
    await expect(page.getByText('Location not supported')).toBeVisible();
    await expect(page.getByText(/enter your ZIP code manually/)).toBeVisible();
  });

  test('an unknown ZIP says ZIP code not found', async ({ page, consoleErrors }) => {
    await physicalForm(page);
    await page.getByLabel('ZIP Code').fill('00000');
    await expect(page.getByText('ZIP code not found')).toBeVisible();
    await expect(page.getByLabel('Location', { exact: true })).toHaveValue('');
    allowFailedRequests(consoleErrors, [404]);
  });
});
