import type { Page } from '@playwright/test';
import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';
import { apiGet } from '../patient-files/support.ts';

interface Patient {
  id: number;
  first_name: string;
  last_name: string;
  case_number_text: string | null;
  numeric_suffix: number | null;
}

/** A case of the signed-in user with at least one STL scan, and that scan's name. */
async function caseWithScan(page: Page): Promise<{ patient: Patient; scan: string }> {
  const list = await apiGet<{ data: Patient[] }>(page, '/patients?status=all&per_page=100');
  for (const patient of list.data) {
    const files = await apiGet<{ data: { name: string }[] }>(page, `/patient_files?patient_id=${patient.id}`);
    if (patient.case_number_text && files.data[0]) return { patient, scan: files.data[0].name };
  }
  throw new Error('No demo case with an STL scan and a case number');
}

test.describe('/dibs launcher names the case and previews its scans', () => {
  test('a doctor without the desktop app sees which case it is and looks at a scan in 3D', async ({
    page,
  }) => {
    await asUser(page, 'doctor');
    const { patient, scan } = await caseWithScan(page);
    await page.goto(`/dibs?q=${patient.id}`);

    let name = `${patient.last_name}, ${patient.first_name}, ${patient.case_number_text}`;
    if (patient.numeric_suffix) name += ` (${patient.numeric_suffix})`;
    await expect(page.getByText(name, { exact: true })).toBeVisible();
    // The open flow's warnings first (an approved case; the demo practice's unstable version).
    const desktop = page.getByRole('link', { name: 'Open via Desktop' });
    for (let i = 0; i < 2; i++) {
      const warning = page.getByRole('dialog');
      await expect(warning.or(desktop)).toBeVisible();
      if (await desktop.isVisible()) break;
      const title = (await warning.getByRole('heading').textContent()) ?? '';
      await warning.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('dialog', { name: title })).toHaveCount(0);
    }
    await expect(page.getByRole('link', { name: 'Open via Desktop' })).toHaveAttribute(
      'href',
      /^archline-dibs:\/\/open\?/,
    );

    const scans = page.getByRole('region', { name: 'Preview in the browser' });
    await expect(scans.getByRole('list', { name: 'STL scans' })).toContainText(scan);
    await expectAccessible(page);
    await scans.getByRole('button', { name: `Preview ${scan} in 3D` }).click();
    const preview = page.getByRole('dialog', { name: scan });
    await expect(preview.getByRole('img', { name: `3D preview of ${scan}` })).toBeVisible();
    await expect(preview.locator('canvas')).toBeVisible();
    await expect(preview).toContainText('triangles.');
  });
});
