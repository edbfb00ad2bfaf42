import type { Locator, Page } from '@playwright/test';
import { asUser, expect, test } from '../support/fixtures.ts';
import { apiGet } from '../patient-files/support.ts';

const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

/** Opens `path`, waits for `ready`, and checks that the page does not scroll sideways. */
async function fitsPhone(page: Page, path: string, ready: (page: Page) => Locator): Promise<void> {
  await page.goto(path);
  await expect(ready(page)).toBeVisible();
  // Let late content (tables, charts) settle before measuring.
  await page.waitForLoadState('networkidle');
  const widest = await page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const over = Array.from(document.body.querySelectorAll<HTMLElement>('*'))
      .filter((el) => el.getBoundingClientRect().right > viewport + 1)
      .filter((el) => !el.closest('[data-scrolls-inside], .MuiTableContainer-root'))
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${Array.from(el.classList).slice(0, 2).join('.')}`);
    return { scrollWidth: document.documentElement.scrollWidth, over };
  });
  expect(
    widest.scrollWidth,
    `${path} is ${widest.scrollWidth} px wide (${widest.over.join(', ')})`,
  ).toBeLessThanOrEqual(PHONE.width);
  // The top bar's controls stay on the screen.
  await expect(page.getByRole('button', { name: 'Log out' })).toBeInViewport();
}

test.describe('every main screen fits a phone (390 px) without scrolling sideways', () => {
  test('a doctor', async ({ page }) => {
    await asUser(page, 'doctor');
    const list = await apiGet<{ data: { id: number }[] }>(page, '/patients?status=all&per_page=5');
    const { current_organization_id: organizationId } = await apiGet<{
      current_organization_id: number | null;
    }>(page, '/me');
    expect(organizationId).toBeTruthy();

    await fitsPhone(page, '/patients', (p) => p.getByRole('table').first());
    // The practice list's last columns are reached by scrolling the table inside its card.
    for (const column of ['Requests', 'Actions']) {
      const header = page.getByRole('columnheader', { name: column }).first();
      await header.scrollIntoViewIfNeeded();
      await expect(header).toBeInViewport();
    }
    await fitsPhone(page, `/patient-details/${list.data[0]!.id}`, (p) =>
      p.getByRole('region', { name: 'Files', exact: true }),
    );
    await fitsPhone(page, `/organizations/${organizationId}/rx-forms/add`, (p) =>
      p.getByRole('heading', { name: 'Start a Case', level: 1 }),
    );
    await fitsPhone(page, '/account', (p) => p.getByRole('heading', { level: 1 }));
    await fitsPhone(page, '/locations', (p) => p.getByRole('heading', { level: 1 }));
  });

  test('an administrator', async ({ page }) => {
    await asUser(page, 'admin');
    const list = await apiGet<{ data: { id: number }[] }>(page, '/patients?status=all&per_page=5');

    await fitsPhone(page, '/patients-page', (p) => p.getByRole('heading', { level: 1 }));
    // The organization filter is whole on the top bar.
    await expect(page.getByText('All organizations')).toBeInViewport({ ratio: 1 });
    await fitsPhone(page, `/patient-details/${list.data[0]!.id}`, (p) =>
      p.getByRole('region', { name: 'Files', exact: true }),
    );
    await fitsPhone(page, '/organizations-users', (p) =>
      p.getByRole('heading', { name: 'Organizations & Users', level: 1 }),
    );
    await fitsPhone(page, '/organizations', (p) => p.getByTestId('organization-row').first());
    await page.getByTestId('organization-row').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/organizations\/\d+$/);
    await fitsPhone(page, new URL(page.url()).pathname, (p) =>
      p.getByRole('region', { name: 'Organization Information' }),
    );
    await fitsPhone(page, '/account', (p) => p.getByRole('heading', { level: 1 }));
    await fitsPhone(page, '/locations', (p) => p.getByRole('main'));
    await fitsPhone(page, '/users', (p) => p.getByRole('heading', { name: 'Users', level: 1 }));
    await fitsPhone(page, '/licenses', (p) => p.getByRole('heading', { name: 'Licenses', level: 1 }));
    await fitsPhone(page, '/onboardings', (p) => p.getByRole('heading', { level: 1 }));
  });
});
