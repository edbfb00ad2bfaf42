import type { Page } from '@playwright/test';
import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';

async function openAccount(page: Page, account: string, query = '') {
  await asUser(page, account, { path: `/account${query}` });
  await expect(page.getByRole('heading', { name: 'User Information' })).toBeVisible();
  return page.getByRole('region', { name: 'User Information' });
}

test.describe('account page, User tab', () => {
  test('a practice user sees the User Information form and no Additional Emails card', async ({ page }) => {
    const info = await openAccount(page, 'doctor');
    await expect(page.getByRole('tab', { name: 'User' })).toHaveAttribute('aria-selected', 'true');
    await expect(info.getByLabel('First Name')).toHaveValue('Dana');
    await expect(info.getByRole('textbox', { name: /^Email/ })).toHaveValue('doctor@example.com');
    await expect(page.getByRole('heading', { name: 'Additional Emails' })).toHaveCount(0);
    // Practice users without users.update cannot change their account number.
    await expect(info.getByLabel('Account Number')).toBeDisabled();
    await expectAccessible(page);
  });

  test('a tab the user may not open, or that does not exist, falls back to the User tab', async ({
    page,
  }) => {
    // A member holds no webhook permission: no Webhooks tab.
    await openAccount(page, 'member', '?tab=8');
    await expect(page.getByRole('tab', { name: 'User' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Webhooks' })).toHaveCount(0);
    await page.goto('/account?tab=1');
    await expect(page.getByRole('heading', { name: 'User Information' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'User' })).toHaveAttribute('aria-selected', 'true');
  });

  test('validation uses the spec messages', async ({ page }) => {
    const info = await openAccount(page, 'supervisor');
    const save = info.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();

    await info.getByLabel('First Name').fill('');
    await info.getByRole('textbox', { name: /^Email/ }).fill('not-an-email');
    const accountNumber = info.getByLabel('Account Number');
    await accountNumber.fill('ab12');
    await save.click();
    await expect(page.getByText('Required')).toBeVisible();
    await expect(page.getByText('Email is invalid')).toBeVisible();
    await expect(page.getByText('Must contain at least 6 characters.')).toBeVisible();

    await accountNumber.fill('-abc123');
    await expect(
      page.getByText('Must only contain alphanumeric characters or "-" in between.'),
    ).toBeVisible();
    await accountNumber.fill('A'.repeat(21));
    await expect(page.getByText('Only up to 20 characters is allowed.')).toBeVisible();
    await expectAccessible(page);
  });

  test('saving updates the profile on the server', async ({ page }) => {
    const info = await openAccount(page, 'tech');
    await info.getByLabel('Last Name').fill('technician');
    await info.getByLabel('Account Number').fill('TECH-2026');
    await info.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile successfully updated.')).toBeVisible();
    // The success snackbar is on screen: its colours pass the contrast checks too.
    await expectAccessible(page);
    // Names are capitalized word by word.
    await expect(info.getByLabel('Last Name')).toHaveValue('Technician');
    await page.reload();
    await expect(info.getByLabel('Last Name')).toHaveValue('Technician');
    await expect(info.getByLabel('Account Number')).toHaveValue('TECH-2026');
    await expect(page.getByTestId('sidebar-header')).toContainText('Taylor Technician');
  });

  test('management adds and removes additional e-mails', async ({ page }) => {
    await openAccount(page, 'superadmin');
    const card = page.getByRole('region', { name: 'Additional Emails' });
    await expect(card).toBeVisible();
    await card.getByRole('textbox', { name: /^Email/ }).fill('wrong');
    await card.getByRole('button', { name: 'Add' }).click();
    await expect(card.getByText('Email is invalid')).toBeVisible();
    await expectAccessible(page);

    await card.getByRole('textbox', { name: /^Email/ }).fill('sam.backup@example.com');
    await card.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('Email successfully added.')).toBeVisible();
    await expect(card.getByText('sam.backup@example.com')).toBeVisible();

    await page.reload();
    const reloaded = page.getByRole('region', { name: 'Additional Emails' });
    await expect(reloaded.getByText('sam.backup@example.com')).toBeVisible();
    await reloaded.getByRole('button', { name: 'Remove sam.backup@example.com' }).click();
    await expect(page.getByText('Email successfully removed.')).toBeVisible();
    await expect(reloaded.getByText('sam.backup@example.com')).toHaveCount(0);
  });
});
