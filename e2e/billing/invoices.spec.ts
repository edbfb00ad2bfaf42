import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';
import { downloaded, pdfText } from './billing-support.ts';

test.describe('Account Invoices tab', () => {
  test('shows the current invoice in green when paid and the Old Invoices accordion', async ({ page }) => {
    await asUser(page, 'doctor', { path: '/account?tab=4' });
    await expect(page.getByRole('heading', { level: 2, name: 'Current Invoice' })).toBeVisible();
    const current = page.getByRole('table', { name: /^Invoice INV-/ });
    await expect(current).toBeVisible();
    await expect(current.getByRole('row', { name: /Monthly Fee/ })).toContainText(/\$\d+\.\d{2}/);
    await expect(current.getByRole('row', { name: /^Total/ })).toContainText(/\$\d+\.\d{2}/);
    const status = page.getByText('PAID', { exact: true }).first();
    await expect(status).toBeVisible();
    await expect(page.locator('.MuiChip-colorSuccess').filter({ hasText: 'PAID' }).first()).toBeVisible();
    // Template version 2: the per-patient layout lists each case with its fees.
    const cases = page.getByRole('table', { name: /^Cases of invoice INV-/ });
    await expect(cases.getByRole('row')).toHaveCount(4);
    await expect(cases).toContainText('Volume discount: -$15.00');
    await expect(cases).toContainText('Rush case (Both arches): $50.00');
    await expectAccessible(page);

    const accordion = page.getByRole('button', { name: 'Old Invoices' });
    await expect(accordion).toHaveAttribute('aria-expanded', 'false');
    await accordion.click();
    const old = page.getByRole('table', { name: 'Old Invoices' });
    await expect(old.getByRole('row')).toHaveCount(3);
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(old).toBeVisible();
    await expectAccessible(page);
  });

  test('downloads an invoice as a PDF (parsed) and as CSV under the server name', async ({ page }) => {
    await asUser(page, 'doctor', { path: '/account?tab=4' });
    const current = page.getByRole('table', { name: /^Invoice INV-/ });
    await expect(current).toBeVisible();
    const label = (await current.getAttribute('aria-label'))!.replace('Invoice ', '');
    const pdf = await downloaded(page, () =>
      page.getByRole('button', { name: `Download ${label} as PDF` }).click(),
    );
    expect(pdf.name).toBe(`invoice-${label}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf.bytes);
    expect(text).toContain(`Invoice ${label}`);
    expect(text).toContain('Bright Smiles Orthodontics');
    expect(text).toContain('Monthly Fee');
    expect(text).toMatch(/Total\s+\$\d+\.\d{2}/);
    expect(text).toContain('Cases');
    expect(text).toContain('Add-on: Rush case (Both arches) $50.00');

    const csv = await downloaded(page, () =>
      page.getByRole('button', { name: `Download ${label} as CSV` }).click(),
    );
    expect(csv.name).toBe(`invoice-${label}.csv`);
    const lines = csv.bytes.toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('Invoice,Invoice Date,Organization,Status,Description,Amount');
    expect(lines[1]).toMatch(
      new RegExp(`^${label},\\d{4}-\\d{2}-\\d{2},Bright Smiles Orthodontics,PAID,Monthly Fee,\\d+\\.\\d{2}$`),
    );
    expect(lines.at(-1)).toMatch(/,Total,\d+\.\d{2}$/);
  });

  test('a manager sees Invoices but not Payment; without orders the empty texts show', async ({ page }) => {
    // An organization that has never been billed: the API answers no current order and no orders.
    await page.route('**/services/api/v2/organizations/*/current_order', (route) =>
      route.fulfill({ json: { order: null, metadata: { template_data: null } } }),
    );
    await page.route('**/services/api/v2/organizations/*/list_orders', (route) =>
      route.fulfill({ json: { orders: [] } }),
    );
    await asUser(page, 'manager', { path: '/account?tab=4' });
    await expect(page.getByRole('tab', { name: 'Invoices', selected: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Payment' })).toHaveCount(0);
    await expect(page.getByText('There is no current order')).toBeVisible();
    await page.getByRole('button', { name: 'Old Invoices' }).click();
    await expect(page.getByText('No orders yet.')).toBeVisible();
    await expectAccessible(page);
  });
});
