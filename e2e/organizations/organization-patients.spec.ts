import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';
import { apiGet, expectTotal, rows, table, type ApiPage } from '../patients/lists-support.ts';

const ORGANIZATION = 'Riverside Family Dental';

test.describe("an organization's patients (/organizations/{organizationId}/patients)", () => {
  test('the organization page links its cases: the management list scoped to it, titled with its name', async ({
    page,
  }) => {
    await asUser(page, 'admin', { path: '/organizations' });
    await page.getByRole('searchbox', { name: 'Search' }).fill(ORGANIZATION);
    await expect(page.getByTestId('organization-row')).toHaveCount(1);
    await page.getByRole('link', { name: ORGANIZATION }).click();
    await expect(page).toHaveURL(/\/organizations\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());

    await page.getByRole('link', { name: 'Patients of this organization' }).click();
    await expect(page).toHaveURL(new RegExp(`/organizations/${id}/patients$`));
    await expect(page.getByRole('heading', { level: 1, name: `Patients of ${ORGANIZATION}` })).toBeVisible();

    // The same cases as the list's organization filter, and only this organization's.
    const expected = await apiGet<ApiPage>(
      page,
      `/patients?organization_id=${id}&sort=ship_date&per_page=50`,
    );
    expect(expected.meta.total).toBeGreaterThan(0);
    await expectTotal(page, expected.meta.total);
    await expect(rows(page)).toHaveCount(Math.min(50, expected.meta.total));
    await expect(rows(page).first()).toContainText(ORGANIZATION);
    await expect(rows(page).filter({ hasNotText: ORGANIZATION })).toHaveCount(0);
    // The management list's layout, without a search by organization (the page is one organization's).
    await expect(table(page).getByRole('columnheader')).toHaveText([
      'Expand',
      'Patient',
      'Dates',
      'Requests',
      'Batch',
      'Shipping',
      'Actions',
    ]);
    await expect(page.getByRole('searchbox', { name: 'Search by organization' })).toHaveCount(0);
    await expect(page.getByRole('searchbox', { name: 'Search by patient' })).toBeVisible();
    await expectAccessible(page);

    // Searching narrows within the organization; Reset Filters keeps it.
    const first = expected.data[0]!;
    await page.getByRole('searchbox', { name: 'Search by patient' }).fill(first.last_name);
    await expect(rows(page).filter({ hasText: first.formatted_name }).first()).toBeVisible();
    await expect(rows(page).filter({ hasNotText: ORGANIZATION })).toHaveCount(0);
    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expectTotal(page, expected.meta.total);
  });

  test('the hub links an organization hit to its cases; at 390 px the page still reads', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await asUser(page, 'supervisor', { path: '/organizations-users' });
    await page.getByRole('searchbox', { name: 'Search' }).fill(ORGANIZATION);
    const links = page.getByRole('navigation', { name: `Quick links for ${ORGANIZATION}` }).first();
    await links.getByRole('link', { name: 'Cases' }).click();
    await expect(page).toHaveURL(/\/organizations\/\d+\/patients$/);
    await expect(page.getByRole('heading', { level: 1, name: `Patients of ${ORGANIZATION}` })).toBeVisible();
    await expect(rows(page).first()).toContainText(ORGANIZATION);
    await expectAccessible(page);
  });

  test("an unknown organization is 'Page Not Found'", async ({ page }) => {
    await asUser(page, 'admin', { path: '/organizations/999999/patients' });
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Home' })).toBeVisible();
  });

  test('a lab partner is refused the page', async ({ page }) => {
    await asUser(page, 'partner', { path: '/organizations/1/patients' });
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
    await expect(page.getByRole('table', { name: 'Patients' })).toHaveCount(0);
  });
});
