import { API, asUser, expect, expectAccessible, signIn, test } from '../support/fixtures.ts';

test.describe('guards', () => {
  test('a signed-out visitor is sent to /login with the wanted path', async ({ page }) => {
    await page.goto('/account?tab=0');
    await expect(page).toHaveURL(`/login?path=${encodeURIComponent('/account?tab=0')}`);
  });

  test('a management path sends a signed-out visitor to /management', async ({ page }) => {
    await page.goto('/patients-page');
    await expect(page).toHaveURL(`/management?path=${encodeURIComponent('/patients-page')}`);
    await expect(page.getByRole('heading', { name: 'Sign in to Admin Dashboard' })).toBeVisible();
  });

  test('a page the sidebar hides is refused when typed in the address bar (member, /locations)', async ({
    page,
  }) => {
    await asUser(page, 'member', { path: '/locations' });
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Locations' })).toHaveCount(0);
    await page.goto('/locations/add');
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  });

  test('an unknown route shows Page Not Found with Go to Home', async ({ page }) => {
    await page.goto('/no-such-page/at-all');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a token revoked on the server sends the next call to /login and clears the token', async ({
    page,
    request,
  }) => {
    // A session of its own: the test ends it.
    await signIn(page, 'manager@example.com', { path: '/account' });
    await expect(page).toHaveURL(/\/account$/);
    const token = await page.evaluate(() => localStorage.getItem('archline.access_token'));
    const revoked = await request.post(`${API}/logout`, { headers: { authorization: `Bearer ${token}` } });
    expect(revoked.ok()).toBe(true);
    await page.reload();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('archline.access_token'))).toBeNull();
  });

  test('a failure to load the current user shows an error page with the message', async ({ page }) => {
    await asUser(page, 'doctor', { path: '/account' });
    await page.route('**/services/api/v2/me', (route) =>
      route.fulfill({ status: 500, json: { message: 'The database is unavailable.' } }),
    );
    await page.reload();
    await expect(page.getByText('The database is unavailable.')).toBeVisible();
  });
});
