import type { Page } from '@playwright/test';
import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';
import { apiGet } from './support.ts';

interface ReluFile {
  id: number;
  name: string;
  relu_status?: 'pending' | 'success' | 'failed' | 'flagged' | null;
  tag: string | null;
}
interface FilesResponse {
  sections: { type: number; name: string; files: ReluFile[] }[];
}

/** One of the `among` cases with an STL file whose segmentation job is in `status`. */
async function findReluFile(
  page: Page,
  status: 'success' | 'failed',
  among: number[],
): Promise<{ patientId: number; file: ReluFile }> {
  for (const id of among) {
    const files = await apiGet<FilesResponse>(page, `/patients/${id}/files`);
    const stl = files.sections.find((s) => s.name === 'STL Files')?.files ?? [];
    const file = stl.find((f) => f.relu_status === status && f.tag !== 'relu');
    if (file) return { patientId: id, file };
  }
  throw new Error(`No demo STL file with a ${status} segmentation job`);
}

test.describe('scan segmentation (Relu) jobs', () => {
  test('staff flag a job with remarks and re-process a failed one; doctors see no job chips', async ({
    page,
    browser,
  }) => {
    // Cases the demo doctor sees too, so the last check can open the same page.
    const context = await browser.newContext();
    const doctor = await context.newPage();
    await asUser(doctor, 'doctor');
    const doctorCases = await apiGet<{ data: { id: number; deleted_at: string | null }[] }>(
      doctor,
      '/patients?status=all&per_page=100&sort=newest',
    );
    const among = doctorCases.data.filter((p) => !p.deleted_at).map((p) => p.id);

    await asUser(page, 'admin');
    const { patientId, file } = await findReluFile(page, 'success', among);
    await page.goto(`/patient-details/${patientId}`);
    const stlList = page.getByRole('list', { name: 'STL Files' });
    const row = stlList.getByRole('listitem').filter({ hasText: file.name });
    await expect(row.getByText('Relu: Success')).toBeVisible();

    await row.getByRole('button', { name: `Flag relu job of ${file.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Flag Relu Job' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(/Remarks/).fill('ab');
    await dialog.getByRole('button', { name: 'Flag', exact: true }).click();
    await expect(dialog.getByText('The remarks must be at least 3 characters')).toBeVisible();
    await dialog.getByLabel(/Remarks/).fill('x'.repeat(1001));
    await dialog.getByRole('button', { name: 'Flag', exact: true }).click();
    await expect(dialog.getByText('The remarks must not be more than 1000 characters.')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel(/Remarks/).fill('Lower incisors segmented as one tooth.');
    await dialog.getByRole('button', { name: 'Flag', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Relu: Flagged')).toBeVisible();
    // Flagged jobs offer neither action any more.
    await expect(row.getByRole('button', { name: /relu job of/ })).toHaveCount(0);

    const failed = await findReluFile(page, 'failed', among);
    await page.goto(`/patient-details/${failed.patientId}`);
    const failedRow = page
      .getByRole('list', { name: 'STL Files' })
      .getByRole('listitem')
      .filter({ hasText: failed.file.name });
    await expect(failedRow.getByText('Relu: Failed')).toBeVisible();
    await failedRow.getByRole('button', { name: `Re-process relu job of ${failed.file.name}` }).click();
    await expect(failedRow.getByText('Relu: Pending')).toBeVisible();
    await expect(failedRow.getByRole('button', { name: /relu job of/ })).toHaveCount(0);

    // The practice sees the files, not the lab's segmentation jobs.
    await doctor.goto(`/patient-details/${patientId}`);
    const doctorRow = doctor
      .getByRole('list', { name: 'STL Files' })
      .getByRole('listitem')
      .filter({ hasText: file.name });
    await expect(doctorRow).toBeVisible();
    await expect(doctorRow.getByText(/^Relu:/)).toHaveCount(0);
    await context.close();
  });
});
