import type { Page } from '@playwright/test';
import { API, asUser, expect, expectAccessible, test } from '../support/fixtures.ts';

interface Process {
  id: number;
  process: string;
  status: string;
  has_started: boolean;
}
interface PageData {
  patient: { id: number; formatted_name: string; organization: { id: number; name: string } };
  initial_setup: { processes: Process[] } | null;
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('archline.access_token'));
  const response = await page.request.get(`${API}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** In-progress demo cases whose initial setup nobody has started yet (S1 ready to start). */
async function untouchedCases(page: Page, count: number): Promise<PageData[]> {
  const list = await apiGet<{ data: { id: number }[] }>(page, '/patients?status=in_progress&per_page=100');
  const found: PageData[] = [];
  for (const { id } of list.data) {
    const data = await apiGet<PageData>(page, `/patients/${id}/tech-workflows`);
    const steps = data.initial_setup?.processes ?? [];
    if (steps.length && steps[0]!.status === 'PENDING' && steps.every((p) => !p.has_started))
      found.push(data);
    if (found.length === count) return found;
  }
  throw new Error('No demo case with an untouched initial setup');
}

const row = (page: Page, process: string) =>
  page
    .getByRole('table', { name: 'Initial case setup workflow' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: process, exact: true }) });

test.describe('patient workflow page', () => {
  test('the demo technician takes a case from S1 to QA and is held to one pending task', async ({ page }) => {
    test.setTimeout(180_000);
    await asUser(page, 'tech', { path: '/patients-page' });
    const [a, b] = await untouchedCases(page, 2);

    await page.goto(`/patient-workflow/${a!.patient.id}`);
    await expect(page.getByRole('heading', { name: 'Patient Workflow', level: 1 })).toBeVisible({
      timeout: 60_000,
    });
    await expect(row(page, 'S1')).toContainText('Pending', { timeout: 30_000 });

    // The demo technician starts the day with an unfinished task elsewhere: finish it first.
    const notice = page.getByRole('alert').filter({ hasText: 'You have an unfinished task.' });
    if (await notice.isVisible()) {
      await notice.getByRole('link').click();
      await expect(page).toHaveURL(/\/patient-workflow\/\d+$/);
      await page
        .getByRole('button', { name: /^Finish / })
        .first()
        .click();
      await expect(page.getByText('Process finished.')).toBeVisible();
      await page.goto(`/patient-workflow/${a!.patient.id}`);
    }
    await expect(notice).toHaveCount(0);

    await row(page, 'S1').getByRole('button', { name: 'Start S1' }).click();
    await expect(row(page, 'S1')).toContainText('In Progress');
    await expect(row(page, 'S1')).toContainText('Taylor Tech');

    // Another case: the notice points back to the unfinished task, and a start is refused.
    await page.goto(`/patient-workflow/${b!.patient.id}`);
    await expect(row(page, 'S1')).toContainText('Pending', { timeout: 30_000 });
    await expect(notice).toBeVisible();
    await row(page, 'S1').getByRole('button', { name: 'Start S1' }).click();
    await expect(page.getByText('User has another pending task.')).toBeVisible();
    await expect(row(page, 'S1')).toContainText('Pending');
    await expectAccessible(page);
    await notice.getByRole('link', { name: /^S1 on / }).click();
    await expect(page).toHaveURL(new RegExp(`/patient-workflow/${a!.patient.id}$`));

    await row(page, 'S1').getByRole('button', { name: 'Finish S1' }).click();
    await expect(row(page, 'S1')).toContainText('Completed');
    for (const step of ['S2', 'S3', 'S4', 'S5', 'QA']) {
      await row(page, step)
        .getByRole('button', { name: `Start ${step}` })
        .click();
      await expect(row(page, step)).toContainText('In Progress');
      await row(page, step)
        .getByRole('button', { name: `Finish ${step}` })
        .click();
      await expect(row(page, step)).toContainText('Completed');
    }
    await expect(page.getByRole('button', { name: /^(Start|Finish) / })).toHaveCount(0);
    await expectAccessible(page);

    // At 390 px the page does not scroll sideways; the process table scrolls in its own region.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('heading', { name: 'Patient Workflow', level: 1 })).toBeVisible();
    // The shell lays out again for the phone (the drawer leaves its column): measured once settled.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    const region = page.getByRole('region', { name: 'Initial case setup workflow, scrollable' });
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await region.focus();
    await expect(region).toBeFocused();
    await expectAccessible(page);
  });

  test('staff reach it from patient details; the doctor is refused the page', async ({ page, browser }) => {
    test.setTimeout(150_000);
    await asUser(page, 'admin', { path: '/patients-page' });
    const [c] = await untouchedCases(page, 1);
    await page.goto(`/patient-details/${c!.patient.id}`);
    await page.getByRole('link', { name: 'Patient Workflow' }).click();
    await expect(page).toHaveURL(new RegExp(`/patient-workflow/${c!.patient.id}$`));
    await expect(page.getByRole('link', { name: c!.patient.formatted_name })).toHaveAttribute(
      'href',
      `/patient-details/${c!.patient.id}`,
    );
    // Admins edit the table; they see Edit on every row.
    await expect(page.getByRole('button', { name: 'Edit S1' })).toBeVisible();
    await expectAccessible(page);
    // The organization's quick glance opens on its name.
    const organization = c!.patient.organization.name;
    await page.getByRole('link', { name: organization, exact: true }).hover();
    await expect(page.getByTestId('quick-glance')).toContainText(`${organization} at a glance`);

    const doctor = await browser.newPage();
    await asUser(doctor, 'doctor', { path: `/patient-details/${c!.patient.id}` });
    await expect(doctor.getByRole('link', { name: 'Patient Workflow' })).toHaveCount(0);
    await doctor.close();
  });
});
