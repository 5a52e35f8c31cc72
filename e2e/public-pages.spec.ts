import { test, expect } from './fixtures.js';
import { pdfText } from './pdf-text.js';

test.describe('404 page', () => {
  test('an unknown path answers status 404 and shows the 404 page with a working link home', async ({ page, consoleErrors }) => {
    const response = await page.goto('/no-such-page/at-all');
    expect(response?.status()).toBe(404);
    // Chromium logs the page's own 404 as a console error: that one is expected, and only that one.
    await expect.poll(() => consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
    consoleErrors.length = 0;
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Ready to SkillSwap?' })).toBeVisible();
  });

  test('a page of the app answers status 200', async ({ page }) => {
    expect((await page.goto('/help'))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toHaveCount(0);
  });
});

test.describe('signed-out visitors on member pages', () => {
  test('/dashboard ends at /signin', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/signin');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });

  for (const path of ['/home', '/messages', '/settings', '/profile/edit']) {
    test(`${path} redirects to /signin`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL('/signin');
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    });
  }
});

test.describe('legal pages', () => {
  test('/terms states the key terms', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(page.getByText('Last updated July 21, 2025')).toBeVisible();
    const article = page.getByRole('article');
    await expect(article).toContainText('at least 18 years old');
    await expect(article).toContainText('Massachusetts');
    await expect(article).toContainText('Suffolk County');
    await expect(article).toContainText('responsible for the exchanges');
    await expect(page.getByRole('link', { name: /PDF version/ })).toHaveAttribute('href', '/terms-of-service.pdf');
  });

  test('/privacy states the key points', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText('Last updated July 21, 2025')).toBeVisible();
    const article = page.getByRole('article');
    await expect(article).toContainText('We do not sell');
    await expect(article).toContainText('children under 13');
    await expect(page.getByRole('link', { name: /PDF version/ })).toHaveAttribute('href', '/privacy-policy.pdf');
  });

  test('the PDF versions are served with the same text', async ({ request }) => {
    const expected: Record<string, string[]> = {
      '/terms-of-service.pdf': ['Terms of Service', 'Last updated July 21, 2025', 'Massachusetts', 'Suffolk County'],
      '/privacy-policy.pdf': ['Privacy Policy', 'Last updated July 21, 2025', '13'],
    };
    for (const [path, phrases] of Object.entries(expected)) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('application/pdf');
      const text = await pdfText(await response.body());
      for (const phrase of phrases) expect(text).toContain(phrase);
    }
  });

  test('Back returns to the previous page', async ({ page }) => {
    await page.goto('/help');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL('/terms');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL('/help');
  });

  test('Back goes to the landing page when there is no history', async ({ page }) => {
    await page.goto('/privacy');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Ready to SkillSwap?' })).toBeVisible();
  });
});

test.describe('help page', () => {
  test('shows the FAQ, support address, hours and response times', async ({ page }) => {
    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1, name: 'Help & Support' })).toBeVisible();

    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
    const questions = faq.getByRole('button');
    await expect(questions).toHaveCount(4);
    await questions.first().click();
    await expect(questions.first()).toHaveAttribute('aria-expanded', 'true');
    await expect(faq.getByText('No money changes hands.')).toBeVisible();
    await questions.nth(1).click();
    await expect(questions.first()).toHaveAttribute('aria-expanded', 'false');

    for (const guide of ['Getting started', 'Creating great posts', 'Staying safe', 'Exchanges & ratings']) {
      await expect(page.getByRole('heading', { name: guide })).toBeVisible();
    }

    const contact = page.getByRole('region', { name: 'Contact Support' });
    await expect(contact.getByRole('link', { name: 'support@skillswap.local' }).first()).toHaveAttribute(
      'href',
      'mailto:support@skillswap.local',
    );
    await expect(contact).toContainText('9 AM - 6 PM EST');
    await expect(contact).toContainText('within 24 hours');
    await expect(contact).toContainText('within 5 minutes');
    await expect(contact).toContainText('within 4 hours');
  });

  test('the contact form sends for real: a visitor is asked for an address to reply to (journeys in help.spec.ts)', async ({ page }) => {
    await page.goto('/help');
    const contact = page.getByRole('region', { name: 'Contact Support' });
    await contact.getByRole('textbox', { name: 'Message' }).fill('My exchange partner did not show up.');
    await contact.getByRole('button', { name: 'Send Message' }).click();
    await expect(contact.getByText('Please enter your email address so we can reply.')).toBeVisible();
    await expect(page.getByText('This form does not send messages')).toHaveCount(0);
  });
});
