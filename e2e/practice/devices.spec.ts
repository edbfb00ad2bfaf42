import type { Page } from '@playwright/test';
import { API, asUser, expect, expectAccessible, test } from '../support/fixtures.ts';

async function openDevices(page: Page, email: string) {
  await asUser(page, email, { path: '/account?tab=7' });
  await expect(page.getByRole('tab', { name: 'Devices' })).toHaveAttribute('aria-selected', 'true');
}

interface ApiLicense {
  available_seats: number;
  devices: { id: number; name: string }[];
}

/** The current organization's licenses as the API returns them to the signed-in user. */
async function apiLicenses(page: Page): Promise<ApiLicense[]> {
  const token = await page.evaluate(() => window.localStorage.getItem('archline.access_token'));
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await page.request.get(`${API}/me`, { headers })).json()) as {
    current_organization_id: number;
  };
  const response = await page.request.get(`${API}/organizations/${me.current_organization_id}/licenses`, {
    headers,
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { licenses: ApiLicense[] }).licenses;
}

test.describe('account page, Devices tab', () => {
  test('the license holder sees the seats and devices of each license', async ({ page }) => {
    await openDevices(page, 'doctor@example.com');
    const license = page.getByRole('region', { name: 'Standard License' });
    await expect(license.getByText('Available Seats: 3')).toBeVisible();
    const table = license.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText([
      'Name',
      'Last Login',
      'Registration Date',
      'Actions',
    ]);
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table).toContainText('Front Desk PC');
    await expect(table).toContainText('Operatory 2');
    await expect(license.getByRole('button', { name: 'Edit Front Desk PC' })).toBeVisible();
    await expectAccessible(page);
  });

  test('an organization member without organization.update sees the devices without actions', async ({
    page,
  }) => {
    await openDevices(page, 'member@example.com');
    const table = page.getByRole('region', { name: 'Standard License' }).getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Last Login', 'Registration Date']);
    await expect(table).toContainText('Front Desk PC');
    await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
  });

  test('the owner renames and deletes a device; the seat becomes available', async ({ page }) => {
    await openDevices(page, 'owner@summit.example.com');
    const license = page.getByRole('region', { name: 'Premium License' });
    await expect(license.getByText('Available Seats: 6')).toBeVisible();

    await license.getByRole('button', { name: 'Edit Summit Station 4' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Device' });
    const name = edit.getByRole('textbox', { name: 'Device Name', exact: true });
    await expect(name).toHaveValue('Summit Station 4');
    await name.fill('');
    await name.blur();
    await expect(edit.getByText('Required')).toBeVisible();
    await expectAccessible(page);
    await name.fill('Reception Tablet');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Device successfully updated.')).toBeVisible();
    await expect(edit).toHaveCount(0);
    await expect(license.getByRole('table')).toContainText('Reception Tablet');

    await license.getByRole('button', { name: 'Delete Summit Station 3' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Device' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Device successfully deleted.')).toBeVisible();
    await expect(license.getByText('Available Seats: 7')).toBeVisible();
    await expect(license.getByRole('table')).not.toContainText('Summit Station 3');

    const [saved] = await apiLicenses(page);
    expect(saved!.available_seats).toBe(7);
    expect(saved!.devices.map((d) => d.name).sort()).toEqual([
      'Reception Tablet',
      'Summit Station 1',
      'Summit Station 2',
    ]);
  });
});
