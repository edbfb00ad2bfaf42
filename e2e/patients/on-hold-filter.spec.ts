import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { apiGet, expectTotal, openList, rows, type ApiPage } from './lists-support.ts';

/**
 * The management case list's on-hold toggle (document 1 section 2.5, document 2 'Patients page'):
 * admins read 'On-hold', and their list leaves held cases out until it includes them; everyone
 * else reads 'On-hold Only', which narrows the list to held cases.
 */
test.describe('the on-hold filter of the management case list', () => {
  test("admin: 'On-hold' includes held cases, which the list leaves out until then; accessible", async ({
    page,
  }) => {
    await openList(page, 'admin', '/patients-page');
    const toggle = page.getByRole('switch', { name: 'On-hold', exact: true });
    await expect(toggle).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'On-hold Only' })).toHaveCount(0);

    const byDefault = await apiGet<ApiPage>(page, '/patients?per_page=1');
    const included = await apiGet<ApiPage>(page, '/patients?held=include&per_page=1');
    const heldOnly = await apiGet<ApiPage>(page, '/patients?held=only&per_page=1');
    expect(heldOnly.meta.total).toBeGreaterThan(0);
    expect(included.meta.total).toBe(byDefault.meta.total + heldOnly.meta.total);
    await expectTotal(page, byDefault.meta.total);
    await expect(rows(page).filter({ hasText: 'On Hold' })).toHaveCount(0);

    // A held case is not found by name until the toggle includes it.
    const heldCase = heldOnly.data[0]!;
    const search = `search=${encodeURIComponent(heldCase.full_name)}&per_page=1`;
    const namesakes = await apiGet<ApiPage>(page, `/patients?${search}`);
    const withHeld = await apiGet<ApiPage>(page, `/patients?${search}&held=include`);
    expect(withHeld.meta.total).toBe(namesakes.meta.total + 1);
    await page.getByRole('searchbox', { name: 'Search by patient' }).fill(heldCase.full_name);
    if (namesakes.meta.total === 0) await expect(page.getByText('No patients found.')).toBeVisible();
    else await expectTotal(page, namesakes.meta.total);
    await expect(rows(page).filter({ hasText: 'On Hold' })).toHaveCount(0);
    await toggle.check();
    await expectTotal(page, withHeld.meta.total);
    const match = rows(page).filter({ hasText: heldCase.formatted_name }).filter({ hasText: 'On Hold' });
    await expect(match.first()).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search by patient' }).fill('');
    await expectTotal(page, included.meta.total);
    await expectAccessible(page);

    await toggle.uncheck();
    await expectTotal(page, byDefault.meta.total);
  });

  test("technician: 'On-hold Only' lists only held cases, which the list otherwise includes; accessible", async ({
    page,
  }) => {
    await openList(page, 'tech', '/patients-page');
    const toggle = page.getByRole('switch', { name: 'On-hold Only' });
    await expect(toggle).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'On-hold', exact: true })).toHaveCount(0);

    const byDefault = await apiGet<ApiPage>(page, '/patients?per_page=1');
    const included = await apiGet<ApiPage>(page, '/patients?held=include&per_page=1');
    const heldOnly = await apiGet<ApiPage>(page, '/patients?held=only&per_page=50');
    expect(heldOnly.meta.total).toBeGreaterThan(0);
    expect(byDefault.meta.total).toBe(included.meta.total);
    await expectTotal(page, byDefault.meta.total);

    await toggle.check();
    await expectTotal(page, heldOnly.meta.total);
    const shown = Math.min(heldOnly.meta.total, 50);
    await expect(rows(page)).toHaveCount(shown);
    await expect(rows(page).filter({ hasText: 'On Hold' })).toHaveCount(shown);
    await expectAccessible(page);

    await toggle.uncheck();
    await expectTotal(page, byDefault.meta.total);
  });
});
