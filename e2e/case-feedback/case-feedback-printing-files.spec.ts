import { API, asUser, expect, expectAccessible, FEEDBACK_ASKED_KEY, test } from '../support/fixtures.ts';

test.describe('case feedback and printing files', () => {
  test('a doctor is asked about a finished case on the patients page and rates it', async ({ page }) => {
    await asUser(page, 'doctor', { path: '/patients' });
    await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
    // A browser session that has not been asked yet.
    await page.evaluate((key) => window.sessionStorage.removeItem(key), FEEDBACK_ASKED_KEY);
    const suggestion = page.waitForResponse((r) => r.url().includes('/feedback-suggestion'));
    await page.reload();
    const { data } = (await (await suggestion).json()) as { data: { patient: { name: string } } };
    const dialog = page.getByRole('dialog', { name: 'Case Feedback' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`How was your case ${data.patient.name}?`);
    for (const label of ['Great', 'Ok', 'Bad'])
      await expect(dialog.getByRole('button', { name: label })).toBeVisible();
    await expectAccessible(page);

    const submitted = page.waitForResponse((r) => r.url().includes('/submit-feedback'));
    await dialog.getByRole('button', { name: 'Great' }).click();
    expect((await submitted).status()).toBe(200);
    await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The next session asks about another case and offers "Don't ask again"; Dismiss closes it.
    await page.evaluate((key) => window.sessionStorage.removeItem(key), FEEDBACK_ASKED_KEY);
    await page.reload();
    await expect(dialog).toBeVisible();
    await expect(dialog).not.toContainText(data.patient.name);
    await expect(dialog.getByRole('checkbox', { name: "Don't ask again" })).toBeVisible();
    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
    await expect(dialog).toHaveCount(0);
  });

  test('staff search the printing files by patient and by doctor, sort them and download one', async ({
    page,
  }) => {
    await asUser(page, 'tech', { path: '/printing-files' });
    await expect(page.getByRole('heading', { level: 1, name: 'Printing Files' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Printing Files' });
    const rows = table.getByTestId('printing-file-row');
    await expect(rows.first()).toBeVisible();
    await expectAccessible(page);

    const first = rows.first();
    const doctor = (await first.getByRole('cell').nth(0).innerText()).trim();
    const patient = (await first.getByRole('cell').nth(1).innerText()).trim();

    const byPatient = page.waitForResponse(
      (r) => r.url().includes(`${API}/printing-files`) && r.url().includes('searchByPatient'),
    );
    await page.getByLabel('Search by Patient').fill(patient);
    await byPatient;
    await expect(rows.first()).toBeVisible();
    for (const cell of await rows.locator('td:nth-child(2)').allInnerTexts())
      expect(cell.trim()).toBe(patient);

    const byUser = page.waitForResponse(
      (r) => r.url().includes(`${API}/printing-files`) && r.url().includes('searchByUser'),
    );
    await page.getByLabel('Search by User').fill(doctor);
    await byUser;
    for (const cell of await rows.locator('td:nth-child(1)').allInnerTexts())
      expect(cell.trim()).toBe(doctor);

    const sorted = page.waitForResponse((r) => r.url().includes('orderBy=type'));
    await table.getByRole('button', { name: 'File Type' }).click();
    await sorted;
    await expect(table.getByRole('columnheader', { name: 'File Type' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    const name = (await rows
      .first()
      .getByRole('button', { name: /^Download / })
      .getAttribute('aria-label'))!.replace(/^Download /, '');
    const download = page.waitForEvent('download');
    await rows
      .first()
      .getByRole('button', { name: /^Download / })
      .click();
    expect((await download).suggestedFilename()).toBe(name);

    // At phone width (390 px) only the table scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(rows.first()).toBeVisible();
    const width = await page.evaluate(() => {
      const viewport = document.documentElement.clientWidth;
      const over = Array.from(document.body.querySelectorAll<HTMLElement>('*')).filter(
        (el) => el.getBoundingClientRect().right > viewport + 1 && !el.closest('.MuiTableContainer-root'),
      );
      return { scrollWidth: document.documentElement.scrollWidth, over: over.length };
    });
    expect(width.scrollWidth).toBeLessThanOrEqual(390);
    expect(width.over).toBe(0);
  });

  test('the printing files page is for staff only', async ({ page }) => {
    await asUser(page, 'doctor', { path: '/printing-files' });
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  });
});
