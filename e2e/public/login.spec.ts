import { expect, expectAccessible, signIn, test, waitForAltcha, DEMO_PASSWORD } from '../support/fixtures.ts';

test.describe('login', () => {
  test('the practice sign in is accessible and validates the fields', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await waitForAltcha(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Required')).toHaveCount(2);
    await page.getByLabel('E-mail').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email is invalid')).toBeVisible();
  });

  test('wrong credentials show the server message and stay on /login', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill('doctor@example.com');
    await page.getByLabel(/^Password/).fill('WrongPass123');
    await waitForAltcha(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'These credentials do not match our records.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('after sign in it goes to the path of the query, and the token survives a reload', async ({
    page,
  }) => {
    await signIn(page, 'doctor@example.com', { path: '/account?tab=0' });
    await expect(page).toHaveURL(/\/account\?tab=0$/);
    await page.reload();
    await expect(page).toHaveURL(/\/account\?tab=0$/);
    expect(await page.evaluate(() => localStorage.getItem('archline.access_token'))).toBeTruthy();
  });

  test('/management is titled for the Admin Dashboard and lands on the dashboard', async ({ page }) => {
    await page.goto('/management');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Admin Dashboard' })).toBeVisible();
    await waitForAltcha(page);
    await expectAccessible(page);
    await page.getByLabel('E-mail').fill('admin@example.com');
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // The root still sends staff to the case list.
    await page.goto('/');
    await expect(page).toHaveURL(/\/patients-page$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
  });

  test('a staff account on the practice sign in is linked to the Admin Dashboard', async ({ page }) => {
    await page.goto('/login?path=%2Fsettings');
    await page.getByLabel('E-mail').fill('admin@example.com');
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await waitForAltcha(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Staff accounts sign in through the Admin Dashboard.' });
    await expect(alert).toBeVisible();
    await alert.getByRole('link', { name: 'Admin Dashboard' }).click();
    await expect(page).toHaveURL(/\/management\?path=%2Fsettings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Admin Dashboard' })).toBeVisible();
  });
});
