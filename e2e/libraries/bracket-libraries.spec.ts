import type { Page } from '@playwright/test';
import { API, asUser, expect, expectAccessible, test } from '../support/fixtures.ts';

/** The demo practice's page as a management user, opened from the organizations list. */
async function openBrackets(page: Page, account: string) {
  await asUser(page, account, { path: '/organizations' });
  await page.getByRole('searchbox', { name: 'Search' }).fill('Bright Smiles Orthodontics');
  await expect(page.getByTestId('organization-row')).toHaveCount(1);
  await page.getByRole('link', { name: 'Bright Smiles Orthodontics' }).click();
  const section = page.getByRole('region', { name: 'Brackets' });
  await expect(section.getByRole('list', { name: 'Bracket libraries' })).toBeVisible();
  return section;
}

test.describe('bracket libraries', () => {
  // Several dialogs and axe scans per test on a shared, busy machine.
  test.describe.configure({ timeout: 240_000 });
  test('an upload shows its progress, Save waits for it, and duplicates are refused', async ({ page }) => {
    const section = await openBrackets(page, 'admin');
    await expect(section.getByRole('listitem', { name: 'Damon Q2' })).toBeVisible();
    // Hidden libraries are listed, dimmed, for those who may unhide them.
    await expect(section.getByRole('listitem', { name: 'Clarity Advanced' })).toHaveAttribute(
      'data-hidden',
      'true',
    );
    await expectAccessible(page);

    const name = `Spec Library ${Date.now()}.zip`;
    await section.getByRole('button', { name: 'Add Libraries' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Bracket Libraries' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();

    // The PUT is held until the test lets it go, so the uploading state can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${API}/library-uploads/**`, async (route) => {
      await held;
      await route.continue();
    });
    const input = dialog.locator('input[type="file"]');
    await input.setInputFiles({ name, mimeType: 'application/zip', buffer: Buffer.alloc(256 * 1024, 7) });
    const row = dialog.getByRole('listitem', { name });
    await expect(row.getByTestId('upload-state')).toHaveText('Uploading');
    await expect(row.getByRole('progressbar', { name: `${name} upload progress` })).toBeVisible();
    await expect(save).toBeDisabled();
    await expectAccessible(page);

    // Refused at once: the same name again, and an existing library's name.
    await input.setInputFiles([
      { name, mimeType: 'application/zip', buffer: Buffer.from('again') },
      { name: 'damon-q2.zip', mimeType: 'application/zip', buffer: Buffer.from('old') },
    ]);
    await expect(dialog.getByText(`"${name}" file is already on the list.`)).toBeVisible();
    await expect(
      dialog.getByText('A similar bracket library named "damon-q2.zip" already exists.'),
    ).toBeVisible();

    release();
    await expect(row.getByTestId('upload-state')).toHaveText('Done');
    await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText('The bracket libraries have been successfully added.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const label = name.replace(/\.zip$/, '');
    const library = section.getByRole('listitem', { name: label });
    await expect(library).toContainText(name);

    // Remove it again so the demo list stays as it was.
    await library.getByRole('button', { name: `Remove ${label}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Bracket Library' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Bracket library has been successfully removed.')).toBeVisible();
    await expect(section.getByRole('listitem', { name: label })).toHaveCount(0);
  });

  test('hide and unhide: a hidden library is dimmed here and gone from the practice page', async ({
    page,
    browser,
  }) => {
    const section = await openBrackets(page, 'admin');
    const empower = section.getByRole('listitem', { name: 'Empower 2' });
    await empower.getByRole('button', { name: 'Hide Empower 2' }).click();
    await expect(page.getByText('The bracket has been successfully updated.')).toBeVisible();
    await expect(empower).toHaveAttribute('data-hidden', 'true');
    await expect(empower.getByText('Hidden')).toBeVisible();
    await expectAccessible(page);

    const doctor = await browser.newPage();
    await asUser(doctor, 'doctor', { path: '/patients' });
    await doctor
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Bracket Inventory' })
      .click();
    const list = doctor.getByRole('list', { name: 'Bracket libraries' });
    await expect(list.getByRole('listitem', { name: 'Damon Q2' })).toBeVisible();
    await expect(list.getByRole('listitem', { name: 'Empower 2' })).toHaveCount(0);

    await empower.getByRole('button', { name: 'Unhide Empower 2' }).click();
    await expect(empower).toHaveAttribute('data-hidden', 'false');
    await doctor.getByRole('button', { name: 'REFRESH' }).click();
    await expect(list.getByRole('listitem', { name: 'Empower 2' })).toBeVisible();
    await doctor.close();
  });

  test('shelf, row and column accept letters, numbers and + , - & only', async ({ page }) => {
    const section = await openBrackets(page, 'supervisor');
    await expect(section.getByRole('button', { name: 'Add Libraries' })).toHaveCount(0);
    await section.getByRole('button', { name: 'Edit Damon Q2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Damon Q2' });
    await dialog.getByRole('textbox', { name: 'Shelf' }).fill('A 1');
    await expect(dialog.getByText('Only letters, numbers, and +,-,&,, characters are allowed')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expectAccessible(page);
    await dialog.getByRole('textbox', { name: 'Shelf' }).fill('A+1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The bracket has been successfully updated.')).toBeVisible();
    await expect(section.getByRole('listitem', { name: 'Damon Q2' })).toContainText('Shelf A+1');
    await section.getByRole('button', { name: 'Edit Damon Q2' }).click();
    await page
      .getByRole('dialog', { name: 'Edit Damon Q2' })
      .getByRole('textbox', { name: 'Shelf' })
      .fill('A');
    await page.getByRole('dialog', { name: 'Edit Damon Q2' }).getByRole('button', { name: 'Save' }).click();
    await expect(section.getByRole('listitem', { name: 'Damon Q2' })).toContainText('Shelf A ·');
  });
});
