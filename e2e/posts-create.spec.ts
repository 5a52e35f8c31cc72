import { addDays, format } from 'date-fns';
import type { Page } from '@playwright/test';
import type { PostListResponse } from '../src/shared/schemas/posts.js';
import { test, expect } from './fixtures.js';
import { signedInMember } from './members.js';
import { memberWithProfile, uniqueWord } from './profile-factory.js';

/** A day button in an open calendar, by its date. */
function dayButton(page: Page, date: Date) {
  return page.getByRole('button', { name: new RegExp(format(date, 'PPPP')) });
}

async function openCreateDialog(page: Page) {
  await page.getByRole('button', { name: 'Create Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Exchange Post' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Share what you're offering and what you'd like in return")).toBeVisible();
  return dialog;
}

test('Create Exchange Post: validation, counters, suggestions, keywords, dates, discard and success', async ({ page }) => {
  test.slow();
  await memberWithProfile(page, { displayName: 'Casey Creator' });
  await page.goto('/home');
  let dialog = await openCreateDialog(page);

  // Empty submit: the toast and a message under each required field.
  await dialog.getByRole('button', { name: 'Create Exchange Post' }).click();
  await expect(page.getByText('Validation Error')).toBeVisible();
  await expect(page.getByText('Please fix the errors below')).toBeVisible();
  await expect(dialog.getByText('Please enter a title')).toBeVisible();
  await expect(dialog.getByText("Please fill in what you're offering")).toBeVisible();
  await expect(dialog.getByText("Please fill in what you're looking for")).toBeVisible();

  // Too short, with live counters.
  const title = dialog.getByLabel('Title *');
  const offering = dialog.getByLabel("What I'm Offering *");
  const lookingFor = dialog.getByLabel("What I'm Looking For *");
  await title.fill('Short');
  await offering.fill('Too short');
  await lookingFor.fill('Also short');
  await expect(dialog.getByText('5/80')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Exchange Post' }).click();
  await expect(dialog.getByText('Your title must be at least 10 characters.')).toBeVisible();
  await expect(dialog.getByText('Your offering must be at least 20 characters.')).toBeVisible();
  await expect(dialog.getByText('Your request must be at least 20 characters.')).toBeVisible();

  // Inputs are capped at their limits.
  await title.fill('x'.repeat(90));
  await expect(title).toHaveValue('x'.repeat(80));
  await expect(dialog.getByText('80/80')).toBeVisible();
  await lookingFor.fill('y'.repeat(320));
  await expect(lookingFor).toHaveValue('y'.repeat(300));
  await expect(dialog.getByText('300/300')).toBeVisible();

  // A quick suggestion fills the offering.
  await dialog.getByRole('button', { name: 'Photography Session' }).click();
  await expect(offering).toHaveValue('Photography Session');

  // Keywords: Enter or Add, trimmed, no duplicates, at most 5, removable.
  const keywords = dialog.getByLabel('Keywords (Max 5, 20 chars each)');
  await keywords.fill('  portraits  ');
  await keywords.press('Enter');
  await keywords.fill('Portraits');
  await keywords.press('Enter');
  const keywordList = dialog.getByRole('list', { name: 'Keywords' });
  await expect(keywordList.getByRole('listitem')).toHaveCount(1);
  await expect(keywordList).toContainText('portraits');
  for (const word of ['weddings', 'pets', 'events', 'family']) {
    await keywords.fill(word);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  }
  await expect(keywordList.getByRole('listitem')).toHaveCount(5);
  await expect(keywords).toBeDisabled();
  await dialog.getByRole('button', { name: 'Remove family' }).click();
  await expect(keywordList.getByRole('listitem')).toHaveCount(4);
  await expect(keywords).toBeEnabled();
  await keywords.fill('a'.repeat(25));
  await expect(keywords).toHaveValue('a'.repeat(20));
  await keywords.fill('');

  // Preferred Format.
  await dialog.getByLabel('Preferred Format').click();
  await page.getByRole('option', { name: 'Remote' }).click();
  await expect(dialog.getByLabel('Preferred Format')).toHaveText('Remote');

  // Dates: no past days; a start with no end sets the end 14 days later and closes the picker.
  const today = new Date();
  await dialog.getByLabel('Available From').click();
  if (today.getDate() > 1) await expect(dayButton(page, addDays(today, -1))).toBeDisabled();
  await dayButton(page, today).click();
  await expect(page.getByRole('grid')).toHaveCount(0);
  await expect(dialog.getByLabel('Available From')).toHaveText(format(today, 'MMM d, yyyy'));
  await expect(dialog.getByLabel('Available Until')).toHaveText(format(addDays(today, 14), 'MMM d, yyyy'));
  // The end cannot be before the start.
  await dialog.getByLabel('Available Until').click();
  if (addDays(today, 14).getMonth() !== today.getMonth()) await page.getByRole('button', { name: /previous month/i }).click();
  await expect(dayButton(page, today)).toBeEnabled();
  if (today.getDate() > 1) await expect(dayButton(page, addDays(today, -1))).toBeDisabled();
  await page.keyboard.press('Escape');
  await dialog.getByLabel('Preferred Days').fill('Weekends');
  await dialog.getByLabel('Preferred Times').fill('Mornings');

  // Closing with data asks first; Cancel keeps everything.
  await page.keyboard.press('Escape');
  const confirm = page.getByRole('alertdialog', { name: 'Unsaved Changes' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText('You have unsaved changes. Are you sure you want to discard them?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeVisible();
  await expect(offering).toHaveValue('Photography Session');

  // Cancel, then Yes discards and resets.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog).toBeHidden();
  dialog = await openCreateDialog(page);
  await expect(dialog.getByLabel('Title *')).toHaveValue('');
  // A keyword typed but not added yet counts as entered data.
  await dialog.getByLabel('Keywords (Max 5, 20 chars each)').fill('half-typed');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog).toBeHidden();
  dialog = await openCreateDialog(page);
  // An untouched dialog closes without asking.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(confirm).toBeHidden();

  // Success.
  const word = uniqueWord();
  dialog = await openCreateDialog(page);
  await dialog.getByLabel('Title *').fill(`Portrait photography ${word}`);
  await dialog.getByLabel("What I'm Offering *").fill('Portrait photography in the park, edited photos included');
  await dialog.getByLabel("What I'm Looking For *").fill('Someone to help me build a small vegetable garden');
  await dialog.getByLabel('Keywords (Max 5, 20 chars each)').fill('portraits');
  await dialog.getByLabel('Keywords (Max 5, 20 chars each)').press('Enter');
  await dialog.getByLabel('Preferred Format').click();
  await page.getByRole('option', { name: 'Hybrid (both)' }).click();
  await dialog.getByLabel('Additional Context (Optional)').fill('Bring your own snacks');
  await dialog.getByRole('button', { name: 'Create Exchange Post' }).click();
  await expect(page.getByText('Success!')).toBeVisible();
  await expect(page.getByText('Your exchange post has been created!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('my-post').filter({ hasText: word })).toBeVisible();

  // Stored as the spec's structured text, with keywords plus the format tag.
  const mine = (await (await page.request.get('/api/posts/mine')).json()) as PostListResponse;
  const post = mine.items.find((item) => item.title.includes(word));
  expect(post?.description).toBe(
    "What I'm offering: Portrait photography in the park, edited photos included\n\n" +
      "What I'm looking for: Someone to help me build a small vegetable garden\n\n" +
      'Additional context: Bring your own snacks',
  );
  expect(post?.customTags).toEqual(['portraits', 'hybrid']);
});

test('Create Post opens the complete-profile modal when the profile is incomplete', async ({ page }) => {
  await signedInMember(page);
  await page.goto('/home');
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByRole('dialog', { name: 'Complete Your Profile' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Create New Exchange Post' })).toHaveCount(0);
});
