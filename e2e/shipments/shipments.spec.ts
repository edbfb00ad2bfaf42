import fs from 'node:fs';
import type { Download, Locator, Page } from '@playwright/test';
import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';

/** The file a click saves: a PDF under the expected name. */
async function expectPdf(page: Page, click: () => Promise<void>, name: RegExp): Promise<Download> {
  const downloading = page.waitForEvent('download');
  await click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(name);
  expect(
    fs
      .readFileSync((await file.path())!)
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  return file;
}

/** The shipping group (its rows) that holds the case of this name. */
function groupOf(page: Page, name: string): Locator {
  return page.getByTestId('shipment-group').filter({ has: page.getByRole('link', { name, exact: true }) });
}

async function openShippingView(page: Page): Promise<void> {
  await asUser(page, 'admin', { path: '/patients-page' });
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible({ timeout: 45_000 });
  await page.getByRole('switch', { name: 'Shipping' }).check();
  await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveText('Oldest shipments');
  await expect(page.getByTestId('shipment-group').first()).toBeVisible();
}

test.describe('the shipping view of the case list', () => {
  test('staff label, bundle and complete a shipment, then correct its tracking number', async ({ page }) => {
    test.slow();
    await openShippingView(page);
    await expect(page.getByRole('columnheader', { name: 'Shipment' })).toBeVisible();
    await expectAccessible(page);

    // An open group the lab ships that has no label yet: two cases or more when there is one.
    const groups = page.getByTestId('shipment-group');
    let chosen: Locator | null = null;
    for (const group of await groups.all()) {
      const header = group.getByTestId('shipment-group-header');
      if (/Bundle #/.test(await header.innerText())) continue;
      const print = header.getByRole('button', { name: 'Print Shipping Label' });
      if (!(await print.isEnabled())) continue;
      if (!(await header.getByRole('button', { name: 'Complete' }).count())) continue;
      chosen ??= group;
      if (/\b([2-9]|\d{2,}) cases\b/.test(await header.innerText())) {
        chosen = group;
        break;
      }
    }
    expect(chosen, 'an open group with a location and no label yet').not.toBeNull();
    const header = chosen!.getByTestId('shipment-group-header');
    // Complete waits for the labels.
    await expect(header.getByRole('button', { name: 'Complete' })).toBeDisabled();

    // Print Shipping Label: the open cases of the provider are chosen; one label for them.
    await header.getByRole('button', { name: 'Print Shipping Label' }).click();
    const labelDialog = page.getByRole('dialog', { name: 'Print Shipping Label' });
    await expect(labelDialog.getByTestId('label-case').first()).toBeVisible();
    // Every case that can ship goes in (in-office ones are not chosen first).
    const names: string[] = [];
    for (const item of await labelDialog.getByTestId('label-case').all()) {
      const box = item.getByRole('checkbox');
      if (!(await box.isEnabled())) {
        await expect(item).toContainText(
          /Shipping location is missing\.|This is assigned to third party partner\./,
        );
        continue;
      }
      await box.check();
      names.push((await item.locator('label').innerText()).trim());
    }
    expect(names.length).toBeGreaterThan(0);
    await expectPdf(
      page,
      () => labelDialog.getByRole('button', { name: 'Print', exact: true }).click(),
      /^shipping-label-[\d-]+\.pdf$/,
    );
    await expect(labelDialog).toBeHidden();

    // The cases now ship in one bundle, with the label's tracking number.
    const bundled = groupOf(page, names[0]!);
    const bundledHeader = bundled.getByTestId('shipment-group-header');
    await expect(bundledHeader).toContainText(/Bundle #\d+ · \S+/);
    for (const name of names) await expect(bundled.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(bundledHeader.getByRole('button', { name: 'Complete' })).toBeDisabled();

    // Patient Label of each case.
    for (const name of names) {
      const row = bundled
        .getByTestId('patient-row')
        .filter({ has: page.getByRole('link', { name, exact: true }) });
      await row.getByRole('button', { name: /^Patient Label of / }).click();
      const dialog = page.getByRole('dialog', { name: 'Patient Label' });
      await expect(dialog.getByText(name)).toBeVisible();
      await expectPdf(
        page,
        () => dialog.getByRole('button', { name: 'Print', exact: true }).click(),
        /^patient-labels-\d+\.pdf$/,
      );
      await expect(dialog).toBeHidden();
      await expect(row.getByText('Patient label printed')).toBeVisible();
    }

    // Bundled Shipping: the tracking number is required; the lab's own number replaces the label's.
    const complete = bundledHeader.getByRole('button', { name: 'Complete' });
    await expect(complete).toBeEnabled();
    await complete.click();
    const bundleDialog = page.getByRole('dialog', { name: 'Bundled Shipping' });
    const tracking = bundleDialog.getByRole('textbox', { name: /Tracking Number/ });
    await expect(tracking).not.toHaveValue('');
    await expect(bundleDialog.getByRole('textbox', { name: 'Custom Shipping Fee' })).toBeVisible();
    await expect(bundleDialog.getByRole('textbox', { name: 'Internal Shipping Cost' })).toBeVisible();
    await expectAccessible(page);
    await tracking.fill('');
    await bundleDialog.getByRole('button', { name: 'Complete' }).click();
    await expect(bundleDialog.getByText('The tracking number is required.')).toBeVisible();
    await bundleDialog.getByRole('textbox', { name: 'Custom Shipping Fee' }).fill('-1');
    await bundleDialog.getByRole('button', { name: 'Complete' }).click();
    await expect(bundleDialog.getByText('Value cannot be less than zero')).toBeVisible();
    const number = `E2E${Date.now()}`;
    await tracking.fill(number);
    await bundleDialog.getByRole('textbox', { name: 'Custom Shipping Fee' }).fill('12.50');
    await bundleDialog.getByRole('textbox', { name: 'Internal Shipping Cost' }).fill('8');
    await bundleDialog.getByRole('button', { name: 'Complete' }).click();
    await expect(bundleDialog).toBeHidden();

    // The case is found by that tracking number; its completed bundle offers Tracking.
    await page.getByRole('searchbox', { name: 'Tracking number' }).fill(number);
    const found = groupOf(page, names[0]!);
    const foundHeader = found.getByTestId('shipment-group-header');
    await expect(foundHeader).toContainText(number);
    await expect(foundHeader.getByText('Completed')).toBeVisible();
    await expect(foundHeader.getByText('Fee $12.50 · Cost $8.00')).toBeVisible();
    await expect(page.getByTestId('shipment-group')).toHaveCount(1);
    await foundHeader.getByRole('button', { name: 'Tracking' }).click();
    const update = page.getByRole('dialog', { name: 'Update Bundled Shipping' });
    await expect(update.getByRole('textbox', { name: /Tracking Number/ })).toHaveValue(number);
    await expect(update.getByRole('textbox', { name: 'Custom Shipping Fee' })).toHaveValue('12.50');
    const corrected = `${number}X`;
    await update.getByRole('textbox', { name: /Tracking Number/ }).fill(corrected);
    await update.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Bundled shipment updated successfully')).toBeVisible();
    await expect(update).toBeHidden();

    await page.getByRole('searchbox', { name: 'Tracking number' }).fill(corrected);
    await expect(groupOf(page, names[0]!).getByTestId('shipment-group-header')).toContainText(corrected);
  });

  test('filter[shipping]=1 opens the shipping view and leaves the address', async ({ page }) => {
    await asUser(page, 'supervisor', { path: '/patients-page?filter[shipping]=1&sort=newest' });
    await expect(page.getByTestId('shipment-group').first()).toBeVisible({ timeout: 45_000 });
    await expect(page.getByRole('switch', { name: 'Shipping' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveText('Newest shipments');
    await expect(page).toHaveURL(/\/patients-page$/);
  });

  test('a lab partner has no shipping view', async ({ page }) => {
    await asUser(page, 'partner', { path: '/patients-page?filter[shipping]=1' });
    await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible({ timeout: 45_000 });
    await expect(page.getByRole('switch', { name: 'Active only' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Shipping' })).toHaveCount(0);
    await expect(page.getByTestId('shipment-group')).toHaveCount(0);
  });
});
