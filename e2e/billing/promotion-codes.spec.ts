import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';

test.describe('promotion codes', () => {
  test('a supervisor finds codes by code and status; amounts in dollars or percent, uses and type chips', async ({
    page,
  }) => {
    await asUser(page, 'supervisor', { path: '/patients-page' });
    await page.getByRole('link', { name: 'Promotion Codes' }).click();
    await expect(page).toHaveURL(/\/promotion-codes$/);
    await expect(page.getByRole('heading', { name: 'Promotion Codes', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Promotion codes' });
    const first = table.getByRole('row').filter({ hasText: 'FIRSTMONTHFREE' });
    await expect(first).toContainText('First Month');
    await expect(first).toContainText('100.0%');
    const welcome = table.getByRole('row').filter({ hasText: 'WELCOME50' });
    await expect(welcome).toContainText('$50.00');
    await expect(welcome).toContainText('of 100');
    await expect(welcome).toContainText('Start-up Fee');
    await expectAccessible(page);

    await page.getByRole('searchbox', { name: 'Search by Code' }).fill('TWO');
    await expect(table.getByRole('row').filter({ hasText: 'TWOMONTHSFREE' })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'FIRSTMONTHFREE' })).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search by Code' }).fill('');

    await page.getByRole('button', { name: 'Inactive' }).click();
    const ended = table.getByRole('row').filter({ hasText: 'EXPO2025' });
    await expect(ended).toContainText('25 of 25');
    await expect(table.getByRole('row').filter({ hasText: 'WELCOME50' })).toHaveCount(0);
  });

  test('an admin creates a code with every message of the form, updates it and deletes it', async ({
    page,
  }) => {
    await asUser(page, 'admin', { path: '/promotion-codes' });
    await page.getByRole('link', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/promotion-codes\/add$/);
    const form = page.getByRole('region', { name: 'Create Promotion Code' });
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(form.getByText('Required', { exact: true })).toHaveCount(4);
    await expectAccessible(page);

    const code = `E2E${Date.now()}`;
    await form.getByRole('textbox', { name: /^Code/ }).fill(code.toLowerCase());
    await form.getByRole('textbox', { name: /^Description/ }).fill('A test discount');
    await form.getByRole('textbox', { name: /^Value/ }).fill('-5');
    await form.getByRole('textbox', { name: /^Value/ }).blur();
    await expect(form.getByText('Must contain only capital letters and numbers')).toBeVisible();
    await expect(form.getByText('Value cannot be negative.')).toBeVisible();

    await form.getByRole('textbox', { name: /^Code/ }).fill(code);
    await form.getByRole('radio', { name: 'Percentage (%)' }).check();
    await form.getByRole('textbox', { name: /^Value/ }).fill('12.5');
    await form.getByRole('combobox', { name: /^Type/ }).click();
    await page.getByRole('option', { name: 'Start-up Fee' }).click();
    await form.getByRole('textbox', { name: 'Max Uses' }).fill('3');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Promotion code successfully created.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/promotion-codes$/);

    await page.getByRole('searchbox', { name: 'Search by Code' }).fill(code);
    const row = page
      .getByRole('table', { name: 'Promotion codes' })
      .getByRole('row')
      .filter({ hasText: code });
    await expect(row).toContainText('12.5%');
    await expect(row).toContainText('0 of 3');
    await row.getByRole('link', { name: `Show ${code}` }).click();

    const edit = page.getByRole('region', { name: `Promotion Code ${code}` });
    await expect(edit.getByRole('textbox', { name: /^Code/ })).toBeDisabled();
    await expect(edit.getByText('The code cannot be changed after creation.')).toBeVisible();
    await edit.getByRole('radio', { name: 'Fixed ($)' }).check();
    await edit.getByRole('textbox', { name: /^Value/ }).fill('20');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Promotion code successfully updated.').first()).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search by Code' }).fill(code);
    await expect(row).toContainText('$20.00');

    await row.getByRole('link', { name: `Show ${code}` }).click();
    await edit.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Promotion Code' });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Promotion code successfully deleted.').first()).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search by Code' }).fill(code);
    await expect(page.getByText('No promotion codes found.')).toBeVisible();
  });

  test('the code with id 1 is read-only', async ({ page }) => {
    await asUser(page, 'admin', { path: '/promotion-codes/1' });
    await expect(page.getByText('This promotion code is read-only.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Description/ })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('a technician has no Promotion Codes entry and no access', async ({ page }) => {
    await asUser(page, 'tech', { path: '/promotion-codes' });
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Promotion Codes' })).toHaveCount(0);
  });
});
