import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';

test.describe('management organization filter chip', () => {
  test('a lab partner narrows /locations to one organization through the filter drawer', async ({ page }) => {
    await asUser(page, 'partner', { path: '/locations' });
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Locations' });
    // The partner serves Bright Smiles Orthodontics (its third-party partner): its offices are listed.
    await expect(table.getByRole('link', { name: 'Denver Main Office' })).toBeVisible();

    const chip = page.getByRole('button', { name: /Organization filter: all organizations/ });
    await expect(chip).toBeVisible();
    await chip.click();
    const drawer = page.getByRole('dialog', { name: 'Filter by organization' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'All organizations' })).toBeDisabled();
    await expectAccessible(page);

    await drawer.getByLabel('Search organizations').fill('Riverside');
    await expect(drawer).toContainText('No organizations found.');
    await drawer.getByLabel('Search organizations').fill('Bright');
    const narrowed = page.waitForRequest((r) => /\/locations\?.*organizationId=\d+/.test(r.url()));
    await drawer.getByRole('button', { name: /Bright Smiles Orthodontics/ }).click();
    await narrowed;
    await expect(drawer).toBeHidden();
    await expect(
      page.getByRole('button', { name: /Organization filter: Bright Smiles Orthodontics/ }),
    ).toBeVisible();
    await expect(table.getByRole('link', { name: 'Denver Main Office' })).toBeVisible();

    // The choice lasts for the tab's session and leaves with the chip's delete icon.
    await page.reload();
    const selected = page.getByRole('button', { name: /Organization filter: Bright Smiles Orthodontics/ });
    await expect(selected).toBeVisible();
    await selected.focus();
    await page.keyboard.press('Delete');
    await expect(page.getByRole('button', { name: /Organization filter: all organizations/ })).toBeVisible();
  });

  test('the chip shows only on the pages it filters, and never for practice users', async ({
    page,
    browser,
  }) => {
    await asUser(page, 'partner', { path: '/account' });
    await expect(page.getByRole('heading', { name: 'User Information' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Organization filter/ })).toHaveCount(0);

    const context = await browser.newContext();
    const doctor = await context.newPage();
    await asUser(doctor, 'doctor', { path: '/locations' });
    await expect(doctor.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
    await expect(doctor.getByRole('button', { name: /Organization filter/ })).toHaveCount(0);
    await context.close();
  });
});
