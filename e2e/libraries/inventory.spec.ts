import { API, TOKEN_KEY, asUser, expect, expectAccessible, test } from '../support/fixtures.ts';

test.describe('bracket inventory', () => {
  // Several dialogs and axe scans per test on a shared, busy machine.
  test.describe.configure({ timeout: 240_000 });
  test('an inventory edit asks for its reason and lands in the changelog', async ({ page }) => {
    await asUser(page, 'admin', { path: '/organizations' });
    await page.getByRole('searchbox', { name: 'Search' }).fill('Bright Smiles Orthodontics');
    await expect(page.getByTestId('organization-row')).toHaveCount(1);
    await page.getByRole('link', { name: 'Bright Smiles Orthodontics' }).click();
    const section = page.getByRole('region', { name: 'Brackets' });
    await section.getByRole('button', { name: 'Inventory of Damon Q2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inventory: Damon Q2' });
    const ur1 = dialog.getByTestId('tooth-UR1');
    const before = Number(await ur1.getByLabel('UR1 available').textContent());
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();

    await ur1.getByRole('button', { name: 'Increase UR1' }).click();
    await ur1.getByRole('button', { name: 'Increase UR1' }).click();
    await expect(ur1.getByLabel('UR1 total')).toHaveText(`= ${before + 2}`);
    await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
    await expectAccessible(page);

    // Discard resets the form; Close is back.
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await expect(ur1.getByLabel('UR1 total')).toHaveText(`= ${before}`);
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();

    await ur1.getByRole('button', { name: 'Increase UR1' }).click();
    await ur1.getByRole('button', { name: 'Increase UR1' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    const reason = page.getByRole('dialog', { name: 'Reason for the change' });
    await expect(reason.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await expectAccessible(page);
    await reason.getByRole('textbox', { name: 'Reason' }).fill('Delivery from the supplier');
    await reason.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('The bracket inventory has been successfully updated.')).toBeVisible();
    await expect(ur1.getByLabel('UR1 available')).toHaveText(String(before + 2));
    await dialog.getByRole('button', { name: 'Close' }).click();

    await section.getByRole('button', { name: 'Changelog of Damon Q2' }).click();
    const log = page.getByRole('dialog', { name: 'Changelog: Damon Q2' });
    const newest = log.getByRole('listitem').first();
    await expect(newest).toContainText('Delivery from the supplier');
    await expect(newest).toContainText(`UR1: ${before} → ${before + 2} (+2)`);
    await expectAccessible(page);
    await log.getByRole('button', { name: 'Close' }).click();

    // A library nobody changed says so.
    await section.getByRole('button', { name: 'Changelog of Empower 2' }).click();
    await expect(page.getByRole('dialog', { name: 'Changelog: Empower 2' }).getByText('Empty')).toBeVisible();
  });

  test('the practice page: read-only, Low Inventory Only, REFRESH, and ?id opens a library', async ({
    page,
  }) => {
    await asUser(page, 'doctor', { path: '/patients' });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Bracket Inventory' })
      .click();
    await expect(page.getByRole('heading', { name: 'Bracket Inventory', level: 1 })).toBeVisible();
    const list = page.getByRole('list', { name: 'Bracket libraries' });
    await expect(list.getByRole('listitem', { name: 'Damon Q2' })).toBeVisible();
    await expect(list.getByRole('listitem', { name: 'Clarity Advanced' })).toHaveCount(0);
    await expect(list.getByRole('button', { name: /^(Edit|Remove|Hide)/ })).toHaveCount(0);
    await expectAccessible(page);

    await page.getByLabel('Low Inventory Only').check();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem', { name: 'Victory Series' })).toContainText('Low Inventory');
    const refreshed = page.waitForResponse(
      (r) => r.url().includes('/bracket-libraries') && r.request().method() === 'GET',
    );
    await page.getByRole('button', { name: 'REFRESH' }).click();
    await refreshed;

    // The detail is read-only: stock without steppers.
    await list.getByRole('button', { name: 'Inventory of Victory Series' }).click();
    const detail = page.getByRole('dialog', { name: 'Inventory: Victory Series' });
    await expect(detail.getByTestId('tooth-UR3')).toContainText('Low');
    await expect(detail.getByRole('button', { name: /Increase/ })).toHaveCount(0);
    await expectAccessible(page);
    await detail.getByRole('button', { name: 'Close' }).click();

    // ?id= opens that library once loaded, then leaves the address.
    const organizationId = /\/organizations\/(\d+)\/brackets/.exec(page.url())![1];
    const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
    const libraries = (await (
      await page.request.get(`${API}/organizations/${organizationId}/bracket-libraries`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { data: { id: number; label: string }[] };
    const victory = libraries.data.find((l) => l.label === 'Victory Series')!;
    await page.goto(`/organizations/${organizationId}/brackets?id=${victory.id}`);
    await expect(page.getByRole('dialog', { name: 'Inventory: Victory Series' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/organizations/${organizationId}/brackets$`));
  });

  test('at 390 px the practice page fits', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await asUser(page, 'doctor', { path: '/patients' });
    const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
    const me = (await (
      await page.request.get(`${API}/me`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      current_organization_id?: number;
      user?: { current_organization_id?: number };
    };
    const organizationId = me.current_organization_id ?? me.user?.current_organization_id;
    await page.goto(`/organizations/${organizationId}/brackets`);
    await expect(
      page.getByRole('list', { name: 'Bracket libraries' }).getByRole('listitem', { name: 'Damon Q2' }),
    ).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
