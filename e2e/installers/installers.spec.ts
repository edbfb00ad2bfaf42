import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';

const MZ = Buffer.from('MZ', 'latin1');

function exe(size: number): Buffer {
  const buf = Buffer.alloc(size, 0x41);
  MZ.copy(buf);
  return buf;
}

function sevenZip(size: number): Buffer {
  const buf = Buffer.alloc(size, 0x41);
  Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]).copy(buf);
  return buf;
}

/** A version no other run of the suite uses (two-digit numbers). */
function freshVersion(): string {
  const n = Date.now();
  return `${50 + (n % 49)}.${Math.floor(n / 100) % 100}.${Math.floor(n / 10_000) % 100}`;
}

/** Zero WCAG 2 A/AA violations inside one section (the organization page holds other teams' sections too). */
async function expectSectionAccessible(page: Page, section: Locator) {
  await section.evaluate((el) => el.setAttribute('data-axe-scope', 'installers'));
  const results = await new AxeBuilder({ page })
    .include('[data-axe-scope="installers"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

async function openSettings(page: Page) {
  await asUser(page, 'admin', { path: '/settings?tab=0' });
  await expect(page.getByRole('tab', { name: 'Installers Management', selected: true })).toBeVisible({
    timeout: 30_000,
  });
  return page.getByRole('region', { name: 'Installers Management' });
}

test.describe('Installers Management (Settings tab 0)', () => {
  test('validates, uploads with a progress bar, then toggles, edits, bumps and deletes', async ({ page }) => {
    test.slow();
    const section = await openSettings(page);
    const table = section.getByRole('table', { name: 'Installers' });
    await expect(table.getByRole('cell', { name: '2.13.0 Unstable', exact: true })).toBeVisible();
    await expectAccessible(page);

    // The form's messages.
    await section.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(section.getByText('Invalid format e.g. 2.12.8')).toBeVisible();
    await expect(section.getByText('Required', { exact: true })).toBeVisible();
    await expect(section.getByText('A file is required')).toBeVisible();
    await section.getByRole('textbox', { name: 'Version' }).fill('2.123.8');
    await section.getByRole('textbox', { name: 'Release Notes' }).fill('First line\nSecond line');
    await section.locator('input[type=file][accept=".exe,.msi"]').setInputFiles({
      name: 'DIBS.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from('PK'),
    });
    await expect(section.getByText('Unsupported Format! Allowed formats: .exe and .msi')).toBeVisible();
    await section.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(section.getByText('Invalid format e.g. 2.12.8')).toBeVisible();

    // A taken version is refused by the server.
    await section.getByRole('textbox', { name: 'Version' }).fill('2.12.7');
    await section.locator('input[type=file][accept=".exe,.msi"]').setInputFiles({
      name: 'DIBS-Setup.exe',
      mimeType: 'application/octet-stream',
      buffer: exe(2048),
    });
    await section.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(section.getByText('Version already exists')).toBeVisible();

    // The upload: the request is held so the bar can be seen, then let through.
    const version = freshVersion();
    await section.getByRole('textbox', { name: 'Version' }).fill(version);
    await section.locator('input[type=file][accept=".exe,.msi"]').setInputFiles({
      name: `DIBS-Setup-${version}.exe`,
      mimeType: 'application/octet-stream',
      buffer: exe(3 * 1024 * 1024),
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/services/api/v2/installers', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await held;
      await route.continue();
    });
    await section.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(section.getByRole('progressbar', { name: 'Installer upload progress' })).toBeVisible();
    await expect(section.getByText(/Uploading\.\.\. \d+%/)).toBeVisible();
    await expectAccessible(page);
    release();
    await expect(page.getByText('Installer successfully uploaded.')).toBeVisible();
    await page.unroute('**/services/api/v2/installers');
    await expect(section.getByRole('progressbar', { name: 'Installer upload progress' })).toHaveCount(0);
    const row = table.getByRole('row').filter({ hasText: version });
    await expect(row).toContainText(`DIBS-Setup-${version}.exe`);
    await expect(row).toContainText('3.0 MB');
    // Line breaks are kept.
    await expect(row.locator('br')).toHaveCount(1);

    // Unstable, and back.
    await row.getByRole('switch', { name: `Unstable: ${version}` }).click();
    await expect(page.getByText('The installer is now marked unstable.')).toBeVisible();
    await expect(row.getByText('Unstable', { exact: true })).toBeVisible();

    // Release notes: empty is refused, then saved.
    await row.getByRole('button', { name: `Edit release notes of ${version}` }).click();
    const dialog = page.getByRole('dialog', { name: `Release Notes of ${version}` });
    await dialog.getByLabel('Release Notes').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Required', { exact: true })).toBeVisible();
    await dialog.getByLabel('Release Notes').fill('Rebuilt\nSigned\nFaster');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Release notes successfully updated.')).toBeVisible();
    await expect(row.locator('br')).toHaveCount(2);

    // Bump version: the patch number goes up.
    const [a, b, c] = version.split('.').map(Number) as [number, number, number];
    const bumped = `${a}.${b}.${c + 1}`;
    await row.getByRole('button', { name: `Bump version ${version}` }).click();
    await expect(page.getByText('Installer version successfully bumped.')).toBeVisible();
    const bumpedRow = table.getByRole('row').filter({ hasText: `DIBS-Setup-${version}.exe` });
    await expect(bumpedRow.getByRole('cell').first()).toContainText(bumped);

    // Download, then delete.
    const download = page.waitForEvent('download');
    await bumpedRow.getByRole('button', { name: `Download ${bumped}` }).click();
    expect((await download).suggestedFilename()).toBe(`DIBS-Setup-${version}.exe`);
    await bumpedRow.getByRole('button', { name: `Delete ${bumped}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete Installer' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Installer successfully deleted.')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: `DIBS-Setup-${version}.exe` })).toHaveCount(0);
  });

  test('the machine learning file takes .7z only; auto-update switches', async ({ page }) => {
    const section = await openSettings(page);
    const ml = section.getByRole('region', { name: 'Machine Learning File' });
    await expect(ml).toContainText('segmentation-model.7z');
    const input = ml.locator('input[type=file]');
    await input.setInputFiles({ name: 'model.zip', mimeType: 'application/zip', buffer: Buffer.from('PK') });
    await expect(ml.getByText('Only accept .7z file')).toBeVisible();
    await input.setInputFiles({
      name: 'model-v3.7z',
      mimeType: 'application/x-7z-compressed',
      buffer: sevenZip(4096),
    });
    await expect(page.getByText('File successfully uploaded.')).toBeVisible();
    await expect(ml).toContainText('model-v3.7z');
    const download = page.waitForEvent('download');
    await ml.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('model-v3.7z');

    const auto = section.getByRole('switch', { name: 'Auto-update DIBS' });
    const before = await auto.isChecked();
    await auto.click();
    await expect(page.getByText('Auto-update setting successfully saved.')).toBeVisible();
    await expect(auto).toBeChecked({ checked: !before });
    await auto.click();
    await expect(auto).toBeChecked({ checked: before });
  });

  test("a failed upload says 'Failed to upload, please try again or contact support team.'", async ({
    page,
  }) => {
    const section = await openSettings(page);
    await page.route('**/services/api/v2/installers', (route) =>
      route.request().method() === 'POST' ? route.abort('connectionreset') : route.continue(),
    );
    await section.getByRole('textbox', { name: 'Version' }).fill(freshVersion());
    await section.getByRole('textbox', { name: 'Release Notes' }).fill('Notes');
    await section.locator('input[type=file][accept=".exe,.msi"]').setInputFiles({
      name: 'DIBS.exe',
      mimeType: 'application/octet-stream',
      buffer: exe(1024),
    });
    await section.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(
      section
        .getByRole('alert')
        .filter({ hasText: 'Failed to upload, please try again or contact support team.' }),
    ).toBeVisible();
  });

  test("the organization page has the practice's own installers; the settings tab is for installers.manage", async ({
    page,
  }) => {
    await asUser(page, 'admin', { path: '/organizations' });
    await page.getByRole('searchbox', { name: 'Search' }).fill('Bright Smiles Orthodontics');
    await page.getByRole('link', { name: 'Bright Smiles Orthodontics' }).first().click();
    await expect(page).toHaveURL(/\/organizations\/\d+$/);
    const section = page.getByRole('region', { name: 'Installers Management' });
    const table = section.getByRole('table', { name: 'Installers' });
    await expect(table.getByRole('cell', { name: '2.12.8', exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(table.getByRole('row').filter({ hasText: 'DIBS-Setup-2.13.0.exe' })).toHaveCount(0);
    await section.scrollIntoViewIfNeeded();
    await expectSectionAccessible(page, section);

    // A supervisor has no installers.manage: no tab 0.
    await asUser(page, 'supervisor', { path: '/settings?tab=0' });
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Installers Management' })).toHaveCount(0);
  });
});

test.describe('the account page Installer tab', () => {
  test('lists the stable versions with download, newest first', async ({ page }) => {
    await asUser(page, 'doctor', { path: '/account?tab=5' });
    await expect(page.getByRole('tab', { name: 'Installer', selected: true })).toBeVisible({
      timeout: 30_000,
    });
    const table = page.getByRole('table', { name: 'Installers' });
    await expect(table.getByRole('row').nth(1)).toContainText('2.12.8');
    await expect(table).toContainText('2.12.7');
    await expect(table).toContainText('2.12.6');
    await expect(table).not.toContainText('2.13.0');
    await expectAccessible(page);
    const download = page.waitForEvent('download');
    await table.getByRole('button', { name: 'Download 2.12.7' }).click();
    expect((await download).suggestedFilename()).toBe('DIBS-Setup-2.12.7.exe');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(table.getByRole('button', { name: 'Download 2.12.7' })).toBeVisible();
  });

  test("says 'No installers' when there is none", async ({ page }) => {
    await page.route('**/services/api/v2/installers/available*', (route) =>
      route.fulfill({ json: { data: [], meta: { current_page: 1, per_page: 10, total: 0, last_page: 1 } } }),
    );
    await asUser(page, 'member', { path: '/account?tab=5' });
    await expect(page.getByRole('table', { name: 'Installers' })).toContainText('No installers');
    await expectAccessible(page);
  });
});
