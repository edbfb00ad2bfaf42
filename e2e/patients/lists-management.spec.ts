import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';
import { apiGet, expectTotal, openList, rows, table, type ApiPage } from './lists-support.ts';

test.describe('management case list (/patients-page)', () => {
  test('default layout: ship date order, 50 a page, the columns and filters; accessible', async ({
    page,
  }) => {
    await openList(page, 'admin', '/patients-page');
    const expected = await apiGet<ApiPage>(page, '/patients?sort=ship_date&per_page=50');
    await expectTotal(page, expected.meta.total);
    await expect(rows(page)).toHaveCount(Math.min(50, expected.meta.total));
    await expect(
      rows(page).first().getByRole('link', { name: expected.data[0]!.formatted_name }),
    ).toBeVisible();
    await expect(table(page).getByRole('columnheader')).toHaveText([
      'Expand',
      'Patient',
      'Dates',
      'Requests',
      'Batch',
      'Shipping',
      'Actions',
    ]);
    await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveText('Ship date');
    // The dates column carries the case's production time once a technician has finished a process.
    const produced = expected.data.find((p) => p.overall_production_time > 0);
    expect(produced).toBeDefined();
    await expect(rows(page).filter({ hasText: produced!.formatted_name }).first()).toContainText(
      /Production: (\d+d )?(\d+h )?\d+m/,
    );
    const unproduced = expected.data.find((p) => p.overall_production_time === 0);
    if (unproduced)
      await expect(rows(page).filter({ hasText: unproduced.formatted_name }).first()).not.toContainText(
        'Production:',
      );
    // Admins read 'On-hold'.
    await expect(page.getByRole('switch', { name: 'On-hold', exact: true })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Archived only' })).toBeVisible();
    await expectAccessible(page);

    // A ship date in the past of an open shipment is red bold; today's is green bold.
    const overdue = table(page).locator('[data-tone="overdue"]').first();
    await expect(overdue).toBeVisible();
    await expect(overdue).toHaveCSS('font-weight', '700');
    await expect(overdue).toHaveCSS('color', 'rgb(179, 38, 30)');

    // The expected ship date range from the address: today's shipments, green bold.
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    const todays = await apiGet<ApiPage>(
      page,
      `/patients?ship_date_from=${today}&ship_date_to=${today}&per_page=1`,
    );
    expect(todays.meta.total).toBeGreaterThan(0);
    await page.goto(`/patients-page?filter[expected_shipping_date]=${today},${today}`);
    await expect(page).toHaveURL(/\/patients-page$/);
    await expect(page.getByLabel('Ship date from')).toHaveValue(today);
    await expect(page.getByLabel('Ship date to')).toHaveValue(today);
    await expectTotal(page, todays.meta.total);
    await expect(table(page).locator('[data-tone="overdue"]')).toHaveCount(0);
    const green = table(page).locator('[data-tone="today"]').first();
    await expect(green).toHaveCSS('font-weight', '700');
    await expect(green).toHaveCSS('color', 'rgb(30, 107, 52)');
  });

  test('request type and status and print assignment filters, from the controls and from the address', async ({
    page,
  }) => {
    await openList(page, 'admin', '/patients-page');
    const designs = await apiGet<ApiPage>(
      page,
      '/patients?request_type=tray_design&request_status=new&per_page=1',
    );
    expect(designs.meta.total).toBeGreaterThan(0);
    await page.getByRole('combobox', { name: 'Request type' }).click();
    await page.getByRole('option', { name: 'Tray Design' }).click();
    await page.getByRole('combobox', { name: 'Request status' }).click();
    await page.getByRole('option', { name: 'New', exact: true }).click();
    await expectTotal(page, designs.meta.total);
    await expect(
      rows(page).first().getByRole('link', { name: designs.data[0]!.formatted_name }),
    ).toBeVisible();
    await expectAccessible(page);

    // The print assignment narrows further.
    const thirdParty = await apiGet<ApiPage>(
      page,
      '/patients?request_type=tray_design&request_status=new&assignment=3&per_page=1',
    );
    await page.getByRole('combobox', { name: 'Print assignment' }).click();
    await page.getByRole('option', { name: 'Third Party' }).click();
    await expectTotal(page, thirdParty.meta.total);

    const printing = await apiGet<ApiPage>(page, '/patients?request_type=printing&per_page=1');
    await page.goto('/patients-page?filter[request_type]=printing');
    await expect(page).toHaveURL(/\/patients-page$/);
    await expect(page.getByRole('combobox', { name: 'Request type' })).toHaveText('Printing');
    await expectTotal(page, printing.meta.total);
  });

  test('page size 10/25/50/100 and paging', async ({ page }) => {
    await openList(page, 'admin', '/patients-page');
    const expected = await apiGet<ApiPage>(page, '/patients?sort=ship_date&per_page=10&page=2');
    await expect(rows(page)).toHaveCount(50);
    await page.getByRole('combobox', { name: /Rows per page/ }).click();
    await expect(page.getByRole('option')).toHaveText(['10', '25', '50', '100']);
    await page.getByRole('option', { name: '10', exact: true }).click();
    await expect(rows(page)).toHaveCount(10);
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(page.locator('.MuiTablePagination-displayedRows')).toHaveText(
      new RegExp(`^11–20 of ${expected.meta.total}$`),
    );
    await expect(
      rows(page).first().getByRole('link', { name: expected.data[0]!.formatted_name }),
    ).toBeVisible();

    // Refresh reloads the page shown.
    const reload = page.waitForRequest((r) => /\/services\/api\/v2\/patients\?.*page=2/.test(r.url()));
    await page.getByRole('button', { name: 'Refresh' }).click();
    await reload;
  });

  test('address parameters set the filters and are removed from the address', async ({ page }) => {
    await openList(page, 'admin', '/patients-page');
    const rush = await apiGet<ApiPage>(page, '/patients?rush_only=true&per_page=1');
    const target = rush.data[0]!;
    await page.goto(
      `/patients-page?queryName=${encodeURIComponent(target.last_name)}&filter[rush_case_only]=1&sort=newest`,
    );
    await expect(page).toHaveURL(/\/patients-page$/);
    await expect(page.getByRole('searchbox', { name: 'Search by patient' })).toHaveValue(target.last_name);
    await expect(page.getByRole('switch', { name: 'Rush case only' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveText('Newest cases');
    const expected = await apiGet<ApiPage>(
      page,
      `/patients?search=${encodeURIComponent(target.last_name)}&rush_only=true&sort=newest&per_page=50`,
    );
    await expectTotal(page, expected.meta.total);
    const shown = await rows(page).count();
    for (let i = 0; i < shown; i++) await expect(rows(page).nth(i)).toContainText('Rush');
    // Back goes to where the user came from, not to the address with the parameters.
    await page.goBack();
    await expect(page).toHaveURL(/\/patients-page$/);

    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search by patient' })).toHaveValue('');
    await expect(page.getByRole('switch', { name: 'Rush case only' })).not.toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveText('Ship date');
  });

  test('toggles: on-hold only (technician label), archived hidden without permission, case notes only', async ({
    page,
  }) => {
    await openList(page, 'tech', '/patients-page');
    await expect(page.getByRole('switch', { name: 'Archived only' })).toHaveCount(0);
    const held = await apiGet<ApiPage>(page, '/patients?held=only&per_page=1');
    await page.getByRole('switch', { name: 'On-hold Only' }).check();
    await expectTotal(page, held.meta.total);
    await expect(rows(page).first()).toContainText('On Hold');
    await page.getByRole('switch', { name: 'On-hold Only' }).uncheck();

    const notes = await apiGet<ApiPage>(page, '/patients?case_notes_only=true&per_page=1');
    await page.getByRole('switch', { name: 'Case notes only' }).check();
    await expectTotal(page, notes.meta.total);
    await rows(page)
      .first()
      .getByRole('button', { name: /^Expand / })
      .click();
    await expect(page.getByText('Case Notes').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Collapse All' })).toBeEnabled();
    await page.getByRole('button', { name: 'Collapse All' }).click();
    await expect(page.getByRole('button', { name: 'Collapse All' })).toBeDisabled();

    // Keywords only: the search fields without the extended filters (which it clears).
    await page.getByRole('button', { name: 'Keywords only' }).click();
    await expect(page.getByRole('switch', { name: 'Case notes only' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Organization type' })).toHaveCount(0);
    const all = await apiGet<ApiPage>(page, '/patients?per_page=1');
    await expectTotal(page, all.meta.total);
    await expectAccessible(page);
  });

  test('organization search and the quick glance on the organization name', async ({ page }) => {
    await openList(page, 'admin', '/patients-page');
    await page.getByRole('searchbox', { name: 'Search by organization' }).fill('Summit');
    const expected = await apiGet<ApiPage>(page, '/patients?organization=Summit&per_page=1');
    await expectTotal(page, expected.meta.total);
    const name = rows(page).first().getByRole('link', { name: 'Summit Dental Group' });
    await name.hover();
    await expect(page.getByTestId('quick-glance')).toContainText('Summit Dental Group at a glance');
  });

  test('a lab partner sees only the cases assigned to them; the root sends them to the dashboard', async ({
    page,
  }) => {
    await asUser(page, 'partner', { path: '/' });
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Patients' }).click();
    await expect(page).toHaveURL(/\/patients-page$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
    const mine = await apiGet<ApiPage>(page, '/patients?per_page=100');
    await expectTotal(page, mine.meta.total);
    const organizations = new Set(mine.data.map((p) => p.organization.name));
    const shown = await rows(page).count();
    expect(shown).toBeGreaterThan(0);
    for (let i = 0; i < Math.min(shown, 10); i++) {
      const text = await rows(page).nth(i).innerText();
      expect([...organizations].some((o) => text.includes(o))).toBe(true);
    }
    // A case of an organization that does not name the partner is not found.
    await page.getByRole('searchbox', { name: 'Search by organization' }).fill('Lakeside');
    await expect(table(page)).toContainText('No patients found.');
    // Lab partners read 'On-hold Only'; no quick glance for them.
    await expect(page.getByRole('switch', { name: 'On-hold Only' })).toBeVisible();
    await expectAccessible(page);
  });

  test('auto-refresh: once the page is idle the list reloads every 10 seconds', async ({ page }) => {
    await asUser(page, 'admin');
    await page.clock.install();
    await page.goto('/patients-page');
    await expect(rows(page).first()).toBeVisible();
    let calls = 0;
    page.on('request', (r) => {
      if (/\/services\/api\/v2\/patients\?/.test(r.url())) calls++;
    });
    // Not yet idle: no reload.
    await page.clock.runFor(60_000);
    expect(calls).toBe(0);
    // Idle (default 300 seconds), then every 10 seconds.
    await page.clock.runFor(250_000);
    await expect.poll(() => calls).toBeGreaterThan(0);
    await expect(page.getByText('Refreshing every 10 seconds')).toBeVisible();
    const before = calls;
    await page.clock.runFor(10_500);
    await expect.poll(() => calls).toBeGreaterThan(before);
    // Switched off: no more reloads.
    await page.getByRole('switch', { name: 'Auto-refresh' }).uncheck();
    const after = calls;
    await page.clock.runFor(60_000);
    expect(calls).toBe(after);
  });
});
