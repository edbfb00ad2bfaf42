import type { Page } from '@playwright/test';
import { API, asUser, expect, expectAccessible, test } from '../support/fixtures.ts';

/** Runs alone (chromium-settings): the announcement shows on every staff member's patient list. */

async function apiPut(page: Page, path: string, data: unknown) {
  const token = (await page.evaluate(() => window.localStorage.getItem('archline.access_token'))) ?? '';
  const response = await page.request.fetch(`${API}${path}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(response.ok(), `PUT ${path}`).toBe(true);
}

test.describe('announcements and notification settings', () => {
  test('an admin writes the internal announcement on Settings tab 2; staff see it on the patients page', async ({
    page,
  }) => {
    const text = `Inventory count on Monday ${Date.now()}`;
    await asUser(page, 'admin', { path: '/settings?tab=2' });
    await expect(page.getByRole('tab', { name: 'Announcements' })).toHaveAttribute('aria-selected', 'true');
    const internal = page.getByRole('region', { name: 'Internal Announcement' });
    await internal.getByRole('textbox', { name: 'Internal Announcement text' }).fill(text);
    await internal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Announcement successfully updated.')).toBeVisible();
    await expect(internal.getByRole('button', { name: 'Delete' })).toBeVisible();
    await expectAccessible(page);
    try {
      await page.goto('/patients-page');
      await expect(page.getByRole('region', { name: 'Announcements' }).getByText(text)).toBeVisible();
    } finally {
      await apiPut(page, '/settings/announcements', { visibility: 'internal', body: '' });
    }
  });

  test("an admin sets the text-message numbers of an organization's notification", async ({ page }) => {
    const organization = 'Summit Dental Group';
    await asUser(page, 'admin', { path: '/organizations' });
    await page.getByRole('searchbox', { name: 'Search' }).fill(organization);
    await expect(page.getByTestId('organization-row')).toHaveCount(1);
    await page.getByRole('link', { name: organization }).click();
    await expect(page).toHaveURL(/\/organizations\/\d+$/);
    const organizationId = Number(new URL(page.url()).pathname.split('/').pop());
    const section = page.getByRole('region', { name: 'Email and Text Notifications' });
    try {
      await section.getByRole('button', { name: 'Edit Case On Hold' }).click();
      const dialog = page.getByRole('dialog', { name: 'Case On Hold' });
      await dialog.getByRole('combobox', { name: 'Text Message Phone Numbers' }).fill('(512) 555-0100');
      await dialog.getByRole('combobox', { name: 'Text Message Phone Numbers' }).press('Enter');
      await expect(dialog.getByRole('button', { name: '(512) 555-0100' })).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Notification settings successfully updated.')).toBeVisible();
      await expect(section.getByText('Default recipients, 1 text number')).toBeVisible();
    } finally {
      await apiPut(page, `/organizations/${organizationId}/notification-settings`, {
        case_on_hold: { enabled: true },
      });
    }
  });
});
