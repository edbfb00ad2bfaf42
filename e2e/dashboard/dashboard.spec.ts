import type { Page } from '@playwright/test';
import { API, asUser, expect, expectAccessible, test } from '../support/fixtures.ts';
import { expectTotal } from '../patients/lists-support.ts';

interface Statistic {
  key: string;
  title: string;
  total: number;
  live_data: number | null;
  filters: string;
}
interface Bucket {
  title: string;
  total: number;
  link: string | null;
}
interface DashboardData {
  variant: string;
  date_from: string | null;
  date_to: string | null;
  statistics: { organizations: Record<string, Bucket>; doctors: Record<string, Bucket> } | null;
  filtered_statistics: Statistic[];
  series: { unit: string; points: { date: string; submissions: number; completed_cases: number }[] };
}

const isDashboard = (url: string, timeFilter: string) => {
  const u = new URL(url);
  return u.pathname === `${API}/dashboard` && u.searchParams.get('timeFilter') === timeFilter;
};

/** Opens /dashboard as the account and returns the figures the API sent the page. */
async function openDashboard(page: Page, account: string, path = '/dashboard'): Promise<DashboardData> {
  const timeFilter = new URL(path, 'http://x').searchParams.get('timeFilter') ?? 'this_month';
  const answer = page.waitForResponse((r) => isDashboard(r.url(), timeFilter) && r.status() === 200);
  await asUser(page, account, { path });
  const data = ((await (await answer).json()) as { data: DashboardData }).data;
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  return data;
}

/** Every card shows the number the API returned, and names it for screen readers. */
async function expectCards(page: Page, data: DashboardData) {
  for (const s of data.filtered_statistics) {
    const card = page.getByTestId(`stat-${s.key}`);
    await expect(card.getByTestId('stat-total')).toHaveText(s.total.toLocaleString('en-US'));
    await expect(card).toHaveAccessibleName(
      new RegExp(`^${s.title}: ${s.total.toLocaleString('en-US')} case`),
    );
    if (s.live_data !== null) await expect(card.getByTestId('stat-live')).toHaveText(`${s.live_data} today`);
  }
}

test.describe('the dashboard (/dashboard)', () => {
  // The first load of a route's chunks can take long on a busy machine.
  test.setTimeout(180_000);

  test('an admin sees the cards, the chart and the circles with the API figures; accessible', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 1000 });
    const data = await openDashboard(page, 'admin');
    expect(data.variant).toBe('all');
    await expectCards(page, data);
    await expect(page.getByRole('figure', { name: /Submissions and completed cases per day/ })).toBeVisible();
    for (const [region, set] of [
      ['Organizations', data.statistics!.organizations],
      ['Doctors', data.statistics!.doctors],
    ] as const) {
      const section = page.getByRole('region', { name: region });
      for (const [bucket, s] of Object.entries(set)) {
        await expect(section.getByTestId(`bucket-${bucket}`).getByTestId('bucket-total')).toHaveText(
          s.total.toLocaleString('en-US'),
        );
      }
    }
    // The sidebar offers the dashboard to staff.
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }),
    ).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('dashboard-admin-1440.png'), fullPage: true });
  });

  test('a card opens the patient list with exactly its cases', async ({ page }) => {
    const data = await openDashboard(page, 'admin', '/dashboard?timeFilter=all_time');
    const submissions = data.filtered_statistics.find((s) => s.key === 'submissions')!;
    expect(submissions.total).toBeGreaterThan(0);
    const list = page.waitForResponse((r) => {
      const u = new URL(r.url());
      return u.pathname === `${API}/patients` && u.searchParams.get('activity') === 'submissions';
    });
    await page.getByTestId('stat-submissions').click();
    await expect(page).toHaveURL(/\/patients-page$/);
    const answer = (await (await list).json()) as { meta: { total: number } };
    expect(answer.meta.total).toBe(submissions.total);
    await expect(page.getByRole('button', { name: /Submissions: all time/ })).toBeVisible();
    await expectTotal(page, submissions.total);
  });

  test('the time filter asks again and keeps the choice in the address; a custom range needs both dates', async ({
    page,
  }) => {
    await openDashboard(page, 'admin');
    const lastWeek = page.waitForResponse((r) => isDashboard(r.url(), 'last_week'));
    await page.getByRole('combobox', { name: 'Time filter' }).click();
    await page.getByRole('option', { name: 'Last week' }).click();
    const week = ((await (await lastWeek).json()) as { data: DashboardData }).data;
    await expect(page).toHaveURL(/timeFilter=last_week/);
    await expectCards(page, week);
    expect(new Date(`${week.date_from}T12:00:00Z`).getUTCDay()).toBe(0);

    await page.getByRole('combobox', { name: 'Time filter' }).click();
    await page.getByRole('option', { name: 'Custom range' }).click();
    await expect(page.getByText('Choose the first and the last day of the range.')).toBeVisible();
    await page.getByLabel('From', { exact: true }).fill('2026-01-01');
    await expect(page.getByText('Required')).toBeVisible();
    const custom = page.waitForResponse((r) => isDashboard(r.url(), 'custom'));
    await page.getByLabel('To', { exact: true }).fill('2026-12-31');
    const range = ((await (await custom).json()) as { data: DashboardData }).data;
    expect([range.date_from, range.date_to]).toEqual(['2026-01-01', '2026-12-31']);
    await expect(page.getByTestId('dashboard-scope')).toContainText('Jan 1, 2026 – Dec 31, 2026');
    await expectCards(page, range);
  });

  test('the lab partner sees only its third-party cases, without the circles; accessible', async ({
    page,
  }) => {
    const data = await openDashboard(page, 'partner');
    expect(data.variant).toBe('partner');
    expect(data.statistics).toBeNull();
    await expectCards(page, data);
    await expect(page.getByTestId('dashboard-scope')).toContainText('Your third-party cases');
    await expect(page.getByRole('region', { name: 'Organizations', exact: true })).toHaveCount(0);
    await expectAccessible(page);

    // Its cards open its own list with the same number.
    const all = await openDashboard(page, 'partner', '/dashboard?timeFilter=all_time');
    const setups = all.filtered_statistics.find((s) => s.key === 'initial_setups')!;
    const list = page.waitForResponse((r) => {
      const u = new URL(r.url());
      return u.pathname === `${API}/patients` && u.searchParams.get('activity') === 'initial_setups';
    });
    await page.getByTestId('stat-initial_setups').click();
    expect(((await (await list).json()) as { meta: { total: number } }).meta.total).toBe(setups.total);
  });

  test('fits a 390 px phone without scrolling sideways; accessible', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const data = await openDashboard(page, 'admin');
    await expectCards(page, data);
    await page.waitForLoadState('networkidle');
    const widest = await page.evaluate(() => {
      const viewport = document.documentElement.clientWidth;
      const over = Array.from(document.body.querySelectorAll<HTMLElement>('*'))
        .filter((el) => el.getBoundingClientRect().right > viewport + 1)
        .slice(0, 4)
        .map((el) => `${el.tagName.toLowerCase()}.${Array.from(el.classList).slice(0, 2).join('.')}`);
      return { scrollWidth: document.documentElement.scrollWidth, over };
    });
    expect(widest.scrollWidth, `wider than the phone: ${widest.over.join(', ')}`).toBeLessThanOrEqual(390);
    await expect(page.getByTestId('stat-flawed_trays')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('dashboard-admin-390.png'), fullPage: true });
  });

  test('a doctor is sent away from /dashboard and has no Dashboard entry', async ({ page }) => {
    await asUser(page, 'doctor', { path: '/dashboard' });
    await expect(page).toHaveURL(/\/patients$/, { timeout: 60_000 });
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }),
    ).toHaveCount(0);
  });
});
