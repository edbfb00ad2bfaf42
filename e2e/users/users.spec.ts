import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';

test.describe('users list', () => {
  test('admin searches by name or e-mail, filters by roles and opens the details', async ({ page }) => {
    await asUser(page, 'admin', { path: '/users' });
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Email', 'Sign-up', 'Role', 'Details']);
    await expect(page.getByRole('link', { name: 'Create User' })).toHaveAttribute('href', '/users/add');
    await expectAccessible(page);

    const search = page.getByRole('searchbox', { name: "User's Name or Email" });
    await search.fill('doctor@example');
    const dana = table
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'doctor@example.com', exact: true }) });
    await expect(dana).toContainText('Dana Doctor');
    await expect(dana).toContainText('Doctor');
    await expect(table.getByRole('row').filter({ hasText: 'admin@example.com' })).toHaveCount(0);
    await search.fill('');

    await page.getByRole('combobox', { name: 'Roles' }).click();
    await page.getByRole('option', { name: 'Technician' }).click();
    await page.getByRole('option', { name: 'Supervisor' }).click();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('row').filter({ hasText: 'tech@example.com' })).toContainText('Technician');
    await expect(table.getByRole('row').filter({ hasText: 'supervisor@example.com' })).toContainText(
      'Supervisor',
    );

    await table.getByRole('link', { name: /^Details of .*Supervisor/ }).click();
    await expect(page).toHaveURL(/\/users\/\d+$/);
  });

  test('queryOrganization lists the users of one organization; search without hits says so', async ({
    page,
  }) => {
    await asUser(page, 'tech');
    const orgs = await page.request.get(
      '/services/api/v2/users?searchFullNameEmailQuery=doctor@example.com',
      {
        headers: {
          authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('archline.access_token'))}`,
        },
      },
    );
    const hits = (await orgs.json()).users.data as { email: string; organizations: { id: number }[] }[];
    const organizationId = hits.find((u) => u.email === 'doctor@example.com')!.organizations[0]!.id;
    await page.goto(`/users?queryOrganization=${organizationId}`);
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('row').filter({ hasText: 'doctor@example.com' })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'manager@example.com' })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'admin@example.com' })).toHaveCount(0);
    // A technician may not create users.
    await expect(page.getByRole('link', { name: 'Create User' })).toHaveCount(0);
    await page.getByRole('searchbox', { name: "User's Name or Email" }).fill('nobody-matches-this');
    await expect(table.getByText('No users found.')).toBeVisible();
    await expectAccessible(page);
  });
});
