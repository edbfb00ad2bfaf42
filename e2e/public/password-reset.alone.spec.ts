import {
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  localPath,
  test,
  waitForMail,
} from '../support/fixtures.ts';

// Resetting a password ends every session of the account: this spec runs after the others, alone,
// so no test of the same account loses its session half-way.
test.describe('forgot and reset password', () => {
  test('forgot-password sends a link; the reset page sets the new password and returns to /login', async ({
    page,
  }) => {
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Required')).toBeVisible();
    await page.getByLabel(/^E-mail/).fill('member@example.com');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'If an account exists for this e-mail' }),
    ).toBeVisible();

    // The demo member also gets notification e-mails: wait for the reset e-mail itself.
    const mail = await waitForMail('member@example.com', /^Reset your Archline password$/);
    const link = mail.links.find((l) => l.includes('/reset-password'));
    expect(link).toBeTruthy();
    await page.goto(localPath(link!));
    await expect(page.getByRole('heading', { level: 1, name: /Your Password/ })).toBeVisible();
    await expectAccessible(page);
    // The demo password again: other specs sign in as this account at the same time.
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByLabel(/^Confirm Password/).fill('DemoPass124');
    await page.getByRole('button', { name: /Password$/ }).click();
    await expect(page.getByText('Both password need to be the same')).toBeVisible();
    await page.getByLabel(/^Confirm Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /Password$/ }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your password has been reset.', { exact: false })).toBeVisible();
  });
});
