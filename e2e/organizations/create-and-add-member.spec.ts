import type { Page } from '@playwright/test';
import { API, asUser, expect, expectAccessible, test } from '../support/fixtures.ts';

const token = (page: Page) => page.evaluate(() => localStorage.getItem('archline.access_token'));

/** A fresh doctor with no organization, created through the API, to be added as a member. */
async function givenDoctor(page: Page, lastName: string): Promise<{ id: number; email: string }> {
  const email = `${lastName.toLowerCase()}@example.test`;
  const res = await page.request.post(`${API}/users`, {
    headers: { authorization: `Bearer ${await token(page)}` },
    data: { first_name: 'Quinn', last_name: lastName, email, role: 'doctor' },
  });
  expect(res.status()).toBe(201);
  return { id: ((await res.json()) as { user: { id: number } }).user.id, email };
}

/** Opens the Create Organization dialog, fills the form and creates; lands on the new page. */
async function createOrganization(page: Page, name: string, accountNumber: string) {
  await page.getByRole('button', { name: 'Create Organization' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Organization' });
  await dialog.getByRole('textbox', { name: /^Organization Name/ }).fill(name);
  await dialog.getByRole('textbox', { name: /^Account Number/ }).fill(accountNumber);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Organization successfully created.')).toBeVisible();
  await expect(page).toHaveURL(/\/organizations\/\d+$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

test.describe('create organization', () => {
  test('admin creates one from the list: the form rules, then the new organization page', async ({
    page,
  }) => {
    const suffix = Date.now().toString(36).toUpperCase();
    await asUser(page, 'admin', { path: '/organizations' });
    await page.getByRole('button', { name: 'Create Organization' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Organization' });
    await expectAccessible(page);
    await dialog.getByRole('textbox', { name: /^Account Number/ }).fill('ab1');
    await dialog.getByRole('textbox', { name: 'Organization Type' }).fill('Lab 9');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Required')).toBeVisible();
    await expect(dialog.getByText('Must contain at least 6 characters.')).toBeVisible();
    await expect(dialog.getByText('Invalid name')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await createOrganization(page, `Lakeside Orthodontics ${suffix}`, `LAKE-${suffix}`);
    await expect(page.getByRole('region', { name: 'Users', exact: true })).toContainText('No users yet.');
    await expectAccessible(page);

    // The account number is now taken: a second organization with it is refused on its field.
    await page.goto('/organizations');
    await page.getByRole('button', { name: 'Create Organization' }).click();
    await dialog.getByRole('textbox', { name: /^Organization Name/ }).fill(`Copy Practice ${suffix}`);
    await dialog.getByRole('textbox', { name: /^Account Number/ }).fill(`lake-${suffix}`);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('The account number has already been taken.')).toBeVisible();
  });

  test('the hub offers it too; keyboard only at 390 px', async ({ page }) => {
    const suffix = Date.now().toString(36).toUpperCase();
    await page.setViewportSize({ width: 390, height: 844 });
    await asUser(page, 'superadmin', { path: '/organizations-users' });
    const open = page.getByRole('button', { name: 'Create Organization' });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create Organization' });
    await expect(dialog.getByRole('textbox', { name: /^Organization Name/ })).toBeFocused();
    await page.keyboard.type(`Hub Dental ${suffix}`);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/organizations\/\d+$/);
    await expect(page.getByRole('heading', { name: `Hub Dental ${suffix}`, level: 1 })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  });

  test('roles without the gate see no Create Organization button', async ({ page }) => {
    for (const account of ['supervisor', 'tech']) {
      await asUser(page, account, { path: '/organizations' });
      await expect(page.getByRole('heading', { name: 'Organizations', level: 1 })).toBeVisible();
      await expect(page.getByTestId('organization-row').first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Create Organization' })).toHaveCount(0);
    }
    await asUser(page, 'supervisor', { path: '/organizations-users' });
    await expect(page.getByRole('heading', { name: 'Organizations & Users', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Organization' })).toHaveCount(0);
  });
});

test.describe('add member', () => {
  test('admin adds a user found by a debounced search with the default role; edit leads to the user', async ({
    page,
  }) => {
    const suffix = Date.now().toString(36).toUpperCase();
    await asUser(page, 'admin', { path: '/organizations' });
    const doctor = await givenDoctor(page, `Addable${suffix.toLowerCase()}`);
    await createOrganization(page, `Member Test Dental ${suffix}`, `MEM-${suffix}`);

    const users = page.getByRole('region', { name: 'Users', exact: true });
    await users.getByRole('button', { name: 'Add Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Member' });
    await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveText('Organization Member');
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect(dialog.getByText('Required')).toBeVisible();
    await expectAccessible(page);

    const searches: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === `${API}/users`)
        searches.push(url.searchParams.get('searchFullNameEmailQuery') ?? '');
    });
    await dialog.getByRole('combobox', { name: /^User/ }).pressSequentially(doctor.email, { delay: 20 });
    const option = page.getByRole('option', { name: new RegExp(doctor.email) });
    await expect(option).toBeVisible();
    // Typing is searched once it settles, not per keystroke.
    expect(searches.filter((q) => q && q !== doctor.email)).toEqual([]);
    await option.click();
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect(page.getByText('Member successfully added.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = users.getByTestId('member-row').filter({ hasText: doctor.email });
    await expect(row).toContainText('Organization Member');
    await expectAccessible(page);

    // Adding the same user again: the picker marks them and the server would refuse.
    await users.getByRole('button', { name: 'Add Member' }).click();
    await dialog.getByRole('combobox', { name: /^User/ }).fill(doctor.email);
    await expect(page.getByRole('option', { name: /already a member/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('link', { name: /^Edit / }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${doctor.id}$`));
  });

  test('Invite User: disabled until a valid e-mail; sends the invitation', async ({ page }) => {
    const suffix = Date.now().toString(36).toUpperCase();
    await page.setViewportSize({ width: 390, height: 844 });
    await asUser(page, 'admin', { path: '/organizations' });
    await createOrganization(page, `Invite Test Dental ${suffix}`, `INV-${suffix}`);
    await page
      .getByRole('region', { name: 'Users', exact: true })
      .getByRole('button', { name: 'Invite User' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Invite User' });
    const invite = dialog.getByRole('button', { name: 'Invite' });
    await expect(invite).toBeDisabled();
    await dialog.getByRole('textbox', { name: /^Email/ }).fill('not-an-email');
    await expect(invite).toBeDisabled();
    await dialog
      .getByRole('textbox', { name: /^Email/ })
      .fill(`invitee-${suffix.toLowerCase()}@example.test`);
    await expect(invite).toBeEnabled();
    await expectAccessible(page);
    await invite.click();
    await expect(page.getByText('The invitation has been sent.')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('supervisor (no add_member) sees the members but neither Add Member nor Invite User', async ({
    page,
  }) => {
    await asUser(page, 'supervisor', { path: '/organizations' });
    await page.getByRole('searchbox', { name: 'Search' }).fill('Riverside Family Dental');
    await expect(page.getByTestId('organization-row')).toHaveCount(1);
    await page.getByRole('link', { name: 'Riverside Family Dental' }).click();
    const users = page.getByRole('region', { name: 'Users', exact: true });
    await expect(users.getByTestId('member-row').first()).toBeVisible();
    await expect(users.getByRole('button', { name: 'Add Member' })).toHaveCount(0);
    await expect(users.getByRole('button', { name: 'Invite User' })).toHaveCount(0);
    await expect(users.getByRole('link', { name: /^Edit / }).first()).toHaveAttribute(
      'href',
      /\/users\/\d+$/,
    );
  });
});
