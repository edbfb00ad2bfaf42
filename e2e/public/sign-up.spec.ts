import {
  expect,
  expectAccessible,
  localPath,
  test,
  waitForAltcha,
  waitForMail,
} from '../support/fixtures.ts';

test.describe('sign-up', () => {
  test('step 1 stays on error, names are capitalized, the VERIFY link logs the user in to the account setup', async ({
    page,
  }) => {
    const email = `new.doctor.${Date.now()}@example.com`;
    await page.goto('/sign-up');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Required')).toHaveCount(3);

    await page.getByLabel(/^First Name/).fill('  mary   ann ');
    await page.getByLabel(/^Last Name/).fill("o'neil");
    await page.getByLabel(/^E-mail/).fill('doctor@example.com');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('The email has already been taken.')).toBeVisible();
    await expect(page.getByLabel(/^Password/)).toHaveCount(0);
    await expect(page.getByLabel(/^First Name/)).toHaveValue('Mary Ann');
    await expect(page.getByLabel(/^Last Name/)).toHaveValue("O'neil");

    await page.getByLabel(/^E-mail/).fill(email);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel(/^Password/)).toBeVisible();
    await waitForAltcha(page);
    await expectAccessible(page);

    await page.getByLabel(/^Password/).fill('short');
    await page.getByLabel(/^Confirm Password/).fill('other');
    await page.getByRole('button', { name: 'Signup' }).click();
    await expect(
      page.getByText('Must contain at least 8 characters, one uppercase, one lowercase and one number'),
    ).toBeVisible();
    await expect(page.getByText('Both password need to be the same')).toBeVisible();
    await page.getByLabel(/^Password/).fill('A'.repeat(30) + 'a1b2c3');
    await page.getByRole('button', { name: 'Signup' }).click();
    await expect(page.getByText('Must contain max 32 characters.')).toBeVisible();

    await page.getByLabel(/^Password/).fill('NewPass123');
    await page.getByLabel(/^Confirm Password/).fill('NewPass123');
    await page.getByRole('button', { name: 'Signup' }).click();
    await expect(page).toHaveURL(/\/sign-up-success$/);
    await expect(page.getByText(/Click VERIFY in the e-mail/)).toBeVisible();
    await expectAccessible(page);

    const mail = await waitForMail(email);
    const verifyLink = mail.links.find((l) => l.includes('/verify-user'));
    expect(verifyLink).toBeTruthy();
    await page.goto(localPath(verifyLink!));
    // Sign-up created the user's own organization, which needs the account setup first.
    await expect(page).toHaveURL(/\/initial-setup$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 2, name: 'Welcome' })).toBeVisible();
    await expect(page.getByText("Mary Ann O'neil")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('archline.access_token'))).toBeTruthy();
  });

  test('/verify-user with a bad token shows the error text', async ({ page }) => {
    await page.goto('/verify-user?token=not-a-real-token');
    await expect(page.getByText('There was an issue verifying your account.')).toBeVisible();
    await expectAccessible(page);
  });

  test('/verify-user shows "Verifying account..." while it checks', async ({ page }) => {
    // The check is held until the page has shown that it is verifying.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/services/api/v2/verify', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/verify-user?token=slow-token');
    await expect(page.getByText('Verifying account...')).toBeVisible();
    release();
    await expect(page.getByText('There was an issue verifying your account.')).toBeVisible();
  });
});
