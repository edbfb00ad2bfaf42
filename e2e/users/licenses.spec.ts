import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';

test.describe('licenses', () => {
  test('the list shows the licenses with their columns and searches by user (admin)', async ({ page }) => {
    await asUser(page, 'admin', { path: '/licenses' });
    await expect(page.getByRole('heading', { name: 'Licenses', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Licenses' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'User',
      'License Type',
      'Activation Date',
      'Expiration Date',
      'Seats',
      'Actions',
    ]);
    const dana = table.getByRole('row').filter({ hasText: 'Dana Doctor' });
    await expect(dana).toContainText('Standard');
    await expect(dana.getByRole('cell').nth(4)).toHaveText('5');
    // Licenses are never deleted.
    await expect(dana.getByRole('button', { name: 'Delete the license of Dana Doctor' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'New License' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('searchbox', { name: 'Search by User' }).fill('summit');
    await expect(table.getByRole('row').filter({ hasText: 'Avery Summit' })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Dana Doctor' })).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search by User' }).fill('nobody-matches-this');
    await expect(table.getByText('No licenses found.')).toBeVisible();
  });

  test('a technician sees the licenses without New License and a read-only edit page', async ({ page }) => {
    await asUser(page, 'tech', { path: '/licenses' });
    await expect(page.getByRole('table', { name: 'Licenses' }).getByText('Dana Doctor')).toBeVisible();
    await expect(page.getByRole('link', { name: 'New License' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Edit the license of Dana Doctor' }).click();
    await expect(page.getByRole('heading', { name: 'Edit License' })).toBeVisible();
    await expect(page.getByRole('spinbutton', { name: /^Seats/ })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete Front Desk PC' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('New License validates with the spec messages and issues a license to a user', async ({ page }) => {
    await asUser(page, 'admin', { path: '/licenses' });
    await page.getByRole('link', { name: 'New License' }).click();
    await expect(page).toHaveURL(/\/add-license$/);
    const form = page.getByRole('region', { name: 'New License' });
    await expect(form.getByText('Add a new license to an user')).toBeVisible();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Required')).toHaveCount(3);
    await expectAccessible(page);

    await form.getByRole('combobox', { name: /^User/ }).fill('Riley Rivers');
    await page.getByRole('option', { name: /Riley Rivers/ }).click();
    await form.getByRole('combobox', { name: /^License Type/ }).click();
    await page.getByRole('option', { name: 'Premium' }).click();
    // The type's default seats fill an empty Seats field.
    await expect(form.getByRole('spinbutton', { name: /^Seats/ })).toHaveValue('10');
    await form.getByRole('spinbutton', { name: /^Seats/ }).fill('-1');
    await form.getByLabel('Activation Date').fill('2026-03-10');
    await form.getByLabel('Expiration Date').fill('2026-03-01');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Seats cannot be negative.')).toBeVisible();
    await expect(form.getByText('Expiration date must be later than the activation date.')).toBeVisible();

    await form.getByRole('spinbutton', { name: /^Seats/ }).fill('7');
    await form.getByLabel('Expiration Date').fill('2027-03-10');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('License successfully created.')).toBeVisible();
    await expect(page).toHaveURL(/\/licenses$/);
    const row = page
      .getByRole('table', { name: 'Licenses' })
      .getByRole('row')
      .filter({ hasText: 'Premium' })
      .filter({ hasText: 'Riley Rivers' });
    await expect(row).toContainText('Mar 10, 2026');
    await expect(row).toContainText('Mar 10, 2027');
    await expect(row.getByRole('cell').nth(4)).toHaveText('7');
  });

  test('Edit License locks the type, saves seats, switches the status and deletes a device', async ({
    page,
  }) => {
    await asUser(page, 'admin', { path: '/licenses' });
    await page.getByRole('link', { name: 'Edit the license of Avery Summit' }).click();
    const form = page.getByRole('region', { name: 'Edit License' });
    await expect(form.getByText('Change license parameters')).toBeVisible();
    await expect(form.getByRole('combobox', { name: /^License Type/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(form.getByText('The license type cannot be changed.')).toBeVisible();

    const devices = page.getByRole('region', { name: 'Devices', exact: true });
    await expect(devices.getByRole('columnheader')).toHaveText([
      'Name',
      'Additional Information',
      'Created Date',
      'Actions',
    ]);
    // The demo organization's devices are shared with other specs: count what is there now.
    const deleteButtons = devices.getByRole('button', { name: /^Delete / });
    await expect(deleteButtons.first()).toBeVisible();
    const rowsBefore = await devices.getByRole('row').count();
    const seatsText = (await devices.getByText(/^Available Seats: \d+$/).textContent()) ?? '';
    const seatsBefore = Number(/\d+/.exec(seatsText)?.[0]);
    await expectAccessible(page);

    await deleteButtons.first().click();
    const dialog = page.getByRole('dialog', { name: 'Delete Device' });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Device successfully deleted.')).toBeVisible();
    await expect(devices.getByRole('row')).toHaveCount(rowsBefore - 1);
    await expect(devices.getByText(`Available Seats: ${seatsBefore + 1}`)).toBeVisible();

    // Seats below the registered devices are refused by the server on the field.
    const devicesLeft = rowsBefore - 2; // rows include the header; one device was just deleted
    await form.getByRole('spinbutton', { name: /^Seats/ }).fill(String(devicesLeft - 1));
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Seats cannot be fewer than the registered devices.')).toBeVisible();

    const active = form.getByRole('switch', { name: 'Active' });
    await expect(active).toBeChecked();
    await active.click();
    await expect(page.getByText('License successfully deactivated.')).toBeVisible();
    await expect(active).not.toBeChecked();
    await active.click();
    await expect(page.getByText('License successfully activated.')).toBeVisible();

    await form.getByRole('spinbutton', { name: /^Seats/ }).fill('12');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('License successfully updated.')).toBeVisible();
    await expect(page).toHaveURL(/\/licenses$/);
    const row = page
      .getByRole('table', { name: 'Licenses' })
      .getByRole('row')
      .filter({ hasText: 'Avery Summit' });
    await expect(row.getByRole('cell').nth(4)).toHaveText('12');
  });

  test('another organization user cannot open the licenses', async ({ page }) => {
    await asUser(page, 'doctor', { path: '/licenses' });
    await expect(page.getByRole('table', { name: 'Licenses' })).toHaveCount(0);
  });
});
