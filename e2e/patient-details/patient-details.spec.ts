import { API, expect, expectAccessible, test } from '../support/fixtures.ts';
import {
  apiGet,
  BRIGHT_SMILES,
  field,
  findPatient,
  listPatients,
  openPatient,
  type ListedPatient,
  patientDetails,
  signInAs,
} from './support.ts';

// These specs use awaiting-approval and archived demo cases; the actions spec uses the others.

test.describe('patient details', () => {
  test('a doctor sees the patient, its organization, the RxForm card and the note panels', async ({
    page,
  }) => {
    await signInAs(page, 'doctor');
    const patient = await findPatient(page, 'status=awaiting_approval', (p) => !p.held_at);
    await openPatient(page, patient.id);

    await expect(page.getByRole('heading', { level: 1, name: 'Patient Details' })).toBeVisible();
    const organization = page.getByRole('link', { name: new RegExp(BRIGHT_SMILES) });
    await expect(organization).toHaveAttribute('href', '/account?tab=6');
    await expect(field(page, 'First Name')).toHaveValue(patient.first_name);
    await expect(field(page, 'Last Name')).toHaveValue(patient.last_name);
    await expect(field(page, 'Status')).toHaveValue('Active');
    await expect(page.getByRole('button', { name: 'Update' })).toBeDisabled();

    const rx = page.getByRole('region', { name: /RxForm/ });
    await expect(rx.getByText('PENDING', { exact: true })).toBeVisible();
    for (const label of ['Upper Right', 'Maxillary', 'Upper Left', 'Lower Right', 'Mandibular', 'Lower Left'])
      await expect(rx.getByText(label, { exact: true })).toBeVisible();

    await expect(page.getByRole('button', { name: /^Case Notes/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Internal Notes/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^On Hold Notes/ })).toBeVisible();
    // Technician notes are for management only; printing is for staff.
    await expect(page.getByRole('button', { name: /^Digital Technician Notes/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Atoms/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Print' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Files', exact: true })).toBeVisible();
    await expectAccessible(page);

    // ?open-ios-file brings the files (IOS Files first) into view and leaves the address.
    await page.goto(`/patient-details/${patient.id}?open-ios-file=1`);
    await expect(page.getByRole('heading', { name: 'Files', exact: true })).toBeInViewport();
    await expect(page).toHaveURL(new RegExp(`/patient-details/${patient.id}$`));

    // Edit follows the modification rules of GET /rx-forms/{id} and leads to the modify page.
    const full = await apiGet<{ metadata: { modification_rules: { can_modify: boolean } } }>(
      page,
      `/rx-forms/${patient.rx_form!.id}`,
    );
    await expect(rx.getByText('Doctor', { exact: true })).toBeVisible();
    const edit = rx.getByRole('button', { name: 'Edit' });
    if (!full.body.metadata.modification_rules.can_modify) await expect(edit).toHaveCount(0);
    else {
      await edit.click();
      const modify = page.getByRole('dialog', { name: 'Modify Rx form' });
      await expectAccessible(page);
      await modify.getByRole('button', { name: 'Cancel' }).click();
      await expect(modify).toBeHidden();
      await edit.click();
      await page
        .getByRole('dialog', { name: 'Modify Rx form' })
        .getByRole('button', { name: 'Modify' })
        .click();
      await expect(page).toHaveURL(new RegExp(`/rx-forms/${patient.rx_form!.id}/modify$`));
    }
  });

  test('name rules, restricted characters replaced on blur, and Update goes back one page', async ({
    page,
  }) => {
    await signInAs(page, 'doctor');
    const patient = await findPatient(page, 'status=awaiting_approval', (p) => !p.held_at, undefined, 1);
    // Open it from the practice list (awaiting approval is its default tab).
    await page.goto('/patients');
    const name = `${patient.first_name} ${patient.last_name}`;
    await page.getByRole('link', { name: `Details of ${name}` }).click();
    await expect(field(page, 'First Name')).toHaveValue(patient.first_name);

    const first = field(page, 'First Name');
    await first.fill('anna');
    await first.blur();
    await expect(
      page.getByText(
        'Name may only contain letters (first letter uppercase), spaces, points, brackets, and apostrophes.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update' })).toBeDisabled();

    await first.fill('');
    await first.blur();
    await expect(page.getByText('Required', { exact: true })).toBeVisible();

    // The demo settings replace '#' and the other forbidden characters with '-'.
    await first.fill('Ann#e');
    await expect(
      page.getByText(
        'Warning! This field has restricted characters. It will be automatically translated to: Ann-e',
      ),
    ).toBeVisible();
    await first.blur();
    await expect(first).toHaveValue('Ann-e');
    await expect(page.getByText(/Warning! This field has restricted characters/)).toHaveCount(0);

    const caseNumber = field(page, 'Case Number');
    await caseNumber.fill('Case 7 / B');
    await caseNumber.blur();
    await expect(caseNumber).toHaveValue('Case 7 - B');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Patient successfully updated.')).toBeVisible();
    // Back one page: the list, with the details page still ahead in the history.
    await expect(page).toHaveURL(/\/patients(\?.*)?$/);
    await page.goForward();
    await expect(page).toHaveURL(new RegExp(`/patient-details/${patient.id}$`));
    const saved = await patientDetails(page, patient.id);
    expect(saved.first_name).toBe('Ann-e');
    expect((saved as unknown as { case_number_text: string }).case_number_text).toBe('Case 7 - B');
  });

  test('management sees "Patient", the organization page link, technician notes and the print page', async ({
    page,
  }) => {
    await signInAs(page, 'admin');
    const patient = await findPatient(
      page,
      'status=awaiting_approval',
      (p) => !p.held_at && p.organization.name === BRIGHT_SMILES,
      undefined,
      2,
    );
    await openPatient(page, patient.id);
    await expect(page.getByRole('heading', { level: 1, name: 'Patient', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(BRIGHT_SMILES) })).toHaveAttribute(
      'href',
      `/organizations/${patient.organization.id}`,
    );
    await expect(page.getByRole('button', { name: /^Internal Notes \(Doctor(, N\/A)?\)/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Digital Technician Notes/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Atoms.*Physical technician notes/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Bits.*Internal notes/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /\) \(N\/A\)/ })).toHaveCount(0);

    // Digital technician notes are saved on their own.
    await page.getByRole('button', { name: /^Digital Technician Notes/ }).click();
    const notes = page.getByRole('textbox', { name: 'Digital Technician Notes' });
    await notes.fill('Check the bite registration.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText('Note successfully saved.').or(page.getByText('Patient successfully updated.')),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Digital Technician Notes', exact: true })).toBeVisible();
    await expectAccessible(page);

    // Print: the summary opens the print dialog, then the details page is back.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    // The dialog waits for the full Rx form: hold its answer back long enough to look at the page.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${API}/rx-forms/*`, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: 'Print' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Print Patient Summary' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByText(patient.formatted_name)).toBeVisible();
    await expect(page).toHaveTitle('Print Patient Summary');
    await expectAccessible(page);
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(0);
    release();
    await expect(page).toHaveURL(new RegExp(`/patient-details/${patient.id}$`));
    await expect(page.getByRole('form', { name: 'Patient Information' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    // Without a loadable patient the print page goes straight back to the details route.
    await page.goto('/patient-details/987654321/print');
    await expect(page).toHaveURL(/\/patient-details\/987654321$/);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  });

  test('case notes: Send needs text, and a note arrives live in the other browser', async ({
    page,
    browser,
  }) => {
    await signInAs(page, 'doctor');
    const patient = await findPatient(page, 'status=awaiting_approval', (p) => !p.held_at, undefined, 3);
    await openPatient(page, patient.id);
    await page.getByRole('button', { name: /^Case Notes/ }).click();
    const send = page.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    await expectAccessible(page);

    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    try {
      await signInAs(staff, 'admin');
      await openPatient(staff, patient.id);
      await staff.getByRole('button', { name: /^Case Notes/ }).click();
      const message = `Lower arch scan needs a retake ${Date.now()}`;
      await staff.getByRole('textbox', { name: 'New case note' }).fill(message);
      await staff.getByRole('button', { name: 'Send' }).click();
      await expect(staff.getByText('Case note successfully added.')).toBeVisible();
      await expect(staff.getByRole('list', { name: 'Case notes' }).getByText(message)).toBeVisible();

      // The doctor's page did not reload: the note came over the patient channel.
      await expect(page.getByRole('list', { name: 'Case notes' }).getByText(message)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Case Notes', exact: true })).toHaveAttribute(
        'data-highlighted',
        'true',
      );

      const reply = `Retake booked ${Date.now()}`;
      await page.getByRole('textbox', { name: 'New case note' }).fill(reply);
      await send.click();
      await expect(page.getByRole('textbox', { name: 'New case note' })).toHaveValue('');
      await expect(staff.getByRole('list', { name: 'Case notes' }).getByText(reply)).toBeVisible();
    } finally {
      await staffContext.close();
    }
  });

  test('archived patients: the not-found page without patients.view-archived, the archived chip with it', async ({
    page,
    browser,
  }) => {
    await signInAs(page, 'admin');
    const archived = (await listPatients(page, 'archived=true&sort=oldest')).filter(
      (p) => p.organization.name === BRIGHT_SMILES,
    );
    const patient = await patientDetails(page, archived[0]!.id);
    await openPatient(page, patient.id);
    const chip = page.getByText(/^(Archived|Deleted) by /);
    await expect(chip).toBeVisible();
    await chip.hover();
    await expect(page.getByRole('tooltip')).toHaveText(patient.archived_reason ?? '');
    // A deleted patient is read-only: no hold, archive or delete, no Update.
    await expect(page.getByRole('button', { name: /^(Hold|Unhold|Archive|Delete)$/ })).toHaveCount(0);
    await expect(field(page, 'First Name')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible();
    await expectAccessible(page);

    const doctorContext = await browser.newContext();
    const doctor = await doctorContext.newPage();
    try {
      await signInAs(doctor, 'doctor');
      expect((await apiGet(doctor, `/patients/${patient.id}`)).status).toBe(404);
      await doctor.goto(`/patient-details/${patient.id}`);
      await expect(doctor.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    } finally {
      await doctorContext.close();
    }
  });
});

test.describe('What the list shows of a case', () => {
  test('staff see the open requests, the ship date and the status with the list colours on the case page', async ({
    page,
  }) => {
    await signInAs(page, 'admin');
    type Listed = ListedPatient & {
      requests: { type: string; status_id: number }[];
      ship_date: string | null;
      list_status: string;
    };
    const listed = (await listPatients(page, 'sort=ship_date')) as Listed[];
    const patient = listed.find((p) => p.requests.length > 0 && p.ship_date !== null);
    expect(patient, 'a case with open requests and a ship date').toBeTruthy();
    await page.goto('/patients-page');
    const row = page.getByRole('row').filter({ hasText: patient!.formatted_name }).first();
    await expect(row).toBeVisible({ timeout: 60_000 });
    const listChips = row.locator('.MuiChip-root[data-tone]');
    const chips = await listChips.evaluateAll((els) =>
      els.map((e) => `${e.textContent ?? ''}|${e.getAttribute('data-tone') ?? ''}`),
    );
    expect(chips.length).toBe(patient!.requests.length);
    const shipTone = await row.locator('span[data-tone]').first().getAttribute('data-tone');

    await openPatient(page, patient!.id);
    const progress = page.getByLabel('Case progress');
    await expect(progress).toBeVisible();
    const detailChips = await progress
      .locator('.MuiChip-root[data-tone]')
      .evaluateAll((els) => els.map((e) => `${e.textContent ?? ''}|${e.getAttribute('data-tone') ?? ''}`));
    expect(detailChips).toEqual(chips);
    await expect(progress.locator('span[data-tone]').last()).toHaveAttribute('data-tone', shipTone!);
    // The chip explains its colour.
    await progress.locator('.MuiChip-root[data-tone]').first().hover();
    await expect(page.getByRole('tooltip')).toContainText('green up to 6 h, amber up to 12 h, red beyond');
  });
});
