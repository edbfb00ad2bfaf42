import {
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  localPath,
  test,
  waitForMail,
} from '../support/fixtures.ts';

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

    const mail = await waitForMail('member@example.com');
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

  test('mode=initial says "Set Your Password"; other modes "Reset Your Password"; no token is not found', async ({
    page,
  }) => {
    await page.goto('/reset-password?token=abc&mode=initial');
    await expect(page.getByRole('heading', { level: 1, name: 'Set Your Password' })).toBeVisible();
    await page.goto('/reset-password?token=abc');
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeVisible();
    await page.goto('/reset-password');
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  });

  test('an invalid reset token shows the server message', async ({ page }) => {
    await page.goto('/reset-password?token=invalid&userRole=admin');
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByLabel(/^Confirm Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
    await expect(page).toHaveURL(/reset-password/);
  });
});
