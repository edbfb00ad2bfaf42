import { asUser, expect, expectAccessible, test, waitForMail } from '../support/fixtures.ts';

test.describe('user page', () => {
  test('admin creates a user, archives, restores and deletes them', async ({ page }) => {
    await asUser(page, 'admin', { path: '/users' });
    await page.getByRole('link', { name: 'Create User' }).click();
    await expect(page).toHaveURL(/\/users\/add$/);
    const card = page.getByRole('region', { name: 'User Information' });
    await card.getByRole('button', { name: 'Create' }).click();
    await expect(card.getByText('Required')).toHaveCount(4);
    await card.getByLabel(/^First Name/).fill('jordan');
    await card.getByLabel(/^Last Name/).fill('lee');
    await card.getByRole('textbox', { name: /^Email/ }).fill('not-an-email');
    await card.getByLabel('Account Number').fill('ab1');
    await card.getByRole('button', { name: 'Create' }).click();
    await expect(card.getByText('Email is invalid')).toBeVisible();
    await expect(card.getByText('Must contain at least 6 characters.')).toBeVisible();
    await expectAccessible(page);

    const email = `jordan.lee.${Date.now()}@example.com`;
    await card.getByRole('textbox', { name: /^Email/ }).fill(email);
    await card.getByLabel('Account Number').fill('');
    await card.getByRole('combobox', { name: /^Role/ }).click();
    await page.getByRole('option', { name: 'Staff Member' }).click();
    await card.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('User successfully created.')).toBeVisible();
    await expect(page).toHaveURL(/\/users\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Jordan Lee', level: 1 })).toBeVisible();
    await waitForMail(email);

    // An e-mail that is taken is refused on the field.
    const info = page.getByRole('region', { name: 'User Information' });
    await info.getByRole('textbox', { name: /^Email/ }).fill('doctor@example.com');
    await info.getByRole('button', { name: 'Save' }).click();
    await expect(info.getByText(/already been taken/)).toBeVisible();
    await info.getByRole('textbox', { name: /^Email/ }).fill(email);
    await info.getByLabel(/^Last Name/).fill('Lee-Park');
    await info.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User successfully updated.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Jordan Lee-Park', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Archive' }).click();
    await expectAccessible(page);
    await page.getByRole('dialog', { name: 'Archive User' }).getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByText('User successfully archived.')).toBeVisible();
    await expect(info.getByText('Archived')).toBeVisible();
    await expect(info.getByLabel(/^First Name/)).toBeDisabled();
    await expect(info.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('dialog', { name: 'Restore User' }).getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByText('User successfully restored.')).toBeVisible();
    await expect(info.getByText('Archived')).toHaveCount(0);
    await expect(info.getByLabel(/^First Name/)).toBeEnabled();

    const userUrl = page.url();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete User' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('User successfully deleted.')).toBeVisible();
    await expect(page).toHaveURL(/\/organizations-users$/);
    await page.goto(userUrl);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Not found.');
  });

  test('on the own profile the role and the archive and delete actions are hidden', async ({ page }) => {
    await asUser(page, 'admin', { path: '/users' });
    await page.getByRole('searchbox', { name: "User's Name or Email" }).fill('admin@example.com');
    await page
      .getByRole('table', { name: 'Users' })
      .getByRole('link', { name: 'Details of Alex Admin' })
      .click();
    const info = page.getByRole('region', { name: 'User Information' });
    await expect(info.getByLabel(/^First Name/)).toHaveValue('Alex');
    await expect(info.getByRole('combobox', { name: /^Role/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Archive' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('a technician sees another user read-only without actions', async ({ page }) => {
    await asUser(page, 'tech', { path: '/users' });
    await page.getByRole('searchbox', { name: "User's Name or Email" }).fill('doctor@example.com');
    await page
      .getByRole('table', { name: 'Users' })
      .getByRole('link', { name: 'Details of Dana Doctor' })
      .click();
    const info = page.getByRole('region', { name: 'User Information' });
    await expect(info.getByLabel(/^First Name/)).toHaveValue('Dana');
    await expect(info.getByLabel(/^First Name/)).toBeDisabled();
    await expect(info.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Archive' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('admin turns an additional permission of a practice user on and off', async ({ page }) => {
    await asUser(page, 'admin', { path: '/users' });
    await page.getByRole('searchbox', { name: "User's Name or Email" }).fill('member@example.com');
    await page
      .getByRole('table', { name: 'Users' })
      .getByRole('row')
      .filter({ hasText: 'member@example.com' })
      .getByRole('link')
      .click();
    const card = page.getByRole('region', { name: 'Additional User Permissions' });
    const toggle = card.getByRole('switch', { name: 'Select Doctor' });
    await expect(toggle).not.toBeChecked();
    await expect(card.getByText('Can choose the doctor of a case when starting it.')).toBeVisible();
    await expectAccessible(page);
    await toggle.click();
    await expect(page.getByText('Custom permission enabled.')).toBeVisible();
    await page.reload();
    await expect(card.getByRole('switch', { name: 'Select Doctor' })).toBeChecked();
    await card.getByRole('switch', { name: 'Select Doctor' }).click();
    await expect(page.getByText('Custom permission disabled.')).toBeVisible();
    await expect(card.getByRole('switch', { name: 'Select Doctor' })).not.toBeChecked();
  });

  test('Whitehat Integration requires username and password when enabled and saves them', async ({
    page,
  }) => {
    await asUser(page, 'admin', { path: '/users' });
    await page.getByRole('searchbox', { name: "User's Name or Email" }).fill('manager@example.com');
    await page
      .getByRole('table', { name: 'Users' })
      .getByRole('row')
      .filter({ hasText: 'manager@example.com' })
      .getByRole('link')
      .click();
    const card = page.getByRole('region', { name: 'Whitehat Integration' });
    const enabled = card.getByRole('switch', { name: 'Enabled' });
    await expect(enabled).not.toBeChecked();
    await enabled.click();
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByText('Please provide username.')).toBeVisible();
    await expect(card.getByText('Please provide password.')).toBeVisible();
    await expectAccessible(page);
    await card.getByLabel(/^Username/).fill('morgan.whitehat');
    await card.getByLabel(/^Password/).fill('Secret-2026');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Whitehat integration successfully updated.')).toBeVisible();
    await page.reload();
    await expect(card.getByRole('switch', { name: 'Enabled' })).toBeChecked();
    await expect(card.getByLabel(/^Username/)).toHaveValue('morgan.whitehat');
    // The stored password is never sent back.
    await expect(card.getByLabel(/^Password/)).toHaveValue('');
  });

  test('Notification Settings: one switch per key, toggled on the server', async ({ page }) => {
    await asUser(page, 'admin', { path: '/users' });
    await page.getByRole('searchbox', { name: "User's Name or Email" }).fill('supervisor@example.com');
    await page
      .getByRole('table', { name: 'Users' })
      .getByRole('row')
      .filter({ hasText: 'supervisor@example.com' })
      .getByRole('link')
      .click();
    const card = page.getByRole('region', { name: 'Notification Settings' });
    await expect(card.getByRole('switch')).toHaveCount(13);
    const setting = card.getByRole('switch', { name: 'Monthly Invoice' });
    const before = await setting.isChecked();
    await expectAccessible(page);
    await setting.click();
    await expect(page.getByText('Notification settings successfully updated.')).toBeVisible();
    await page.reload();
    await expect(card.getByRole('switch', { name: 'Monthly Invoice' })).toBeChecked({ checked: !before });
  });
});
