import { expect, test } from './fixtures.js';
import { signedInMember } from './members.js';

test('a member created through the mail flow is signed in and lands on /home', async ({ page }) => {
  await signedInMember(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
});
