import {
  expect,
  expectAccessible,
  localPath,
  signIn,
  test,
  waitForAltcha,
  waitForMail,
} from '../support/fixtures.ts';

test.describe('invitations', () => {
  test('/confirm-invitation with a bad token shows the failure and a Go to Home link to /login', async ({
    page,
  }) => {
    await page.goto('/confirm-invitation?token=nope');
    await expect(page.getByText('There was an issue confirming your invitation.')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('/confirm-invitation with a valid token shows the confirmation', async ({ page }) => {
    await page.route('**/services/api/v2/organizations/confirm_invitation', (route) =>
      route.fulfill({ json: { message: 'ok', organization: { id: 1, name: 'Practice' } } }),
    );
    await page.goto('/confirm-invitation?token=good');
    await expect(page.getByText('The invitation was confirmed. Please, try to log in now.')).toBeVisible();
  });

  test('/create-user validates the fields and shows the server refusal of a bad token', async ({ page }) => {
    await page.goto('/create-user?token=bad-token');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Your Account' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Required').first()).toBeVisible();
    await page.getByLabel(/^First Name/).fill('jane');
    await page.getByLabel(/^Last Name/).fill('doe');
    await page.getByLabel(/^Password/).fill('Welcome123');
    await page.getByLabel(/^Confirm Password/).fill('Welcome123');
    await waitForAltcha(page);
    const response = page.waitForResponse('**/services/api/v2/organizations/create_user');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const sent = (await response).request().postDataJSON() as Record<string, string>;
    expect(sent).toMatchObject({ first_name: 'Jane', last_name: 'Doe', token: 'bad-token' });
    expect((await response).status()).toBeGreaterThanOrEqual(400);
    await expect(page).toHaveURL(/create-user/);
  });

  test('a new person invited to an organization creates the account from the e-mail and signs in', async ({
    page,
  }) => {
    const email = `invited.${Date.now()}@example.test`;
    await signIn(page, 'doctor@example.com');
    const token = await page.evaluate(() => localStorage.getItem('archline.access_token'));
    const me = await (
      await page.request.get('/services/api/v2/me', { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const invited = await page.request.post(
      `/services/api/v2/organizations/${me.current_organization_id}/invite`,
      {
        headers: { authorization: `Bearer ${token}` },
        data: { email, role: 'organization_member' },
      },
    );
    expect(invited.status()).toBeLessThan(300);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);

    const mail = await waitForMail(email);
    const link = mail.links.find((l) => l.includes('/create-user?token='));
    expect(link).toBeTruthy();
    await page.goto(localPath(link!));
    await expect(page.getByRole('heading', { level: 1, name: 'Create Your Account' })).toBeVisible();
    await page.getByLabel(/^First Name/).fill('nora');
    await page.getByLabel(/^Last Name/).fill('newcomer');
    await page.getByLabel(/^Password/).fill('Welcome123');
    await page.getByLabel(/^Confirm Password/).fill('Welcome123');
    await waitForAltcha(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('E-mail').fill(email);
    await page.locator('input[name=password]').fill('Welcome123');
    await waitForAltcha(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByTestId('sidebar-header')).toContainText('Nora Newcomer');
    await expect(page.getByTestId('sidebar-header')).toContainText('Bright Smiles Orthodontics');
  });
});
