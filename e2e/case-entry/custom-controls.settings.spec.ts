import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';
import { apiCall, choose, chooseFirst, uniqueName } from './support.ts';

// Changes an organization's own RxForm layout and preference: runs in the shared-settings
// project, after the specs that start cases (see playwright.config.ts).
test.describe('Custom controls', () => {
  test("a required control built in the form builder appears in a doctor's form and its value is kept", async ({
    page,
    browser,
  }) => {
    // Staff build Riverside Family Dental's own layout (and an in-office preference) through the API.
    const staff = await browser.newPage();
    await asUser(staff, 'admin');
    const found = await apiCall<{ organizations: { data: { id: number; name: string }[] } }>(
      staff,
      'GET',
      '/organizations?searchString=Riverside',
    );
    const organizationId = found.body.organizations.data.find(
      (o) => o.name === 'Riverside Family Dental',
    )!.id;
    const layout = await apiCall<{
      form_builder: { id: number | null; organization_id: number | null; form_data: unknown[] };
    }>(staff, 'GET', `/organizations/${organizationId}/form-builder`);
    const preference = await apiCall<{ data: Record<string, unknown> }>(
      staff,
      'GET',
      `/organizations/${organizationId}/rx_form_preference`,
    );
    const attribute = `referral_${uniqueName('x').toLowerCase()}`;
    const section = {
      type: 'section',
      id: 'section-referral',
      columns: [
        {
          id: 'section-referral-column-1',
          controls: [
            {
              id: 'control-referral',
              system_type: 'text',
              system_name: 'text',
              custom_system_name: attribute,
              props: { label: 'Referral Source', type: 'text' },
              rules: { required: true },
            },
          ],
        },
      ],
    };
    const saved = await apiCall(staff, 'POST', '/form-builder', {
      organization_id: organizationId,
      form_builder_id: layout.body.form_builder.id,
      form_data: [...layout.body.form_builder.form_data, section],
    });
    expect(saved.status).toBe(201);
    const p = preference.body.data;
    const inOffice = await apiCall(staff, 'PUT', `/organizations/${organizationId}/rx_form_preference`, {
      initial_setup_assignments: [1, 2],
      print_assignments: [1, 2],
      insert_brackets_assignments: [1, 2],
      allowed_dibs_options: p.allowed_dibs_options,
      hidden_fields: p.hidden_fields,
      rush_case_enabled: true,
    });
    expect(inOffice.status).toBe(200);

    try {
      await asUser(page, 'multi', { path: `/organizations/${organizationId}/rx-forms/add` });
      const control = page.getByRole('textbox', { name: 'Referral Source' });
      await expect(control).toBeVisible();
      await expect(page.getByText('No additional fields exists')).toHaveCount(0);
      await expectAccessible(page);

      const doctor = page.getByRole('combobox', { name: 'Doctor', exact: true });
      if (await doctor.isVisible()) await chooseFirst(page, 'Doctor');
      await chooseFirst(page, 'Location');
      await page.getByRole('textbox', { name: 'First Name' }).fill('Iris');
      await page.getByRole('textbox', { name: 'Last Name' }).fill(uniqueName('Custom'));
      await page.getByLabel('Intraoral Scan Date').fill('2026-11-03');
      // In office: rush resets, the scan is uploaded (locked), no bracket library or shipping is needed.
      const rush = page.getByRole('switch', { name: 'Rush Case' });
      await rush.check();
      await choose(page, 'Initial Setup Assignment', 'In-Office');
      await expect(rush).not.toBeChecked();
      await expect(rush).toBeDisabled();
      await expect(page.getByRole('radio', { name: 'UPLOAD' })).toBeChecked();
      await expect(page.getByRole('radio', { name: 'SCANNER' })).toBeDisabled();
      await expect(page.getByRole('combobox', { name: 'Tray Design', exact: true })).toHaveCount(0);
      await choose(page, 'Print Assignment', 'In-Office');
      // Tray design is offered for in-office printing of IDB trays only.
      await expect(page.getByRole('combobox', { name: 'Tray Design', exact: true })).toBeVisible();
      await choose(page, 'Export Type', 'Guides');
      await expect(page.getByRole('combobox', { name: 'Tray Design', exact: true })).toHaveCount(0);
      await choose(page, 'Export Type', 'IDB tray');
      await expect(page.getByRole('combobox', { name: 'Shipping Method', exact: true })).toHaveCount(0);
      await page.getByRole('checkbox', { name: /Save for later/ }).check();

      // The required custom control keeps the case from being saved until it is filled.
      const save = page.getByRole('button', { name: 'Save for later' });
      await control.focus();
      await control.blur();
      await expect(page.getByText('Required', { exact: true })).toBeVisible();
      // An attempt names what is missing instead of saving.
      await save.click();
      const summary = page.getByRole('alert').filter({ hasText: /needs? attention/ });
      await expect(summary).toContainText('Referral Source');
      await expect(page.getByRole('dialog', { name: 'Extra Information' })).toHaveCount(0);
      await control.fill('Dr. Moss');
      await expect(summary).toHaveCount(0);
      await save.click();
      const info = page.getByRole('dialog', { name: 'Extra Information' });
      await info.getByRole('textbox', { name: 'Name' }).fill('Morgan');
      await info.getByRole('textbox', { name: 'Reason' }).fill('Scans follow');
      await info.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/patient-details\/\d+$/);

      const patientId = Number(/patient-details\/(\d+)/.exec(page.url())![1]);
      const details = await apiCall<{ patient: { rx_form: { id: number } } }>(
        staff,
        'GET',
        `/patients/${patientId}`,
      );
      const rx = await apiCall<{ rx_form: { custom_field_values: Record<string, unknown> } }>(
        staff,
        'GET',
        `/rx-forms/${details.body.patient.rx_form.id}`,
      );
      expect(rx.body.rx_form.custom_field_values[attribute]).toBe('Dr. Moss');
    } finally {
      await apiCall(staff, 'POST', `/organizations/${organizationId}/form-builder/reset`);
      await apiCall(staff, 'PUT', `/organizations/${organizationId}/rx_form_preference`, {
        initial_setup_assignments: p.initial_setup_assignments,
        print_assignments: p.print_assignments,
        insert_brackets_assignments: p.insert_brackets_assignments,
        allowed_dibs_options: p.allowed_dibs_options,
        hidden_fields: p.hidden_fields,
        rush_case_enabled: p.rush_case_enabled,
      });
      await staff.close();
    }
  });
});
