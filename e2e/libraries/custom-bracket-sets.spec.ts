import type { Page } from '@playwright/test';
import { API, TOKEN_KEY, asUser, expect, expectAccessible, test } from '../support/fixtures.ts';

/** The demo practice's id, read with the signed-in user's token. */
async function brightSmilesId(page: Page): Promise<number> {
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  const me = (await (
    await page.request.get(`${API}/me`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { user?: { current_organization_id?: number }; current_organization_id?: number };
  return Number(me.user?.current_organization_id ?? me.current_organization_id);
}

test.describe('custom bracket sets', () => {
  test.describe.configure({ timeout: 120_000 });

  test("the organization page's Custom Sets tab: the lab's set and the Enable switch", async ({ page }) => {
    await asUser(page, 'doctor', { path: '/patients' });
    const organizationId = await brightSmilesId(page);
    await asUser(page, 'admin', { path: `/organizations/${organizationId}#brackets` });
    const section = page.getByRole('region', { name: 'Brackets' });
    await section.getByRole('tab', { name: 'Custom Sets' }).click();
    await expect(section.getByRole('listitem', { name: 'Dr. Dana Mixed Set' })).toContainText('28 teeth');
    await expect(section.getByRole('switch', { name: 'Enable Custom Bracket Sets' })).toBeChecked();
    await expectAccessible(page);
  });

  test('a doctor keeps an own set from the sidebar entry', async ({ page }) => {
    await asUser(page, 'doctor', { path: '/patients' });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Custom Bracket Sets' })
      .click();
    await expect(page.getByRole('heading', { name: 'Custom Bracket Sets', level: 1 })).toBeVisible();
    await expect(page.getByRole('switch')).toHaveCount(0);

    const name = `Spec Set ${Date.now()}`;
    await page.getByRole('button', { name: 'Add Custom Set' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Custom Set' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Custom set name is required.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Custom Set Name' }).fill(name);
    await dialog.getByRole('button', { name: 'Add Tooth' }).click();
    await dialog.getByRole('textbox', { name: 'Height' }).fill('4.5');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Custom bracket set created successfully.')).toBeVisible();
    const row = page.getByRole('listitem', { name });
    await expect(row).toContainText('UR1');

    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete Custom Set' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Custom bracket set deleted successfully.')).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});
