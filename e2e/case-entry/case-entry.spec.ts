import type { Page } from '@playwright/test';
import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';
import { tetrahedronStl, tinyPng } from '../patient-files/support.ts';
import { apiCall, choose, chooseFirst, settled, uniqueName } from './support.ts';

const FIRST_PICK_NOTE =
  'The bonding date is contingent on doctor approval within 24 hours; arrival is no earlier than the end of the business day.';

/** Opens Start a Case from the sidebar. */
async function openStartCase(page: Page) {
  await page.getByRole('link', { name: 'Start a New Case' }).click();
  await expect(page).toHaveURL(/\/organizations\/\d+\/rx-forms\/add$/);
  await expect(page.getByRole('heading', { name: 'Start a Case', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Location', exact: true })).toBeVisible();
}

/** Fills the fields every case needs (without files). */
async function fillCase(page: Page, first: string, last: string) {
  await chooseFirst(page, 'Doctor');
  await chooseFirst(page, 'Location');
  await page.getByRole('textbox', { name: 'First Name' }).fill(first);
  await page.getByRole('textbox', { name: 'Last Name' }).fill(last);
  await page.getByLabel('Intraoral Scan Date').fill('2026-11-02');
  await page.getByRole('radio', { name: 'UPLOAD' }).check();
  // Bracket libraries of the chosen doctor.
  await page.getByRole('combobox', { name: 'Bracket Libraries' }).click();
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
  // The shipping location follows the location; a shipping method of it.
  await chooseFirst(page, 'Shipping Method');
}

async function uploadFiles(page: Page) {
  await page.getByTestId('files-input-2').setInputFiles([
    { name: 'upper_scan.stl', mimeType: 'model/stl', buffer: tetrahedronStl(10) },
    { name: 'scan_mand.stl', mimeType: 'model/stl', buffer: tetrahedronStl(12) },
  ]);
  await page
    .getByTestId('files-input-3')
    .setInputFiles([{ name: 'smile.png', mimeType: 'image/png', buffer: tinyPng('smile') }]);
  const uploaded = page.getByRole('list', { name: 'STL Files uploaded' });
  await expect(uploaded.getByText('upper_scan.stl', { exact: true })).toBeVisible();
  await expect(uploaded.getByText('scan_mand.stl', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Intraoral Photos uploaded' }).getByText('smile.png', { exact: true }),
  ).toBeVisible();
  // The arch tag is preset from the file name.
  await expect(page.getByRole('combobox', { name: 'Arch of upper_scan.stl' })).toHaveText('Maxillary');
  await expect(page.getByRole('combobox', { name: 'Arch of scan_mand.stl' })).toHaveText('Mandibular');
}

test.describe('Start a Case', () => {
  test('a doctor submits a full case with files, teeth and a bonding date and sees it on the patient page', async ({
    page,
    browser,
  }) => {
    await asUser(page, 'doctor');
    await openStartCase(page);
    await expect(page.getByText('No additional fields exists')).toBeVisible();
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeEnabled();
    await expectAccessible(page);

    const last = uniqueName('Full');
    await fillCase(page, 'Ava', last);
    // The doctor selector lists doctors with their short role labels.
    await expect(page.getByRole('combobox', { name: 'Doctor' })).toHaveText(/\((Owner|Manager|Member)\)$/);

    // Without files the case is not submitted: the attempt says which files are missing.
    await submit.click();
    const summary = page.getByRole('alert').filter({ hasText: /need(s)? attention/ });
    await expect(summary).toContainText('STL Files');
    await expect(summary).toContainText('Intraoral Photos');
    await expect(page).toHaveURL(/\/rx-forms\/add$/);
    await uploadFiles(page);
    await expect(summary.getByRole('button', { name: 'STL Files' })).toHaveCount(0);

    // The tooth chart: a click cycles none -> missing/extract -> keep space -> none; the keyboard too.
    const ur8 = page.getByRole('button', { name: /^UR8:/ });
    await ur8.click();
    await expect(ur8).toHaveAccessibleName('UR8: Missing / Extract');
    const ul1 = page.getByRole('button', { name: /^UL1:/ });
    await ul1.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(ul1).toHaveAccessibleName('UL1: Keep Space');
    const lr3 = page.getByRole('button', { name: /^LR3:/ });
    await lr3.click();
    await lr3.click();
    await lr3.click();
    await expect(lr3).toHaveAccessibleName('LR3: None');
    for (const q of ['Upper Right', 'Upper Left', 'Lower Right', 'Lower Left'])
      await expect(page.getByText(q, { exact: true })).toBeVisible();

    // The bonding date: a business day from the calendar.
    await page.getByRole('button', { name: 'Choose the bonding date' }).click();
    const calendar = page.getByRole('dialog', { name: 'Bonding date calendar' });
    await expect(calendar.getByRole('grid')).toBeVisible();
    await settled(calendar);
    await expectAccessible(page);
    const day = calendar.locator('[data-date]:not([disabled])').first();
    const date = await day.getAttribute('data-date');
    await day.click();
    await expect(calendar).toBeHidden();
    await expect(page.getByText(FIRST_PICK_NOTE)).toBeVisible();
    const [y, m, d] = date!.split('-');
    await expect(page.getByTestId('bonding-date-input')).toHaveValue(`${m}/${d}/${y}`);

    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page).toHaveURL(/\/patient-details\/\d+$/);
    await expect(page.getByText('The case was submitted successfully.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Last Name' })).toHaveValue(last);

    const patientId = Number(/patient-details\/(\d+)/.exec(page.url())![1]);
    const details = await apiCall<{ patient: { rx_form: { id: number; teeth: Record<string, number> } } }>(
      page,
      'GET',
      `/patients/${patientId}`,
    );
    const rx = await apiCall<{ rx_form: { bonding_date: string; teeth: Record<string, number> } }>(
      page,
      'GET',
      `/rx-forms/${details.body.patient.rx_form.id}`,
    );
    expect(rx.body.rx_form.bonding_date).toBe(date);
    expect(rx.body.rx_form.teeth.u00).toBe(1);
    expect(rx.body.rx_form.teeth.u08).toBe(2);
    expect(rx.body.rx_form.teeth.l05).toBe(0);
    const files = await apiCall<{ sections: { type: number; files: { name: string }[] }[] }>(
      page,
      'GET',
      `/patients/${patientId}/files`,
    );
    const names = files.body.sections.flatMap((s) => s.files.map((f) => f.name));
    expect(names).toEqual(expect.arrayContaining(['upper_scan.stl', 'scan_mand.stl', 'smile.png']));

    // The practice's manager is told of the submitted case, and the notice opens it. (Read
    // through the API: opening the bell would mark the manager's other notifications read.)
    const managerSession = await browser.newContext();
    const manager = await managerSession.newPage();
    await asUser(manager, 'manager');
    const notice = `The initial case setup request of Ava ${last} has been submitted by Dana Doctor.`;
    const link = async () =>
      (
        await apiCall<{ data: { message: string; link: string | null }[] }>(
          manager,
          'GET',
          '/notifications?per_page=100',
        )
      ).body.data.find((n) => n.message === notice)?.link;
    await expect.poll(link).toBe(`/patient-details/${patientId}`);
    await manager.goto(`/patient-details/${patientId}`);
    await expect(manager.getByRole('textbox', { name: 'Last Name' })).toHaveValue(last);
    await managerSession.close();
  });

  test('save for later asks who and why, relaxes the file rules and keeps the case', async ({ page }) => {
    await asUser(page, 'doctor');
    await openStartCase(page);
    const last = uniqueName('Later');
    await fillCase(page, 'Ben', last);
    await page.getByRole('checkbox', { name: /Save for later/ }).check();
    const save = page.getByRole('button', { name: 'Save for later' });
    await expect(save).toBeEnabled();
    // A rush case needs who authorized it, and shows its fee (per arch, both arches by default).
    await page.getByRole('switch', { name: 'Rush Case' }).check();
    const organizationId = Number(/organizations\/(\d+)\//.exec(page.url())![1]);
    const { body: prices } = await apiCall<{ pricing: { arch_fees: { rush_case: number | null } } }>(
      page,
      'GET',
      `/organizations/${organizationId}/rx-form-pricing`,
    );
    const rushFee = 2 * (prices.pricing.arch_fees.rush_case ?? 0);
    expect(rushFee).toBeGreaterThan(0);
    await expect(page.getByTestId('rx-form-fees')).toContainText(`Rush case fee: $${rushFee.toFixed(2)}.`);
    const authorizedBy = page.getByRole('textbox', { name: 'Rush Authorized By' });
    await expect(authorizedBy).toBeVisible();
    // Saving without who authorized the rush marks the field instead of opening the dialog.
    await save.click();
    await expect(authorizedBy).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('dialog', { name: 'Extra Information' })).toHaveCount(0);
    await authorizedBy.fill('Dr. Dana');
    await expect(save).toBeEnabled();
    await save.click();

    const dialog = page.getByRole('dialog', { name: 'Extra Information' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: 'Notify Office' })).toHaveCount(0);
    const next = dialog.getByRole('button', { name: 'Continue' });
    await expect(next).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Dana');
    await expect(next).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Waiting for the scans');
    await settled(dialog);
    await expectAccessible(page);
    await next.click();

    await expect(page).toHaveURL(/\/patient-details\/\d+$/);
    const patientId = Number(/patient-details\/(\d+)/.exec(page.url())![1]);
    const details = await apiCall<{ patient: { rx_form: { id: number } } }>(
      page,
      'GET',
      `/patients/${patientId}`,
    );
    const rx = await apiCall<{
      rx_form: {
        saved_for_later: boolean;
        saved_for_later_info: { name: string; reason: string };
        rush_case: boolean;
        rush_case_authorized_by: string;
      };
    }>(page, 'GET', `/rx-forms/${details.body.patient.rx_form.id}`);
    expect(rx.body.rx_form.saved_for_later).toBe(true);
    expect(rx.body.rx_form).toMatchObject({ rush_case: true, rush_case_authorized_by: 'Dr. Dana' });
    expect(rx.body.rx_form.saved_for_later_info).toMatchObject({
      name: 'Dana',
      reason: 'Waiting for the scans',
    });
  });

  test('a patient name that exists asks for confirmation and gets a numeric suffix', async ({ page }) => {
    await asUser(page, 'doctor');
    const last = uniqueName('Twin');
    for (const attempt of [1, 2]) {
      await page.goto('/patients');
      await openStartCase(page);
      await fillCase(page, 'Cleo', last);
      await page.getByRole('checkbox', { name: /Save for later/ }).check();
      await page.getByRole('button', { name: 'Save for later' }).click();
      const info = page.getByRole('dialog', { name: 'Extra Information' });
      await info.getByRole('textbox', { name: 'Name' }).fill('Dana');
      await info.getByRole('textbox', { name: 'Reason' }).fill('Duplicate check');
      await info.getByRole('button', { name: 'Continue' }).click();
      if (attempt === 2) {
        const similar = page.getByRole('dialog', { name: 'Similar Patient' });
        await expect(similar).toContainText('A patient with the same name already exists.');
        await settled(similar);
        await expectAccessible(page);
        await similar.getByRole('button', { name: 'Confirm' }).click();
      }
      await expect(page).toHaveURL(/\/patient-details\/\d+$/);
    }
    const patientId = Number(/patient-details\/(\d+)/.exec(page.url())![1]);
    const details = await apiCall<{ patient: { numeric_suffix: number | null; last_name: string } }>(
      page,
      'GET',
      `/patients/${patientId}`,
    );
    expect(details.body.patient.last_name).toBe(last);
    expect(details.body.patient.numeric_suffix).toBeGreaterThanOrEqual(1);
  });

  test('a management user without the create right is sent to the patient list', async ({ page }) => {
    await asUser(page, 'partner', { path: '/organizations/1/rx-forms/add' });
    await expect(page).toHaveURL(/\/patients-page/);
  });
});

test.describe('Modify Rx form', () => {
  test('the doctor changes fields of a new case: only the changed ones are sent', async ({ page }) => {
    await asUser(page, 'doctor');
    await openStartCase(page);
    const last = uniqueName('Mod');
    await fillCase(page, 'Dora', last);
    await page.getByRole('checkbox', { name: /Save for later/ }).check();
    await page.getByRole('button', { name: 'Save for later' }).click();
    const info = page.getByRole('dialog', { name: 'Extra Information' });
    await info.getByRole('textbox', { name: 'Name' }).fill('Dana');
    await info.getByRole('textbox', { name: 'Reason' }).fill('Modify later');
    await info.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/patient-details\/\d+$/);
    const patientId = Number(/patient-details\/(\d+)/.exec(page.url())![1]);
    const details = await apiCall<{ patient: { rx_form: { id: number } } }>(
      page,
      'GET',
      `/patients/${patientId}`,
    );
    const rxId = details.body.patient.rx_form.id;

    // The details page opens the modify page after its confirmation.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page
      .getByRole('dialog', { name: 'Modify Rx form' })
      .getByRole('button', { name: 'Modify' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/rx-forms/${rxId}/modify$`));
    await expect(page.getByRole('heading', { name: 'Modify Rx Form' })).toBeVisible();
    const save = page.getByRole('button', { name: 'Save Changes' });
    await expect(save).toBeDisabled();
    await expectAccessible(page);

    const patches: unknown[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH' && r.url().includes(`/rx-forms/${rxId}`)) patches.push(r.postDataJSON());
    });
    await page.getByRole('textbox', { name: 'Special Instructions' }).fill('Please keep the midline.');
    await page.getByRole('button', { name: /^LL8:/ }).click();
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page).toHaveURL(new RegExp(`/patient-details/${patientId}$`));
    await expect(page.getByText('The Rx form was updated successfully.')).toBeVisible();
    expect(patches).toHaveLength(1);
    expect(Object.keys(patches[0] as object).sort()).toEqual(['special_instructions', 'teeth']);
    const rx = await apiCall<{ rx_form: { special_instructions: string; teeth: Record<string, number> } }>(
      page,
      'GET',
      `/rx-forms/${rxId}`,
    );
    expect(rx.body.rx_form.special_instructions).toBe('Please keep the midline.');
    expect(rx.body.rx_form.teeth.l15).toBe(1);
  });
});

test.describe('Management case entry', () => {
  test('an organization that cannot be read says so instead of showing the form', async ({ page }) => {
    await asUser(page, 'admin', { path: '/organizations/999999/rx-forms/add' });
    await expect(page.getByText('Failed to fetch organization.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  });

  test('staff choose the organization and doctor; save for later has their locked name and Notify Office', async ({
    page,
  }) => {
    await asUser(page, 'admin');
    const me = await apiCall<{ full_name: string }>(page, 'GET', '/me');
    await page.goto('/organizations/1/rx-forms/add');
    await expect(page.getByRole('heading', { name: 'Start a Case', level: 1 })).toBeVisible();
    const organization = page.getByRole('combobox', { name: 'Organization' });
    await expect(organization).toHaveValue(/Bright Smiles Orthodontics/);
    // Another organization opens its own form.
    await organization.fill('Riverside');
    await page.getByRole('option', { name: /Riverside Family Dental/ }).click();
    await expect(page).not.toHaveURL(/\/organizations\/1\/rx-forms\/add$/);
    await expect(page).toHaveURL(/\/organizations\/\d+\/rx-forms\/add$/);
    await page.goto('/organizations/1/rx-forms/add');

    await fillCase(page, 'Finn', uniqueName('Staff'));
    await page.getByRole('checkbox', { name: /Save for later/ }).check();
    await page.getByRole('button', { name: 'Save for later' }).click();
    const info = page.getByRole('dialog', { name: 'Extra Information' });
    await expect(info.getByRole('textbox', { name: 'Name' })).toHaveValue(me.body.full_name);
    await expect(info.getByRole('textbox', { name: 'Name' })).toBeDisabled();
    await info.getByRole('checkbox', { name: 'Notify Office' }).check();
    await info.getByRole('textbox', { name: 'Reason' }).fill('Waiting for the photos');
    await settled(info);
    await expectAccessible(page);
    await info.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/patient-details\/\d+$/);
    const patientId = Number(/patient-details\/(\d+)/.exec(page.url())![1]);
    const details = await apiCall<{ patient: { rx_form: { id: number } } }>(
      page,
      'GET',
      `/patients/${patientId}`,
    );
    const rx = await apiCall<{
      rx_form: { saved_for_later_info: { name: string; notify_office: boolean } };
    }>(page, 'GET', `/rx-forms/${details.body.patient.rx_form.id}`);
    expect(rx.body.rx_form.saved_for_later_info).toMatchObject({
      name: me.body.full_name,
      notify_office: true,
    });
  });
});

test.describe('Modify an approved case', () => {
  test('the approved-case warning shows above the form', async ({ page }) => {
    await asUser(page, 'doctor');
    const approved = await apiCall<{ data: { id: number }[] }>(
      page,
      'GET',
      '/patients?status=approved&per_page=1',
    );
    const patientId = approved.body.data[0]!.id;
    const details = await apiCall<{ patient: { rx_form: { id: number } } }>(
      page,
      'GET',
      `/patients/${patientId}`,
    );
    await page.goto(`/rx-forms/${details.body.patient.rx_form.id}/modify`);
    await expect(
      page.getByText(
        'This case has already been approved. If you open and modify this case, any changes made will not be implemented.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await expectAccessible(page);
  });
});

test.describe('Case form choices', () => {
  test('a member without doctor selection is the doctor of the case; the only location is preset', async ({
    page,
  }) => {
    await asUser(page, 'member');
    await openStartCase(page);
    await expect(page.getByRole('combobox', { name: 'Doctor', exact: true })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Location', exact: true })).toHaveText(
      'Denver Main Office',
    );
    await expect(page.getByRole('combobox', { name: 'Shipping Location', exact: true })).toContainText(
      'Denver Main Office',
    );
    // The member's own bracket libraries are offered.
    await page.getByRole('combobox', { name: 'Bracket Libraries' }).click();
    await expect(page.getByRole('option').first()).toBeVisible();
    await page.keyboard.press('Escape');
  });

  test('scanner submissions, root integration files and the bonding notes with their preference', async ({
    page,
  }) => {
    await asUser(page, 'doctor');
    await openStartCase(page);

    // The rules between fields speak before the rest of the form is filled.
    // A scanner submission: the scan notice, no STL upload; 'Other' needs the scanner's name.
    await page.getByRole('radio', { name: 'SCANNER' }).check();
    await expect(
      page.getByText('Intraoral scans are retrieved automatically after submission.', { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload STL Files' })).toHaveCount(0);
    await choose(page, 'Scanner Type', 'Other');
    const scannerName = page.getByRole('textbox', { name: 'Scanner Name' });
    await expect(scannerName).toBeVisible();
    await scannerName.focus();
    await scannerName.blur();
    await expect(page.getByText('Please enter the name of the scanner.')).toBeVisible();
    await page.getByRole('radio', { name: 'UPLOAD' }).check();
    await expect(page.getByRole('button', { name: 'Upload STL Files' })).toBeVisible();

    // Upload DICOM asks for exactly one DICOM file.
    await choose(page, 'Root Integration', 'Upload DICOM');
    await expect(page.getByRole('button', { name: 'Upload DICOM File' })).toBeVisible();
    await choose(page, 'Root Integration', 'No');
    await expect(page.getByRole('button', { name: 'Upload DICOM File' })).toHaveCount(0);

    // A bonding date more than 30 days ahead shows the 30-days note until it is dismissed for good.
    const note = page.getByText('Bonding must be no later than 30 days after submission.');
    const pickTwoMonthsAhead = async () => {
      await page.getByRole('button', { name: 'Choose the bonding date' }).click();
      const calendar = page.getByRole('dialog', { name: 'Bonding date calendar' });
      await calendar.getByRole('button', { name: 'Next month' }).click();
      await calendar.getByRole('button', { name: 'Next month' }).click();
      await calendar.locator('[data-date]:not([disabled])').first().click();
      await expect(calendar).toBeHidden();
    };
    await pickTwoMonthsAhead();
    await expect(note).toBeVisible();
    await page.getByRole('button', { name: "Don't show again" }).click();
    await expect(note).toBeHidden();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Location', exact: true })).toBeVisible();
    await pickTwoMonthsAhead();
    await expect(page.getByTestId('bonding-date-input')).not.toHaveValue('');
    await expect(note).toBeHidden();
  });
});

test.describe('Refused submissions', () => {
  test("the server's refusal keeps the form as it was and shows its message", async ({ page }) => {
    await asUser(page, 'doctor');
    await openStartCase(page);
    const last = uniqueName('Kept');
    await fillCase(page, 'Hana', last);
    await page
      .getByTestId('files-input-2')
      .setInputFiles([{ name: 'upper_scan.stl', mimeType: 'model/stl', buffer: tetrahedronStl(10) }]);
    // A photo whose bytes are not an image: accepted for upload, refused when the case is stored.
    await page
      .getByTestId('files-input-3')
      .setInputFiles([
        { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture at all') },
      ]);
    await expect(
      page.getByRole('list', { name: 'Intraoral Photos uploaded' }).getByText('fake.png', { exact: true }),
    ).toBeVisible();
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText('The file content does not match its type.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/rx-forms\/add$/);
    await expect(page.getByRole('textbox', { name: 'Last Name' })).toHaveValue(last);
    await expect(
      page.getByRole('list', { name: 'STL Files uploaded' }).getByText('upper_scan.stl', { exact: true }),
    ).toBeVisible();
    // Nothing was created.
    const list = await apiCall<{ data: { last_name: string }[] }>(
      page,
      'GET',
      `/patients?status=all&search=${last}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(0);
  });
});

test.describe('What Start a Case asks for', () => {
  test('a first attempt marks every missing field, sums them up and leads to each; then validation is live', async ({
    page,
  }) => {
    await asUser(page, 'doctor');
    await openStartCase(page);
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeEnabled();
    await submit.click();
    const summary = page.getByRole('alert').filter({ hasText: /fields need attention/ });
    await expect(summary).toBeVisible();
    const links = summary.getByRole('button');
    const count = Number(/(\d+) fields need attention/.exec((await summary.textContent()) ?? '')![1]);
    expect(count).toBeGreaterThanOrEqual(3);
    for (const name of ['First Name', 'Last Name', 'Intraoral Scan Date', 'Scan Method'])
      await expect(summary.getByRole('button', { name, exact: true })).toBeVisible();
    expect(await links.count()).toBeGreaterThanOrEqual(count);
    // Every invalid field shows its message.
    const firstName = page.getByRole('textbox', { name: 'First Name' });
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('textbox', { name: 'Last Name' })).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/rx-forms\/add$/);
    // A link puts the focus on its field.
    await summary.getByRole('button', { name: 'Last Name', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Last Name' })).toBeFocused();
    await summary.getByRole('button', { name: 'Scan Method', exact: true }).click();
    await expect(page.getByRole('radio', { name: 'UPLOAD' })).toBeFocused();
    // From now on a corrected field clears at once, and the summary follows.
    await firstName.fill('Cleo');
    await expect(firstName).not.toHaveAttribute('aria-invalid', 'true');
    await expect(summary.getByRole('button', { name: 'First Name', exact: true })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('the signed-in doctor is the preselected doctor of the case', async ({ page }) => {
    await asUser(page, 'doctor');
    await openStartCase(page);
    const me = await apiCall<{ id: number; full_name: string }>(page, 'GET', '/me');
    await expect(page.getByRole('combobox', { name: 'Doctor' })).toHaveText(
      new RegExp(`^${me.body.full_name} \\(`),
    );
  });

  for (const width of [1440, 390]) {
    test(`uploaded STL names show in full at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      // At phone width the sidebar is folded away: open the page by its address.
      await asUser(page, 'doctor', { path: '/organizations/1/rx-forms/add' });
      await expect(page.getByRole('combobox', { name: 'Location', exact: true })).toBeVisible();
      await page.getByRole('radio', { name: 'UPLOAD' }).check();
      const name = 'upper_jaw_scan_of_the_patient_2026-11-02_final_version.stl';
      await page
        .getByTestId('files-input-2')
        .setInputFiles([{ name, mimeType: 'model/stl', buffer: tetrahedronStl(10) }]);
      const uploaded = page.getByRole('list', { name: 'STL Files uploaded' });
      const text = uploaded.getByText(name, { exact: true });
      await expect(text).toBeVisible();
      // At least 12rem wide, never more than three lines, and the whole name is there (measured once
      // the list has settled: the row is drawn again when the upload finishes).
      await expect.poll(async () => (await text.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(180);
      await expect
        .poll(async () => (await text.boundingBox())?.height ?? Infinity)
        .toBeLessThanOrEqual(3 * 24);
      await expect(page.getByRole('combobox', { name: `Arch of ${name}` })).toBeVisible();
    });
  }
});

test.describe('Upload progress', () => {
  test('each file shows its own progress bar while it uploads', async ({ page }) => {
    await asUser(page, 'doctor');
    await openStartCase(page);
    await page.getByRole('radio', { name: 'UPLOAD' }).check();
    // A slow connection: about 1.5 MB at 512 KB/s.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 512 * 1024,
    });
    const big = Buffer.alloc(1_500_000);
    tetrahedronStl(10).copy(big);
    await page
      .getByTestId('files-input-2')
      .setInputFiles([{ name: 'slow_upper.stl', mimeType: 'model/stl', buffer: big }]);
    const bar = page.getByRole('progressbar', { name: 'Uploading slow_upper.stl' });
    await expect(bar).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await expect(bar).toBeHidden({ timeout: 30_000 });
    await expect(
      page.getByRole('list', { name: 'STL Files uploaded' }).getByText('slow_upper.stl', { exact: true }),
    ).toBeVisible();
    await cdp.detach();
  });
});
