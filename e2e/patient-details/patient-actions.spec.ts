import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import {
  apiGet,
  BRIGHT_SMILES,
  findPatient,
  listPatients,
  openPatient,
  patientDetails,
  signInAs,
} from './support.ts';

// These specs use new, in-progress, approved and completed demo cases (the details spec uses
// awaiting-approval and archived ones), so the two files can run side by side.

const NOTICE =
  'Patient has completed initial setup. Please call and request a cancellation for cases after setup.';

function dialog(page: Page, name: string | RegExp) {
  return page.getByRole('dialog', { name });
}

/** Fills the reason dialog (the name only when it is not locked) and checks its rules. */
async function giveReason(page: Page, title: string, confirm: string, reason: string, name?: string) {
  const d = dialog(page, title);
  await expect(d).toBeVisible();
  await expect(d.getByRole('button', { name: confirm })).toBeDisabled();
  if (name) await d.getByRole('textbox', { name: 'Action Owner Name' }).fill(name);
  await d.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await expect(d.getByRole('button', { name: confirm })).toBeEnabled();
  await expectAccessible(page);
  await d.getByRole('button', { name: confirm }).click();
  await expect(d).toBeHidden();
}

test.describe('patient actions as a doctor', () => {
  test('hold and unhold with the reason dialog; the on-hold notes keep the history', async ({ page }) => {
    await signInAs(page, 'doctor');
    const patient = await findPatient(page, 'status=in_progress', (p) => !p.held_at);
    await openPatient(page, patient.id);

    await page.getByRole('button', { name: 'Hold', exact: true }).click();
    const d = dialog(page, 'Put Patient On Hold');
    // A practice user types the action owner's name; both fields are required.
    await d.getByRole('textbox', { name: 'Action Owner Name' }).fill('Dana');
    await d.getByRole('textbox', { name: 'Action Owner Name' }).fill('');
    await expect(d.getByText('Required')).toBeVisible();
    await expect(d.getByRole('checkbox', { name: 'Notify Office' })).toHaveCount(0);
    await d.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Hold', exact: true }).click();
    await giveReason(page, 'Put Patient On Hold', 'Put On Hold', 'Waiting for new scans', 'Dana Doctor');
    await expect(page.getByText('Patient successfully put on hold.')).toBeVisible();
    await expect(page.getByText('On Hold', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: /^On Hold Notes/ }).click();
    const history = page.getByRole('list', { name: 'On-hold history' });
    await expect(history).toContainText('Waiting for new scans');
    await expect(history).toContainText('Put on hold by Dana Doctor');

    // While on hold, a note can be added to the history.
    const composer = page.getByRole('form', { name: 'Add an on-hold note' });
    await expect(composer.getByRole('button', { name: 'Add Note' })).toBeDisabled();
    await composer.getByRole('textbox', { name: 'On-hold note' }).fill('Office will rescan on Friday');
    await expectAccessible(page);
    await composer.getByRole('button', { name: 'Add Note' }).click();
    await expect(page.getByText('On-hold note successfully added.')).toBeVisible();
    await expect(history).toContainText('Office will rescan on Friday');
    await expect(composer.getByRole('textbox', { name: 'On-hold note' })).toHaveValue('');

    await page.getByRole('button', { name: 'Unhold', exact: true }).click();
    await giveReason(page, 'Remove Patient From Hold', 'Remove Hold', 'Scans arrived', 'Dana Doctor');
    await expect(page.getByText('Patient successfully removed from hold.')).toBeVisible();
    await expect(page.getByText('On Hold', { exact: true })).toHaveCount(0);
    await expect(history).toContainText('Removed from hold by Dana Doctor');
    // Off hold, no more notes.
    await expect(page.getByRole('form', { name: 'Add an on-hold note' })).toHaveCount(0);
    expect((await patientDetails(page, patient.id)).is_on_hold).toBe(false);
  });

  test('an approved case shows the completed-setup notice instead of hold and delete dialogs', async ({
    page,
  }) => {
    await signInAs(page, 'doctor');
    const patient = await findPatient(page, 'status=approved', (p) => !p.held_at);
    await openPatient(page, patient.id);
    await page.getByRole('button', { name: 'Hold', exact: true }).click();
    const notice = dialog(page, 'Initial Setup Completed');
    await expect(notice).toContainText(NOTICE);
    await expectAccessible(page);
    await notice.getByRole('button', { name: 'Close' }).click();
    await expect(notice).toBeHidden();
    expect((await patientDetails(page, patient.id)).is_on_hold).toBe(false);
  });

  test('delete a new case with the reason dialog, then the home route', async ({ page }) => {
    await signInAs(page, 'doctor');
    const patient = await findPatient(
      page,
      'status=new',
      (p) => !p.held_at,
      (p) => p.metadata.allow_delete.allow,
      1,
    );
    await openPatient(page, patient.id);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await giveReason(page, 'Delete Patient', 'Delete', 'Duplicate of another case', 'Dana Doctor');
    await expect(page.getByText('Patient successfully deleted.')).toBeVisible();
    await expect(page).toHaveURL(/\/patients$/);
    expect((await apiGet(page, `/patients/${patient.id}`)).status).toBe(404);
  });

  test('reverse case is offered only when the compliance check allows it', async ({ page }) => {
    await signInAs(page, 'doctor');
    const candidates = await listPatients(page, 'status=new');
    let reversible: number | null = null;
    for (const p of candidates.slice(2)) {
      const check = await apiGet<{ data: { is_compliant: boolean } }>(
        page,
        `/patients/${p.id}/case-reversal/check`,
      );
      if (check.status === 200 && check.body.data.is_compliant && !p.held_at) {
        reversible = p.id;
        break;
      }
    }
    expect(reversible).not.toBeNull();
    await openPatient(page, reversible!);
    await page.getByRole('button', { name: 'Reverse Case' }).click();
    const d = dialog(page, 'Reverse Case');
    await expect(d).toBeVisible();
    await expectAccessible(page);
    await d.getByRole('button', { name: 'Reverse Case' }).click();
    await expect(page.getByText('Case successfully reversed.')).toBeVisible();
    await expect(page).toHaveURL(/\/patients$/);

    // A completed case is not compliant: no Reverse Case button.
    const completed = await findPatient(page, 'status=completed');
    await openPatient(page, completed.id);
    await expect(page.getByRole('button', { name: 'Hold', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reverse Case' })).toHaveCount(0);
  });
});

test.describe('patient actions as an admin', () => {
  test('the approved case: reason dialog with the locked name and Notify Office; Delete disabled with the reason', async ({
    page,
  }) => {
    await signInAs(page, 'admin');
    const patient = await findPatient(
      page,
      'status=approved',
      (p) => !p.held_at,
      (p) => !p.metadata.allow_delete.allow,
    );
    await openPatient(page, patient.id);
    await page.getByRole('button', { name: 'Hold', exact: true }).click();
    const d = dialog(page, 'Put Patient On Hold');
    await expect(d.getByRole('textbox', { name: 'Action Owner Name' })).toHaveValue(/Admin/);
    await expect(d.getByRole('textbox', { name: 'Action Owner Name' })).toHaveAttribute('readonly', '');
    await expect(d.getByRole('checkbox', { name: 'Notify Office' })).toBeVisible();
    await d.getByRole('button', { name: 'Cancel' }).click();

    const remove = page.getByRole('button', { name: 'Delete', exact: true });
    await expect(remove).toBeDisabled();
    await remove.locator('..').hover();
    await expect(page.getByRole('tooltip')).toHaveText(patient.metadata.allow_delete.message ?? '');
  });

  test('archive goes home; restore brings the patient back and goes to the management list', async ({
    page,
  }) => {
    await signInAs(page, 'admin');
    const patient = await findPatient(
      page,
      'status=new',
      (p) => !p.held_at && p.organization.name === BRIGHT_SMILES,
    );
    await openPatient(page, patient.id);
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await giveReason(page, 'Archive Patient', 'Archive', 'The practice asked to archive it');
    await expect(page.getByText('Patient successfully archived.')).toBeVisible();
    await expect(page).toHaveURL(/\/patients-page$/);

    await openPatient(page, patient.id);
    await expect(page.getByText(/^Archived by /)).toBeVisible();
    await page.getByRole('button', { name: 'Restore', exact: true }).click();
    const d = dialog(page, 'Restore Patient');
    await expectAccessible(page);
    await d.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByText('Patient successfully restored.')).toBeVisible();
    await expect(page).toHaveURL(/\/patients-page$/);
    expect((await patientDetails(page, patient.id)).deleted_at).toBeNull();
  });

  test('complete an active case', async ({ page }) => {
    await signInAs(page, 'admin');
    const patient = await findPatient(page, 'status=approved', (p) => !p.held_at, undefined, 1);
    await openPatient(page, patient.id);
    await page.getByRole('button', { name: 'Complete', exact: true }).click();
    const d = dialog(page, 'Complete Patient');
    await expectAccessible(page);
    await d.getByRole('button', { name: 'Complete' }).click();
    await expect(page.getByText('Patient successfully completed.')).toBeVisible();
    await expect(page).toHaveURL(/\/patients-page$/);
    await openPatient(page, patient.id);
    await expect(page.getByRole('textbox', { name: 'Status' })).toHaveValue('Complete');
    await expect(page.getByRole('button', { name: 'Complete', exact: true })).toHaveCount(0);
  });

  test('notify doctor marks the Rx form ready: the label becomes PENDING', async ({ page }) => {
    await signInAs(page, 'admin');
    const patient = await findPatient(
      page,
      'status=in_progress',
      (p) => !p.held_at && p.rx_form?.submission_completed_by === 1,
      undefined,
      1,
    );
    await openPatient(page, patient.id);
    await page.getByRole('button', { name: 'Notify Doctor' }).click();
    const d = dialog(page, 'Notify Doctor');
    await expectAccessible(page);
    await d.getByRole('button', { name: 'Notify Doctor' }).click();
    await expect(page.getByText('The doctor has been notified.')).toBeVisible();
    await expect(
      page.getByRole('region', { name: /RxForm/ }).getByText('PENDING', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notify Doctor' })).toHaveCount(0);
  });

  test('restore the backup IOS file', async ({ page }) => {
    await signInAs(page, 'admin');
    const patient = await findPatient(
      page,
      'status=all',
      (p) => !p.held_at && p.ios_file_id !== null,
      (p) => p.has_tech_ios_backup,
    );
    await openPatient(page, patient.id);
    await page.getByRole('button', { name: 'Restore Backup IOS' }).click();
    const d = dialog(page, 'Restore Backup IOS');
    await expectAccessible(page);
    await d.getByRole('button', { name: 'Restore Backup' }).click();
    await expect(page.getByText('Backup IOS file successfully restored.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/patient-details/${patient.id}$`));
  });
});
