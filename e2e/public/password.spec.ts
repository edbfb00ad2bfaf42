import { DEMO_PASSWORD, expect, test } from '../support/fixtures.ts';

test.describe('forgot and reset password', () => {
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
