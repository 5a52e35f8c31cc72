import type { FeedResponse } from '../src/shared/schemas/matching.js';
import { test, expect } from './fixtures.js';
import { createPostViaApi, memberWithProfile, otherMember, uniqueWord } from './profile-factory.js';

test('edit, hide, reactivate, mark completed and delete an own post from My Posts', async ({ page, browser, baseURL }) => {
  test.slow();
  await memberWithProfile(page, { displayName: 'Olive Owner' });
  const word = uniqueWord();
  await createPostViaApi(page.request, {
    title: `Bike repair lessons ${word}`,
    offering: 'Bike repair lessons, from flat tyres to brakes',
    lookingFor: 'Help with my tax return paperwork please',
    keywords: ['bikes', 'repair'],
    format: 'in_person',
    additionalContext: 'I have my own tools',
  });
  const viewer = await otherMember(browser, baseURL, { displayName: 'Vera Viewer' });
  const feedFor = async (q: string) =>
    ((await (await viewer.page.request.get(`/api/feed?q=${encodeURIComponent(q)}`)).json()) as FeedResponse).items;

  await page.goto('/home');
  const row = page.getByTestId('my-post').filter({ hasText: word });
  await expect(row).toBeVisible();

  // Edit: the fields come from the description; a required field left empty disables Update.
  await row.getByRole('button', { name: /Post actions/ }).click();
  await page.getByRole('menuitem', { name: 'Edit Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Exchange Post' });
  await expect(dialog.getByLabel("What I'm Offering *")).toHaveValue('Bike repair lessons, from flat tyres to brakes');
  await expect(dialog.getByLabel("What I'm Looking For *")).toHaveValue('Help with my tax return paperwork please');
  await expect(dialog.getByLabel('Additional Context (Optional)')).toHaveValue('I have my own tools');
  await expect(dialog.getByRole('list', { name: 'Keywords' })).toContainText('bikes');
  await expect(dialog.getByLabel('Preferred Format')).toHaveText('In-person');
  await dialog.getByLabel("What I'm Offering *").fill('');
  await expect(dialog.getByRole('button', { name: 'Update Post' })).toBeDisabled();
  // Filled but too short: the field says why, the toast asks to fix the errors below.
  await dialog.getByLabel("What I'm Offering *").fill('Too short');
  await dialog.getByRole('button', { name: 'Update Post' }).click();
  await expect(page.getByText('Validation Error')).toBeVisible();
  await expect(page.getByText('Please fix the errors below')).toBeVisible();
  await expect(dialog.getByText('Your offering must be at least 20 characters.')).toBeVisible();
  await dialog.getByLabel("What I'm Offering *").fill(`Bicycle tune-ups and repairs ${word}`);
  // The optional format can be taken back.
  await dialog.getByLabel('Preferred Format').click();
  await page.getByRole('option', { name: 'No preference' }).click();
  await expect(dialog.getByLabel('Preferred Format')).toHaveText('Select a format');
  await dialog.getByRole('button', { name: 'Update Post' }).click();
  await expect(page.getByText('Your post has been updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The member's title stays as they wrote it (decisions.md: no 'Offering: ...' rewrite).
  await expect(row.getByRole('button', { name: new RegExp(`^Bike repair lessons ${word}`) })).toBeVisible();
  expect((await feedFor(word)).map((item) => [item.title, item.offering, item.format])).toEqual([
    [`Bike repair lessons ${word}`, `Bicycle tune-ups and repairs ${word}`, null],
  ]);

  // Hide: gone from the community, reactivate brings it back.
  await row.getByRole('button', { name: /Post actions/ }).click();
  await page.getByRole('menuitem', { name: 'Hide Post' }).click();
  await expect(row.getByText('Hidden')).toBeVisible();
  expect(await feedFor(word)).toEqual([]);
  await row.getByRole('button', { name: /Post actions/ }).click();
  await page.getByRole('menuitem', { name: 'Reactivate Post' }).click();
  await expect(row.getByText('Hidden')).toHaveCount(0);
  expect(await feedFor(word)).toHaveLength(1);

  // Mark as completed.
  await row.getByRole('button', { name: /Post actions/ }).click();
  await page.getByRole('menuitem', { name: 'Mark as Completed' }).click();
  await expect(row.getByText('Completed')).toBeVisible();
  expect(await feedFor(word)).toEqual([]);

  // Delete: Cancel keeps it, Delete Post removes it.
  await row.getByRole('button', { name: /Post actions/ }).click();
  await page.getByRole('menuitem', { name: 'Delete Post' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Post' });
  await expect(confirm.getByText('Are you sure you want to delete this post? This action cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /Post actions/ }).click();
  await page.getByRole('menuitem', { name: 'Delete Post' }).click();
  await confirm.getByRole('button', { name: 'Delete Post' }).click();
  await expect(page.getByText('Post deleted')).toBeVisible();
  await expect(page.getByText('Your post has been permanently deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText("You haven't created any posts yet.")).toBeVisible();
  await expect(page.getByText('Create one to start exchanging.')).toBeVisible();
  await viewer.close();
});

test('a post whose dates have passed can still be edited; only a newly picked date must not be in the past', async ({ page }) => {
  await memberWithProfile(page, { displayName: 'Petra Past' });
  const word = uniqueWord();
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await createPostViaApi(page.request, {
    title: `Knitting circle ${word}`,
    offering: 'Knitting lessons for complete beginners',
    lookingFor: 'Someone to help me prune my apple trees',
    availableFrom: day(2),
    availableUntil: day(5),
  });
  // Ten days on in the browser, the post's dates lie in the past.
  await page.clock.install({ time: new Date(Date.now() + 10 * 86_400_000) });
  await page.goto('/home');
  const row = page.getByTestId('my-post').filter({ hasText: word });
  await row.getByRole('button', { name: /Post actions/ }).click();
  await page.getByRole('menuitem', { name: 'Edit Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Exchange Post' });
  await dialog.getByLabel("What I'm Offering *").fill(`Knitting and crochet lessons ${word}`);
  await dialog.getByRole('button', { name: 'Update Post' }).click();
  await expect(page.getByText('Your post has been updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const saved = (await (await page.request.get('/api/posts/mine')).json()) as { items: { title: string; availableFrom: string; availableUntil: string }[] };
  expect(saved.items.find((p) => p.title.includes(word))).toMatchObject({ availableFrom: day(2), availableUntil: day(5) });
});

test('Edit Post has the Title field with the create rules, and asks before discarding changes', async ({ page }) => {
  test.slow();
  await memberWithProfile(page, { displayName: 'Tessa Title' });
  const word = uniqueWord();
  await createPostViaApi(page.request, {
    title: `Sourdough baking ${word}`,
    offering: 'Sourdough bread baking, starter included',
    lookingFor: 'Someone to help me fix my bicycle gears',
    additionalContext: 'My kitchen is small',
  });
  await page.goto('/home');
  const row = page.getByTestId('my-post').filter({ hasText: word });
  const dialog = page.getByRole('dialog', { name: 'Edit Exchange Post' });
  const openEdit = async () => {
    await row.getByRole('button', { name: /Post actions/ }).click();
    await page.getByRole('menuitem', { name: 'Edit Post' }).click();
    await expect(dialog).toBeVisible();
  };

  // The title as written, with the create dialog's rules and messages.
  await openEdit();
  const title = dialog.getByLabel('Title *');
  await expect(title).toHaveValue(`Sourdough baking ${word}`);
  await title.fill('Too short');
  await dialog.getByRole('button', { name: 'Update Post' }).click();
  await expect(dialog.getByText('Your title must be at least 10 characters.')).toBeVisible();
  await expect(page.getByText('Please fix the errors below')).toBeVisible();
  await title.fill('   ');
  await dialog.getByRole('button', { name: 'Update Post' }).click();
  await expect(dialog.getByText('Please enter a title')).toBeVisible();
  await title.fill(`Sourdough and rye baking ${word}`);
  await dialog.getByRole('button', { name: 'Update Post' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('button', { name: new RegExp(`^Sourdough and rye baking ${word}`) })).toBeVisible();

  // An untouched dialog closes on Escape without asking.
  await openEdit();
  await expect(title).toHaveValue(`Sourdough and rye baking ${word}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const confirm = page.getByRole('alertdialog', { name: 'Unsaved Changes' });
  await expect(confirm).toHaveCount(0);

  // With a change, Escape asks; Cancel keeps editing with the change; Yes discards it.
  await openEdit();
  const context = dialog.getByLabel('Additional Context (Optional)');
  await context.fill('My kitchen is small but has two ovens');
  await page.keyboard.press('Escape');
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText('You have unsaved changes. Are you sure you want to discard them?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeVisible();
  await expect(context).toHaveValue('My kitchen is small but has two ovens');
  // The close button asks too.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog).toBeHidden();
  await openEdit();
  await expect(context).toHaveValue('My kitchen is small');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  const saved = (await (await page.request.get('/api/posts/mine')).json()) as { items: { title: string; additionalContext: string | null }[] };
  expect(saved.items.find((p) => p.title.includes(word))).toMatchObject({ additionalContext: 'My kitchen is small' });
});
