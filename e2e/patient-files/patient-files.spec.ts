import fs from 'node:fs';
import type { Locator, Page, Route } from '@playwright/test';
import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';
import { filesOf, findPatient, storedZip, tetrahedronStl, tinyPng } from './support.ts';

const SECTION_TITLES = [
  'IOS Files',
  'STL Files',
  'Photos',
  'Dicom Files',
  'X-Ray Images',
  'IDB Tray Images',
  'Other Photos',
  'Other Files',
];

function filesRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'Files', exact: true });
}

function sectionToggle(files: Locator, title: string): Locator {
  return files.getByRole('button', { name: new RegExp(`^${title} \\((N/A|\\d+)\\)$`) });
}

/** Expands a file section (the ones without files start collapsed). */
async function openSection(files: Locator, title: string): Promise<void> {
  const toggle = sectionToggle(files, title);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

/** Holds every PUT (the bytes going to the signed upload address) until `release` is called. */
async function holdUploads(page: Page): Promise<{ release: () => void; stop: () => Promise<void> }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    if (route.request().method() === 'PUT') await held;
    await route.continue();
  };
  await page.route('**/services/api/v2/**', handler);
  return { release, stop: () => page.unroute('**/services/api/v2/**', handler) };
}

async function openDetails(page: Page, patientId: number): Promise<Locator> {
  await page.goto(`/patient-details/${patientId}`);
  const files = filesRegion(page);
  await expect(sectionToggle(files, 'IOS Files')).toBeVisible();
  return files;
}

test.describe('patient files', () => {
  test('a doctor uploads photos with progress, is told about duplicate names and refused content, and deletes a photo', async ({
    page,
  }) => {
    await asUser(page, 'doctor');
    const patientId = await findPatient(page, { hasIos: false });
    const files = await openDetails(page, patientId);
    for (const title of SECTION_TITLES) await expect(sectionToggle(files, title)).toBeVisible();
    await expectAccessible(page);

    const stamp = Date.now();
    const front = `front-${stamp}.png`;
    const side = `side-${stamp}.png`;
    await openSection(files, 'Photos');
    await files.getByRole('button', { name: 'Upload Photos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Photos' });
    await expect(dialog.getByText('Drag and drop files here, or')).toBeVisible();
    await dialog.locator('input[type="file"]').setInputFiles([
      { name: front, mimeType: 'image/png', buffer: tinyPng(front) },
      { name: side, mimeType: 'image/png', buffer: tinyPng(side) },
    ]);
    await expect(dialog.getByRole('list', { name: 'Files to upload' })).toContainText(front);
    await expectAccessible(page);

    const uploads = await holdUploads(page);
    await dialog.getByRole('button', { name: 'Upload 2 Files' }).click();
    await expect(dialog.getByRole('progressbar', { name: `Upload progress of ${front}` })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    uploads.release();
    await expect(page.getByText('The file was uploaded successfully.').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await uploads.stop();
    const photos = files.getByRole('list', { name: 'Photos' });
    await expect(photos.getByRole('img', { name: front })).toBeVisible();
    await expect(photos.getByRole('img', { name: side })).toBeVisible();
    const afterUpload = await filesOf(page, patientId);
    const photoNames = afterUpload.sections
      .find((s) => s.name === 'Photos')!
      .files.map((f) => f.original_name);
    expect(photoNames).toEqual(expect.arrayContaining([front, side]));

    // The same name again is refused before anything is sent; content that is not what the
    // extension claims is refused by the server, with its message, and the others still go.
    await files.getByRole('button', { name: 'Upload Photos' }).click();
    await dialog.locator('input[type="file"]').setInputFiles([
      { name: front, mimeType: 'image/png', buffer: tinyPng(front) },
      { name: `broken-${stamp}.png`, mimeType: 'image/png', buffer: Buffer.from('not an image at all') },
    ]);
    // Dropped files join the picked ones.
    const dropped = await page.evaluateHandle(
      ({ name, bytes }) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
        return transfer;
      },
      { name: `extra-${stamp}.png`, bytes: [...tinyPng('extra')] },
    );
    await dialog.getByTestId('upload-drop-zone').dispatchEvent('drop', { dataTransfer: dropped });
    await expect(dialog.getByRole('list', { name: 'Files to upload' })).toContainText(`extra-${stamp}.png`);
    await expect(dialog.getByText('File with such name already exists.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Upload 2 Files' }).click();
    await expect(dialog.getByText('Failed')).toBeVisible();
    await expect(dialog.getByRole('alert').nth(1)).not.toBeEmpty();
    await expect(dialog.getByText('Uploaded')).toBeVisible();
    // A refused file keeps the dialog open with its message; the accepted one is stored.
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(photos.getByRole('img', { name: `extra-${stamp}.png` })).toBeVisible();
    await expect(photos.getByRole('img', { name: `broken-${stamp}.png` })).toHaveCount(0);

    // Delete asks first.
    await files.getByRole('button', { name: `Delete ${side}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete File' });
    await expect(confirm).toContainText(`Are you sure you want to delete the file ${side}?`);
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(photos.getByRole('img', { name: side })).toHaveCount(0);
    const afterDelete = await filesOf(page, patientId);
    expect(
      afterDelete.sections.find((s) => s.name === 'Photos')!.files.map((f) => f.original_name),
    ).not.toContain(side);
  });

  test('a doctor uploads an STL with progress, previews it in 3D and downloads the same bytes', async ({
    page,
  }) => {
    await asUser(page, 'doctor');
    const patientId = await findPatient(page, { hasIos: false });
    const files = await openDetails(page, patientId);
    const name = `arch-${Date.now()}_l.stl`;
    const stl = tetrahedronStl();

    await openSection(files, 'STL Files');
    await files.getByRole('button', { name: 'Upload STL Files' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload STL Files' });
    await dialog.locator('input[type="file"]').setInputFiles({ name, mimeType: 'model/stl', buffer: stl });
    // Arch tags are for management: a doctor sees none.
    await expect(dialog.getByRole('group', { name: `Arch of ${name}` })).toHaveCount(0);
    const uploads = await holdUploads(page);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    const progress = dialog.getByRole('progressbar', { name: `Upload progress of ${name}` });
    await expect(progress).toBeVisible();
    uploads.release();
    await expect(page.getByText('The file was uploaded successfully.').first()).toBeVisible();
    await uploads.stop();
    const stlList = files.getByRole('list', { name: 'STL Files' });
    await expect(stlList).toContainText(name);

    await files.getByRole('button', { name: `Preview ${name}` }).click();
    const preview = page.getByRole('dialog', { name });
    await expect(preview.getByRole('img', { name: `3D preview of ${name}` })).toBeVisible();
    await expect(preview.locator('canvas')).toBeVisible();
    await expect(preview).toContainText('4 triangles.');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    const downloading = page.waitForEvent('download');
    await files.getByRole('button', { name: `Download ${name}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(name);
    expect(fs.readFileSync(await download.path())).toEqual(stl);
  });

  test('an admin is warned before a second IOS file and tags STL arches from their names', async ({
    page,
  }) => {
    await asUser(page, 'admin');
    const patientId = await findPatient(page, { hasIos: true });
    const files = await openDetails(page, patientId);
    await expectAccessible(page);

    // STL arch tags, preset from the file name.
    await openSection(files, 'STL Files');
    await files.getByRole('button', { name: 'Upload STL Files' }).click();
    const stlDialog = page.getByRole('dialog', { name: 'Upload STL Files' });
    const stamp = Date.now();
    await stlDialog.locator('input[type="file"]').setInputFiles([
      { name: `upper-${stamp}.stl`, mimeType: 'model/stl', buffer: tetrahedronStl(5) },
      { name: `scan-${stamp}-mandible.stl`, mimeType: 'model/stl', buffer: tetrahedronStl(6) },
    ]);
    const upperArch = stlDialog.getByRole('group', { name: `Arch of upper-${stamp}.stl` });
    const lowerArch = stlDialog.getByRole('group', { name: `Arch of scan-${stamp}-mandible.stl` });
    await expect(upperArch.getByRole('button', { name: 'Maxillary' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(lowerArch.getByRole('button', { name: 'Mandibular' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await upperArch.getByRole('button', { name: 'Mandibular' }).click();
    await expect(upperArch.getByRole('button', { name: 'Mandibular' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expectAccessible(page);
    await stlDialog.getByRole('button', { name: 'Upload 2 Files' }).click();
    await expect(stlDialog).toBeHidden();
    const stlList = files.getByRole('list', { name: 'STL Files' });
    await expect(stlList.getByRole('listitem').filter({ hasText: `upper-${stamp}.stl` })).toContainText(
      'Mandibular',
    );

    // IOS: the patient has one already, so the warning comes first; No keeps everything as is.
    const before = (await filesOf(page, patientId)).sections.find((s) => s.name === 'IOS Files')!.files
      .length;
    await openSection(files, 'IOS Files');
    await files.getByRole('button', { name: 'Upload IOS Files' }).click();
    const iosDialog = page.getByRole('dialog', { name: 'Upload IOS Files' });
    const zipName = `scan-${stamp}.zip`;
    await iosDialog.locator('input[type="file"]').setInputFiles([
      { name: `scan-${stamp}.stl`, mimeType: 'model/stl', buffer: tetrahedronStl() },
      { name: zipName, mimeType: 'application/zip', buffer: storedZip('scan.dibs', 2_500_000) },
    ]);
    await expect(iosDialog.getByText('Files must first be zipped')).toBeVisible();
    await iosDialog.getByRole('button', { name: 'Upload', exact: true }).click();
    const warning = page.getByRole('dialog', { name: 'Warning: IOS File already exists!' });
    await expect(warning).toContainText(
      'Patient with multiple IOS files can cause synchronization problem on DIBS. Do you want to proceed?',
    );
    await expectAccessible(page);
    await warning.getByRole('button', { name: 'No' }).click();
    await expect(warning).toBeHidden();
    expect((await filesOf(page, patientId)).sections.find((s) => s.name === 'IOS Files')!.files.length).toBe(
      before,
    );

    await iosDialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await warning.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('The file was uploaded successfully.').first()).toBeVisible();
    await expect(files.getByRole('list', { name: 'IOS Files' })).toContainText(zipName);
    expect((await filesOf(page, patientId)).sections.find((s) => s.name === 'IOS Files')!.files.length).toBe(
      before + 1,
    );
  });
});
