import { asUser, expect, test } from '../support/fixtures.ts';

test.describe('users and licenses are reachable from where staff look', () => {
  test('the hub links the users list and the licenses', async ({ page }) => {
    await asUser(page, 'admin', { path: '/organizations-users' });
    await expect(page.getByRole('heading', { name: 'Organizations & Users', level: 1 })).toBeVisible();
    const links = page.getByRole('navigation', { name: 'Users and licenses' });
    await links.getByRole('link', { name: 'Licenses' }).click();
    await expect(page).toHaveURL(/\/licenses$/);
    await expect(page.getByRole('heading', { name: 'Licenses', level: 1 })).toBeVisible();
    await page.goBack();
    await links.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  });

  test("an organization's page links its users and the licenses", async ({ page }) => {
    await asUser(page, 'admin', { path: '/organizations' });
    await page.getByRole('searchbox', { name: 'Search' }).fill('Riverside Family Dental');
    await expect(page.getByTestId('organization-row')).toHaveCount(1);
    await page.getByRole('link', { name: 'Riverside Family Dental' }).click();
    await expect(page).toHaveURL(/\/organizations\/\d+$/);
    const id = new URL(page.url()).pathname.split('/').pop();
    const links = page.getByRole('navigation', { name: 'Users and licenses of the organization' });
    await expect(links.getByRole('link', { name: 'Licenses' })).toHaveAttribute('href', '/licenses');
    await links.getByRole('link', { name: 'Users of this organization' }).click();
    await expect(page).toHaveURL(new RegExp(`/users\\?queryOrganization=${id}$`));
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  });

  test('the lab partner, who may not open them, is not offered the links', async ({ page }) => {
    await asUser(page, 'partner', { path: '/organizations' });
    await expect(page.getByTestId('organization-row').first()).toBeVisible();
    await page.getByTestId('organization-row').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/organizations\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Organization Information' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Licenses' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Users of this organization' })).toHaveCount(0);
  });
});
