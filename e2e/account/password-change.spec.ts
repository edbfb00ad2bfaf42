import type { Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expect,
  invitedUser,
  expectAccessible,
  test,
  waitForAltcha,
} from '../support/fixtures.ts';

/**
 * A user of their own (invited to Bright Smiles for this test, so no shared demo password changes)
 * changes the password on the account page's User tab; the other session is signed out.
 */
const newUser = (page: Page) =>
  invitedUser(page, { prefix: 'password', firstName: 'Pat', lastName: 'Changer' });

async function signInWith(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.locator('input[name=password]').fill(password);
  await waitForAltcha(page);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

test('a user changes the password on the User tab and the other session is signed out', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { email, password } = await newUser(page);
  await signInWith(page, email, password);
  const other = await (await browser.newContext()).newPage();
  await signInWith(other, email, password);

  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Change Password' });
  await expect(card).toBeVisible();
  const submit = card.getByRole('button', { name: 'Change Password' });

  // The sign-up rules and the spec's message for different passwords.
  await card.getByLabel(/^Current Password/).fill(password);
  await card.getByLabel(/^New Password/).fill('Another123');
  await card.getByLabel(/^Confirm New Password/).fill('Another124');
  await submit.click();
  await expect(card.getByText('Both password need to be the same')).toBeVisible();

  // A wrong current password is refused by the server.
  await card.getByLabel(/^Current Password/).fill(DEMO_PASSWORD + 'x');
  await card.getByLabel(/^Confirm New Password/).fill('Another123');
  await submit.click();
  await expect(card.getByText('The current password is incorrect.')).toBeVisible();
  await expectAccessible(page);

  await card.getByLabel(/^Current Password/).fill(password);
  await submit.click();
  await expect(
    page.getByText('Your password has been changed. Your other sessions have been signed out.'),
  ).toBeVisible();
  await expect(card.getByLabel(/^Current Password/)).toHaveValue('');

  // This session stays; the other one is signed out on its next request.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  await other.reload();
  await expect(other).toHaveURL(/\/login/);
  await signInWith(other, email, 'Another123');
  await other.context().close();
});
