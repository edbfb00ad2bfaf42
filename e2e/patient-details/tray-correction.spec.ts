import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';
import { apiGet } from './support.ts';

/** The demo case made for a tray correction (demo-tray-correction.ts): in-office print, one IOS file. */
async function trayCorrectionCase(page: Page): Promise<number> {
  const { status, body } = await apiGet<{ data: { id: number; last_name: string }[] }>(
    page,
    '/patients?per_page=25&search=Lindqvist',
  );
  expect(status).toBe(200);
  const found = body.data.find((p) => p.last_name === 'Lindqvist');
  expect(found, 'the demo tray correction case').toBeTruthy();
  return found!.id;
}

/** No element wider than the viewport (a 390 px phone scrolls only vertically). */
async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

// Each test signs in through the screen, so the spec does not lean on the stored sessions.
test.describe.serial('tray correction', () => {
  // Sign-in through the screen and three axe scans per test: more than the default on a busy machine.
  test.describe.configure({ timeout: 240_000 });
  let requestPath = '';

  test('a doctor requests a tray correction of one arch and finds the new request', async ({ page }) => {
    await signIn(page, 'doctor@example.com');
    const id = await trayCorrectionCase(page);
    await page.goto(`/patient-details/${id}`);
    const card = page.getByRole('region', { name: 'Tray Corrections' });
    await expect(card).toBeVisible();
    await expect(card.getByText('No tray corrections requested.')).toBeVisible();
    await expectAccessible(page);

    await card.getByRole('button', { name: 'Request Tray Correction' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Tray Correction' });
    const send = dialog.getByRole('button', { name: 'Send Request' });
    await expect(send).toBeDisabled();
    // Keyboard: tab to the first arch and tick it with the space bar.
    await dialog.getByRole('checkbox', { name: 'Maxillary (upper arch)' }).focus();
    await page.keyboard.press('Space');
    await expect(send).toBeEnabled();
    await expectAccessible(page);
    await send.click();

    await expect(dialog).toBeHidden();
    const open = card.getByRole('link', { name: /^Open request #\d+$/ });
    await expect(open).toBeVisible();
    requestPath = (await open.getAttribute('href'))!;
    expect(requestPath).toMatch(/^\/requests\/\d+$/);
    await expect(card.getByRole('link', { name: /^Flawed Tray Correction #\d+$/ })).toHaveAttribute(
      'href',
      requestPath,
    );
    await expect(card.getByLabel('Flawed trays pending')).toBeVisible();
    // The case has a pending flawed tray now: the action is gone.
    await expect(card.getByRole('button', { name: 'Request Tray Correction' })).toHaveCount(0);
    await expectAccessible(page);

    await open.click();
    await expect(page).toHaveURL(new RegExp(`${requestPath}$`));
    const trays = page.getByRole('table', { name: 'Flawed trays' });
    await expect(trays.getByRole('cell', { name: 'Maxillary' })).toBeVisible();
    await expect(page.getByText('PENDING')).toBeVisible();
  });

  test('staff upload the corrected file (COMPLETED), then Remove File reopens it (PENDING)', async ({
    page,
  }) => {
    expect(requestPath).not.toBe('');
    await signIn(page, 'admin@example.com', { management: true });
    await page.goto(requestPath);
    const trays = page.getByRole('table', { name: 'Flawed trays' });
    await expect(trays).toBeVisible();
    const stl = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'tray-')), 'upper_corrected.stl');
    await fs.writeFile(stl, 'solid corrected\nfacet normal 0 0 1\nendfacet\nendsolid corrected\n');
    await trays
      .locator('input[type=file][aria-label="Corrected file of the Maxillary tray"]')
      .setInputFiles(stl);
    await expect(trays.getByRole('cell', { name: 'Corrected' })).toBeVisible();
    await expect(page.getByText('COMPLETED')).toBeVisible();
    await expectAccessible(page);

    await trays.getByRole('button', { name: /^Remove\s+File of the Maxillary tray$/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Corrected File' });
    await confirm.getByRole('button', { name: 'Remove File' }).click();
    await expect(trays.getByRole('cell', { name: 'Open' })).toBeVisible();
    await expect(page.getByText('PENDING')).toBeVisible();

    // Asked to print the tray, the lab gets a print request with its item; not any more, it goes.
    const printSwitch = trays.getByRole('switch', { name: 'Print the corrected Maxillary tray' });
    await expect(page.getByRole('heading', { name: 'Print Request' })).toHaveCount(0);
    // (The switch follows the server: it turns once the request is read again.)
    await printSwitch.click();
    await expect(printSwitch).toBeChecked();
    await expect(page.getByRole('heading', { name: 'Print Request' })).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Print request items' }).getByTestId('print-item'),
    ).toHaveCount(1);
    await expectAccessible(page);
    await printSwitch.click();
    await expect(printSwitch).not.toBeChecked();
    await expect(page.getByRole('heading', { name: 'Print Request' })).toHaveCount(0);
  });

  test('at 390 px the card and its request read without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'doctor@example.com');
    const id = await trayCorrectionCase(page);
    await page.goto(`/patient-details/${id}`);
    const card = page.getByRole('region', { name: 'Tray Corrections' });
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByRole('link', { name: /^Flawed Tray Correction #\d+$/ })).toBeVisible();
    await expectNoSideways(page);
    await expectAccessible(page);
  });
});
