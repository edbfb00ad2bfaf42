import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';

/** A calendar date `days` from today in the browser's (and the server's) local time. */
function dayFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const dateField = (page: Page, name: 'From' | 'To') => page.getByRole('textbox', { name, exact: true });

async function download(page: Page, report: string, from: string, to: string): Promise<Download> {
  await page.getByRole('radio', { name: report }).check();
  await dateField(page, 'From').fill(from);
  await dateField(page, 'To').fill(to);
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  return file;
}

async function rowsOf(file: Download): Promise<string[][]> {
  const bytes = fs.readFileSync((await file.path())!);
  // The file starts with a UTF-8 byte order mark so spreadsheets read accents right.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(bytes, { bom: true }) as string[][];
}

test.describe('reports (/export-reports)', () => {
  test('a super admin opens Reports from the sidebar and downloads two reports', async ({ page }) => {
    await asUser(page, 'superadmin', { path: '/patients-page' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
    await expect(page).toHaveURL(/\/export-reports$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(5);
    await expectAccessible(page);

    const from = dayFromToday(-60);
    const to = dayFromToday(0);
    const deleted = await download(page, 'Deleted Cases', from, to);
    expect(deleted.suggestedFilename()).toBe(`deleted-cases-${from}-${to}.csv`);
    const rows = await rowsOf(deleted);
    expect(rows[0]).toEqual([
      'Deleted At',
      'Patient',
      'Case Number',
      'Organization',
      'Account Number',
      'Doctor',
      'Deleted By',
      'Deleted By Email',
      'Reason',
      'Created At',
      'Setup Completed At',
    ]);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows.slice(1)) {
      expect(row).toHaveLength(11);
      expect(row[0]! >= from && row[0]!.slice(0, 10) <= to).toBe(true);
    }
    await expect(page.getByRole('status')).toHaveText(new RegExp(`Saved deleted-cases-${from}-${to}\\.csv`));

    const invoices = await download(page, 'Invoices', dayFromToday(-100), to);
    const invoiceRows = await rowsOf(invoices);
    expect(invoiceRows[0]!.slice(0, 3)).toEqual(['Invoice Date', 'Invoice', 'Organization']);
    expect(invoiceRows.length).toBeGreaterThan(3);
  });

  test('the date range is checked next to its fields', async ({ page }) => {
    await asUser(page, 'superadmin', { path: '/export-reports' });
    await dateField(page, 'From').fill('2026-03-10');
    await dateField(page, 'To').fill('2026-03-01');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    await expect(page.getByText('The end date must not be earlier than the start date.')).toBeVisible();
    await dateField(page, 'From').fill('');
    await expect(page.getByText('Required')).toBeVisible();
    await expectAccessible(page);
  });

  test('the page is keyboard reachable: a report, the dates and the button in order', async ({ page }) => {
    await asUser(page, 'superadmin', { path: '/export-reports' });
    await page.getByRole('radio', { name: 'Technicians' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: 'Internal Shipping' })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(dateField(page, 'From')).toBeFocused();
    // A date input has its own stops (month, day, year) before the next field.
    for (
      let i = 0;
      i < 12 &&
      !(await page
        .getByRole('button', { name: 'Download CSV' })
        .evaluate((b) => b === document.activeElement));
      i++
    )
      await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Download CSV' })).toBeFocused();
    const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(file.suggestedFilename()).toMatch(/^internal-shipping-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  test('an admin has no Reports entry and cannot open /export-reports', async ({ page }) => {
    await asUser(page, 'admin', { path: '/patients-page' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Settings' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Reports' })).toHaveCount(0);
    await page.goto('/export-reports');
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);
  });

  test.describe('on a phone (390 px)', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the page fits the screen and downloads', async ({ page }) => {
      await asUser(page, 'superadmin', { path: '/export-reports' });
      await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      const file = await download(page, 'Technicians', dayFromToday(-30), dayFromToday(0));
      const rows = await rowsOf(file);
      expect(rows[0]![0]).toBe('Finished At');
      expect(rows.length).toBeGreaterThan(1);
      await expectAccessible(page);
    });
  });
});
