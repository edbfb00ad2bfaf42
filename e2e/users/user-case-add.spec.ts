import type { Page } from '@playwright/test';
import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';
import { tetrahedronStl, tinyPng } from '../patient-files/support.ts';
import { apiCall, chooseFirst, uniqueName } from '../case-entry/support.ts';

interface ApiUser {
  id: number;
  full_name: string;
}

/** A demo user's id and name, read through the users list as the signed-in staff member. */
async function demoUser(page: Page, email: string): Promise<ApiUser> {
  const found = await apiCall<{ users: { data: ApiUser[] } }>(
    page,
    'GET',
    `/users?searchFullNameEmailQuery=${encodeURIComponent(email)}`,
  );
  expect(found.status).toBe(200);
  const user = found.body.users.data[0];
  expect(user).toBeDefined();
  return user!;
}

test.describe('a case for a doctor (/users/{userId}/patients/add)', () => {
  test('staff start a case for a doctor from the user page and land on the new patient', async ({ page }) => {
    await asUser(page, 'admin');
    const doctor = await demoUser(page, 'member@example.com');
    await page.goto(`/users/${doctor.id}`);
    await expect(page.getByRole('heading', { level: 1, name: doctor.full_name })).toBeVisible();
    await page.getByRole('link', { name: 'Start a Case' }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${doctor.id}/patients/add$`));
    await expect(
      page.getByRole('heading', { level: 1, name: `Start a Case for ${doctor.full_name}` }),
    ).toBeVisible();
    // The doctor is fixed: shown, not chosen.
    await expect(page.getByRole('textbox', { name: 'Doctor' })).toHaveValue(doctor.full_name);
    await expect(page.getByRole('combobox', { name: 'Doctor', exact: true })).toHaveCount(0);
    await expect(page.getByText('Organization: Bright Smiles Orthodontics')).toBeVisible();

    const last = uniqueName('Staff');
    await chooseFirst(page, 'Location');
    await page.getByRole('textbox', { name: 'First Name' }).fill('Iris');
    await page.getByRole('textbox', { name: 'Last Name' }).fill(last);
    await page.getByLabel('Intraoral Scan Date').fill('2026-11-02');
    await page.getByRole('radio', { name: 'UPLOAD' }).check();
    // The doctor's bracket libraries.
    await page.getByRole('combobox', { name: 'Bracket Libraries' }).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await chooseFirst(page, 'Shipping Method');
    await page
      .getByTestId('files-input-2')
      .setInputFiles([{ name: 'upper_scan.stl', mimeType: 'model/stl', buffer: tetrahedronStl(10) }]);
    await page
      .getByTestId('files-input-3')
      .setInputFiles([{ name: 'smile.png', mimeType: 'image/png', buffer: tinyPng('smile') }]);
    await expect(
      page.getByRole('list', { name: 'STL Files uploaded' }).getByText('upper_scan.stl', { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Intraoral Photos uploaded' }).getByText('smile.png', { exact: true }),
    ).toBeVisible();
    await expectAccessible(page);

    const created = page.waitForResponse(
      (r) => r.url().endsWith('/services/api/v2/patients') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Submit' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ user_id: doctor.id, rx_form_id: null });
    await expect(page).toHaveURL(/\/patient-details\/\d+$/);
    await expect(page.getByText('The case was submitted successfully.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Last Name' })).toHaveValue(last);
    await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('Iris');

    const patientId = Number(/patient-details\/(\d+)/.exec(page.url())![1]);
    const details = await apiCall<{ patient: { user_id: number } }>(page, 'GET', `/patients/${patientId}`);
    expect(details.body.patient.user_id).toBe(doctor.id);
  });

  test('a doctor of two organizations: staff choose the organization; at 390 px the form reads', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await asUser(page, 'supervisor');
    const doctor = await demoUser(page, 'multi@example.com');
    await page.goto(`/users/${doctor.id}/patients/add`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Start a Case for ${doctor.full_name}` }),
    ).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Organization' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Doctor' })).toHaveValue(doctor.full_name);
    await expect(page.getByRole('combobox', { name: 'Location', exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test('the link is only on a doctor’s page; those without the right are refused the page', async ({
    page,
  }) => {
    await asUser(page, 'admin');
    const tech = await demoUser(page, 'tech@example.com');
    const doctor = await demoUser(page, 'member@example.com');
    await page.goto(`/users/${tech.id}`);
    await expect(page.getByRole('heading', { level: 1, name: tech.full_name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start a Case' })).toHaveCount(0);
    // Not a doctor: the page says so instead of a form.
    await page.goto(`/users/${tech.id}/patients/add`);
    await expect(page.getByText(`${tech.full_name} is not a doctor`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
    await page.goto('/users/999999/patients/add');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();

    // A technician may not start cases: no link, and the page refuses.
    await asUser(page, 'tech', { path: `/users/${doctor.id}` });
    await expect(page.getByRole('heading', { level: 1, name: doctor.full_name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start a Case' })).toHaveCount(0);
    await page.goto(`/users/${doctor.id}/patients/add`);
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  });
});
