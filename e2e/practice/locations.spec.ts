import type { Page } from '@playwright/test';
import { API, asUser, expect, expectAccessible, test } from '../support/fixtures.ts';

async function openLocations(page: Page, account: string, path = '/locations') {
  await asUser(page, account, { path });
  await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
}

function table(page: Page) {
  return page.getByRole('table', { name: 'Locations' });
}

/** The signed-in user's bearer token, to read what the API returns. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('archline.access_token'));
  const response = await page.request.get(`${API}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

interface ApiLocation {
  id: number;
  organization_id: number;
  location_name: string;
  city: string;
  state: string;
  users: number[];
}

/** A text input by its exact accessible name (required labels carry a decorative asterisk). */
function field(page: Page, name: string) {
  return page.getByRole('textbox', { name, exact: true });
}

async function fillLocation(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await field(page, label).fill(value);
}

test.describe('locations', () => {
  test('the owner sees the assigned locations, searches them and the list is accessible', async ({
    page,
  }) => {
    await openLocations(page, 'doctor');
    await expect(table(page).getByRole('link', { name: 'Denver Main Office' })).toBeVisible();
    await expect(table(page).getByRole('link', { name: 'Boulder Office' })).toBeVisible();
    await expect(table(page)).toContainText('1550 Larimer Street');
    await expect(page.getByRole('link', { name: 'Add Location' })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Search locations').fill('Pearl');
    await expect(table(page).getByRole('link', { name: 'Denver Main Office' })).toHaveCount(0);
    await expect(table(page).getByRole('link', { name: 'Boulder Office' })).toBeVisible();
    await page.getByLabel('Search locations').fill('nowhere-at-all');
    await expect(table(page)).toContainText('No locations found.');
  });

  test('a member sees only the locations assigned to them', async ({ page }) => {
    // Bright Smiles' organization members are assigned to Denver only; the API agrees.
    await asUser(page, 'member');
    const { locations } = await apiGet<{ locations: { data: ApiLocation[] } }>(page, '/locations');
    expect(locations.data.map((l) => l.location_name)).toEqual(['Denver Main Office']);
  });

  test('the form validates with the spec messages, creates, updates and deletes a location', async ({
    page,
  }) => {
    await openLocations(page, 'doctor');
    await page.getByRole('link', { name: 'Add Location' }).click();
    await expect(page).toHaveURL(/\/locations\/add$/);
    await expect(page.getByRole('heading', { name: 'Add Location' })).toBeVisible();
    await expect(field(page, 'Country')).toHaveValue('USA');
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();

    await field(page, 'Location Name').fill('x');
    await field(page, 'Location Name').fill('');
    await field(page, 'Email').fill('not-an-email');
    await field(page, 'Phone Number').fill('+0123');
    await field(page, 'State').fill('COL');
    await field(page, 'City').click();
    await expect(page.getByText('Required')).toBeVisible();
    await expect(page.getByText('Email is invalid')).toBeVisible();
    await expect(page.getByText('Invalid phone number.')).toBeVisible();
    await expect(page.getByText('State must be exactly 2 characters.')).toBeVisible();
    await expect(save).toBeDisabled();
    await expectAccessible(page);

    const name = `Littleton Satellite ${Date.now()}`;
    await fillLocation(page, {
      'Location Name': name,
      'First Name': 'Lee',
      'Last Name': 'Front',
      Email: 'littleton@brightsmiles.example.com',
      'Phone Number': '+13035550999',
      'Street Address': '10 Main Street',
      City: 'Littleton',
      State: 'CO',
      'Zip Code': '80120',
    });
    await page.getByLabel('Assigned Users').click();
    await page.getByRole('option', { name: /Morgan Manager/ }).click();
    await page.keyboard.press('Escape');
    await save.click();
    await expect(page.getByText('Location successfully created.')).toBeVisible();
    await expect(page).toHaveURL(/\/locations$/);
    await expect(table(page).getByRole('link', { name })).toBeVisible();

    const list = await apiGet<{ locations: { data: ApiLocation[] } }>(
      page,
      `/locations?locationInfo=${encodeURIComponent(name)}`,
    );
    expect(list.locations.data).toHaveLength(1);
    const created = list.locations.data[0]!;
    expect(created).toMatchObject({ location_name: name, city: 'Littleton', state: 'CO' });
    expect(created.users).toHaveLength(1);

    await table(page).getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/locations/${created.id}$`));
    await expect(field(page, 'Street Address')).toBeEnabled();
    await field(page, 'City').fill('Englewood');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Location successfully updated.')).toBeVisible();
    await expect(page).toHaveURL(/\/locations$/);
    const updated = await apiGet<{ location: ApiLocation }>(page, `/locations/${created.id}`);
    expect(updated.location.city).toBe('Englewood');

    await table(page).getByRole('link', { name }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Location' });
    await expect(dialog).toContainText(name);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Location successfully deleted.')).toBeVisible();
    await expect(page).toHaveURL(/\/locations$/);
    await expect(table(page).getByRole('link', { name })).toHaveCount(0);
    const after = await apiGet<{ locations: { data: ApiLocation[] } }>(
      page,
      `/locations?locationInfo=${encodeURIComponent(name)}`,
    );
    expect(after.locations.data).toHaveLength(0);
  });

  test('an organization manager edits but may not delete a location; open requests lock its address', async ({
    page,
  }) => {
    await openLocations(page, 'manager');
    // The demo cases ship open printing requests to Denver Main Office.
    const { locations } = await apiGet<{
      locations: { data: (ApiLocation & { has_incomplete_requests: boolean })[] };
    }>(page, '/locations?locationInfo=Denver%20Main%20Office');
    expect(locations.data[0]!.has_incomplete_requests).toBe(true);
    await table(page).getByRole('link', { name: 'Denver Main Office' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Denver Main Office' })).toBeVisible();
    await expect(field(page, 'Street Address')).toHaveValue('1550 Larimer Street');
    await expect(field(page, 'Street Address')).toBeDisabled();
    await expect(field(page, 'City')).toBeDisabled();
    await expect(
      page.getByText(
        'The address modification has been disabled while all your requests are completed. If you want to update the destination address for an open request, please contact the administrator.',
      ),
    ).toBeVisible();
    // The rest of the location stays editable.
    await expect(field(page, 'Location Name')).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    // Organization managers may not delete locations (owners may).
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expectAccessible(page);

    // The server refuses the address change too.
    const token = await page.evaluate(() => window.localStorage.getItem('archline.access_token'));
    const refused = await page.request.put(`${API}/locations/${locations.data[0]!.id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { ...locations.data[0], street_address: '1 Other Street' },
    });
    expect(refused.status()).toBe(422);
  });

  test('management opens the organization-scoped locations of a practice', async ({ page }) => {
    await asUser(page, 'admin');
    const { locations } = await apiGet<{ locations: { data: ApiLocation[] } }>(
      page,
      '/locations?locationInfo=Boulder%20Office',
    );
    const organizationId = locations.data[0]!.organization_id;
    await page.goto(`/organizations/${organizationId}/locations`);
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
    await expect(table(page).getByRole('link', { name: 'Denver Main Office' })).toBeVisible();
    await expect(table(page).getByRole('link', { name: 'Summit Downtown' })).toHaveCount(0);
    await table(page).getByRole('link', { name: 'Boulder Office' }).click();
    await expect(page).toHaveURL(new RegExp(`/organizations/${organizationId}/locations/\\d+$`));
    await expect(field(page, 'Street Address')).toHaveValue('2200 Pearl Street');
    await expectAccessible(page);
  });
});
