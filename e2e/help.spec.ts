import { randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { allowFailedRequests } from './auth-helpers.js';
import { expect, test } from './fixtures.js';
import { waitForMail } from './mail.js';
import { signedInMember, uniqueEmail } from './members.js';

const SUPPORT = 'support@skillswap.local';

/** Serious or critical axe violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

const contact = (page: Page) => page.getByRole('region', { name: 'Contact Support' });
const marker = (word: string) => `${word} ${Date.now().toString(36)}${randomInt(1e6)}`;

async function fillAndSend(page: Page, subject: string, message: string) {
  await contact(page).getByRole('textbox', { name: 'Subject' }).fill(subject);
  await contact(page).getByRole('textbox', { name: 'Message' }).fill(message);
  await contact(page).getByRole('button', { name: 'Send Message' }).click();
}

test.describe('help contact form', () => {
  test('a member sends a message: support gets it (Reply-To the member) and the member gets a copy', async ({ page }) => {
    const { email } = await signedInMember(page);
    await page.goto('/help');
    const form = contact(page);
    await expect(form).toContainText(`We will reply to ${email} and send you a copy.`);
    // Members write from their account: no address or name to type.
    await expect(form.getByRole('textbox', { name: 'Email' })).toHaveCount(0);

    const subject = marker('Exchange question');
    await form.getByRole('textbox', { name: 'Subject' }).fill(subject);
    const message = 'My partner did not show up.\nWhat should I do now?';
    await form.getByRole('textbox', { name: 'Message' }).fill(message);
    await expect(form.getByText(`${(5000 - message.length).toLocaleString('en-US')} characters left`)).toBeVisible();
    const sending = page.waitForRequest((req) => req.url().endsWith('/api/support/messages'));
    await form.getByRole('button', { name: 'Send Message' }).click();
    await sending;

    const status = form.getByRole('status').filter({ hasText: 'Message sent' });
    await expect(status).toContainText(`We sent a copy to ${email} and will reply to that address within 24 hours.`);
    await expect(form.getByRole('button', { name: 'Send another message' })).toBeFocused();

    const toSupport = await waitForMail(SUPPORT, subject);
    expect(toSupport).toContain(`Reply-To: ${email}`);
    expect(toSupport).toContain('My partner did not show up.');
    const copy = await waitForMail(email, subject);
    expect(copy).toContain(`We received your message: ${subject}`);
    expect(copy).toContain('What should I do now?');

    // Another message starts from an empty form.
    await page.keyboard.press('Enter');
    await expect(form.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
  });

  test('a visitor gets field messages under the fields, then sends with their own address', async ({ page }) => {
    await page.goto('/help');
    const form = contact(page);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Please enter your email address so we can reply.');
    await expect(form.getByRole('textbox', { name: 'Subject' })).toHaveAccessibleDescription('Please enter a subject.');
    await expect(form.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription(
      /Please write at least 10 characters so we can help\./,
    );
    await expect(form.getByRole('textbox', { name: 'Email' })).toBeFocused();
    for (const [width, height] of [
      [1440, 900],
      [375, 812],
    ] as const) {
      await page.setViewportSize({ width, height });
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      await form.screenshot({ path: `/tmp/help-contact-errors-${width}.png` });
    }

    const email = uniqueEmail('visitor');
    const subject = marker('Cannot sign in');
    await form.getByRole('textbox', { name: 'Name (optional)' }).fill('Vera Visitor');
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await fillAndSend(page, subject, 'The reset e-mail never arrives.');
    await expect(form.getByRole('status').filter({ hasText: 'Message sent' })).toContainText(`We sent a copy to ${email}`);
    expect(await waitForMail(SUPPORT, subject)).toContain(`From: Vera Visitor <${email}>`);
    expect(await waitForMail(email, subject)).toContain('The reset e-mail never arrives.');

    for (const [width, height] of [
      [1440, 900],
      [375, 812],
    ] as const) {
      await page.setViewportSize({ width, height });
      await form.scrollIntoViewIfNeeded();
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      await form.screenshot({ path: `/tmp/help-contact-sent-${width}.png` });
    }
  });

  test('the 4th message within an hour is refused with a clear message', async ({ page, consoleErrors }) => {
    await signedInMember(page);
    await page.goto('/help');
    const form = contact(page);
    const subject = marker('Limit');
    for (let i = 1; i <= 3; i += 1) {
      await fillAndSend(page, `${subject} #${i}`, 'Long enough message.');
      await expect(form.getByText('Message sent')).toBeVisible();
      await form.getByRole('button', { name: 'Send another message' }).click();
    }
    await fillAndSend(page, `${subject} #4`, 'Long enough message.');
    await expect(form.getByRole('alert')).toHaveText(
      /^You have sent 3 messages in the last hour\. Please try again in \d+ minutes, or e-mail support@skillswap\.local\.$/,
    );
    // What the member wrote stays, so nothing is lost.
    await expect(form.getByRole('textbox', { name: 'Subject' })).toHaveValue(`${subject} #4`);
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    allowFailedRequests(consoleErrors, [429]);
  });
});

test.describe('help search', () => {
  test('filters the FAQ and guides as one types, says when nothing matches, and clears with Escape', async ({ page }) => {
    await page.goto('/help');
    const search = page.getByRole('searchbox', { name: 'Search help' });
    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
    const guides = page.getByRole('region', { name: 'Guides' });
    await expect(faq.getByRole('button')).toHaveCount(4);
    await expect(guides.getByRole('listitem').filter({ has: page.getByRole('heading') })).toHaveCount(4);

    // Words in an answer (even inside its link) and in a guide's description count.
    await search.pressSequentially('STARS');
    await expect(faq.getByRole('button')).toHaveText(['What happens after an exchange?']);
    await expect(guides.getByRole('heading', { level: 3 })).toHaveText(['Exchanges & ratings']);
    await expect(page.getByRole('status').filter({ hasText: 'match your search' })).toHaveText('1 question and 1 guide match your search.');

    await search.fill('spam folder');
    await expect(faq.getByRole('button')).toHaveText(["I can't sign in. What should I do?"]);
    await expect(guides).toHaveCount(0);

    await search.fill('xylophone');
    await expect(page.getByRole('heading', { name: 'No results' })).toBeVisible();
    await expect(page.getByText('Nothing in our questions and guides matches “xylophone”.')).toBeVisible();
    await expect(faq).toHaveCount(0);
    // The contact form stays, for what the help does not answer.
    await expect(contact(page).getByRole('button', { name: 'Send Message' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    for (const [width, height] of [
      [1440, 900],
      [375, 812],
    ] as const) {
      await page.setViewportSize({ width, height });
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `/tmp/help-no-results-${width}.png` });
    }

    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(faq.getByRole('button')).toHaveCount(4);
    await search.fill('safe');
    await expect(faq.getByRole('button')).toHaveText(['How do I stay safe when meeting someone?']);
    await search.press('Escape');
    await expect(search).toHaveValue('');
    await expect(faq.getByRole('button')).toHaveCount(4);
    // Enter does not reload the page or lose the query.
    await search.fill('ratings');
    await search.press('Enter');
    await expect(search).toHaveValue('ratings');
    await expect(page).toHaveURL('/help');
  });
});
