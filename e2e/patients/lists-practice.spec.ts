import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { apiGet, expectTotal, openList, rows, table, type ApiPage, type Counts } from './lists-support.ts';

async function currentOrganization(page: Page): Promise<number> {
  const me = await apiGet<{ current_organization_id: number }>(page, '/me');
  return me.current_organization_id;
}

test.describe('practice patient list (/patients)', () => {
  test('status buttons carry the counts; awaiting approval is the default; each button lists its status', async ({
    page,
  }) => {
    await openList(page, 'doctor', '/patients');
    const organizationId = await currentOrganization(page);
    const { counts } = await apiGet<{ counts: Counts }>(
      page,
      `/organizations/${organizationId}/patient_counts_per_status`,
    );
    const status = page.getByRole('group', { name: 'Status' });
    const labels = {
      new: 'New',
      in_progress: 'In Progress',
      awaiting_approval: 'Awaiting Approval',
      approved: 'Approved',
      completed: 'Completed',
      all: 'All',
    } as const;
    for (const [key, label] of Object.entries(labels)) {
      await expect(status.getByRole('button', { name: new RegExp(`^${label} \\(`) })).toHaveText(
        `${label} (${counts[key as keyof typeof labels]})`,
      );
    }
    // The tabs add up to 'All' but for the cancelled cases, which the list names under the tabs.
    const inTabs =
      counts.new + counts.in_progress + counts.awaiting_approval + counts.approved + counts.completed;
    const noTab = counts.all - inTabs;
    expect(noTab).toBeGreaterThan(0);
    await expect(page.getByTestId('no-tab-notice')).toHaveText(
      `${noTab} ${noTab === 1 ? 'case is' : 'cases are'} in no tab (cancelled); 'All' includes them.`,
    );
    // The doctor may not see archived cases: no Archived button.
    await expect(status.getByRole('button', { name: /^Archived/ })).toHaveCount(0);
    await expect(status.getByRole('button', { name: /^Awaiting Approval/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expectTotal(page, counts.awaiting_approval);
    await expect(rows(page).first()).toContainText('Rx: PENDING');
    await expect(table(page).getByRole('columnheader')).toHaveText([
      'Expand',
      'Case Details',
      'Dates',
      'Modified Date',
      'Requests',
      'Actions',
    ]);
    await expectAccessible(page);

    await status.getByRole('button', { name: /^Completed/ }).click();
    await expectTotal(page, counts.completed);
    await status.getByRole('button', { name: /^New/ }).click();
    await expectTotal(page, counts.new);
    await expect(rows(page).first()).not.toContainText('Rx: PENDING');
  });

  test('searching by patient switches to all statuses; an unknown name shows the empty state', async ({
    page,
  }) => {
    await openList(page, 'doctor', '/patients');
    const completed = await apiGet<ApiPage>(page, '/patients?status=completed&per_page=1');
    const target = completed.data[0]!;
    const search = page.getByRole('searchbox', { name: 'Search by patient' });
    await search.fill(target.last_name);
    const status = page.getByRole('group', { name: 'Status' });
    await expect(status.getByRole('button', { name: /^All/ })).toHaveAttribute('aria-pressed', 'true');
    const expected = await apiGet<ApiPage>(
      page,
      `/patients?status=all&search=${encodeURIComponent(target.last_name)}&per_page=1`,
    );
    await expectTotal(page, expected.meta.total);
    await expect(table(page).getByRole('link', { name: target.formatted_name })).toBeVisible();

    await search.fill('Nobody-by-this-name');
    await expect(table(page)).toContainText('No patients found.');
    await expectAccessible(page);
  });

  test('the location filter narrows the list to the cases of the chosen locations', async ({ page }) => {
    await openList(page, 'doctor', '/patients');
    const locations = await apiGet<{ locations: { data: { id: number; location_name: string }[] } }>(
      page,
      '/locations?per_page=500',
    );
    const location = locations.locations.data[0]!;
    const expected = await apiGet<ApiPage>(
      page,
      `/patients?status=awaiting_approval&location_ids=${location.id}&per_page=1`,
    );
    const all = await apiGet<ApiPage>(page, '/patients?status=awaiting_approval&per_page=1');
    expect(expected.meta.total).toBeLessThan(all.meta.total);

    await page.getByRole('combobox', { name: 'Locations' }).click();
    await page.getByRole('option', { name: location.location_name }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('combobox', { name: 'Locations' })).toHaveText(location.location_name);
    await expectTotal(page, expected.meta.total);
  });

  test('the Only On-hold switch lists the held cases and clears the status', async ({ page }) => {
    await openList(page, 'doctor', '/patients');
    const organizationId = await currentOrganization(page);
    const { counts } = await apiGet<{ counts: Counts }>(
      page,
      `/organizations/${organizationId}/patient_counts_per_status`,
    );
    expect(counts.on_hold).toBeGreaterThan(0);
    const onHold = page.getByRole('switch', { name: `Only On-hold (${counts.on_hold})` });
    await onHold.check();
    const status = page.getByRole('group', { name: 'Status' });
    await expect(status.getByRole('button', { pressed: true })).toHaveCount(0);
    await expectTotal(page, counts.on_hold);
    const shown = await rows(page).count();
    expect(shown).toBeGreaterThan(0);
    for (let i = 0; i < shown; i++) await expect(rows(page).nth(i)).toContainText('On Hold');
    await expectAccessible(page);

    // Choosing a status leaves on-hold mode.
    await status.getByRole('button', { name: /^All/ }).click();
    await expect(onHold).not.toBeChecked();
    await expectTotal(page, counts.all);
  });

  test('rows expand and collapse; Details opens the patient, View the viewer launcher', async ({ page }) => {
    await openList(page, 'doctor', '/patients');
    const first = rows(page).first();
    await expect(first).toBeVisible();
    await page.getByRole('button', { name: 'Expand All' }).click();
    await expect(page.getByText('Bonding Date').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Collapse All' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Collapse All' }).click();
    await expect(page.getByText('Bonding Date')).toHaveCount(0);

    const list = await apiGet<ApiPage>(page, '/patients?status=awaiting_approval&per_page=1');
    const patient = list.data[0]!;
    await expect(
      first.getByRole('link', { name: `View ${patient.full_name} in the viewer (opens in a new tab)` }),
    ).toHaveAttribute('href', `/dibs?q=${patient.id}`);
    await first.getByRole('link', { name: `Details of ${patient.full_name}` }).click();
    await expect(page).toHaveURL(`/patient-details/${patient.id}`);
  });

  test('the root sends practice users to /patients and the sidebar offers it', async ({ page }) => {
    await openList(page, 'member', '/');
    await expect(page).toHaveURL(/\/patients$/);
    // Search by doctor needs organization.patients.view-any (a member does not have it).
    await expect(page.getByRole('searchbox', { name: 'Search by patient' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search by doctor' })).toHaveCount(0);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Patients' }),
    ).toHaveAttribute('href', '/patients');
  });
});
