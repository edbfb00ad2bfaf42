import type { Locator, Page } from '@playwright/test';
import { asUser, expect, expectAccessible, test, waitForAltcha } from '../support/fixtures.ts';
import { expectToast } from './billing-support.ts';

const YEAR = new Date().getFullYear();

function method(page: Page, name: string): Locator {
  return page.getByRole('listitem', { name });
}

async function openPaymentTab(page: Page): Promise<void> {
  await asUser(page, 'doctor', { path: '/account?tab=2' });
  await expect(page.getByRole('heading', { level: 2, name: 'Payment Information' })).toBeVisible();
  await expect(method(page, 'Visa ending in 4242')).toBeVisible();
}

test.describe('Account Payment tab', () => {
  test('lists the methods with Primary, Expiring and Expired chips and the next payment date', async ({
    page,
  }) => {
    await openPaymentTab(page);
    await expect(page.getByRole('tab', { name: 'Payment', selected: true })).toBeVisible();
    await expect(page.getByText(/^Next payment date:/)).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expect(method(page, 'Visa ending in 4242').getByText('Primary', { exact: true })).toBeVisible();
    await expect(
      method(page, 'Mastercard ending in 4444').getByText('Expiring', { exact: true }),
    ).toBeVisible();
    await expect(
      method(page, 'American Express ending in 0005').getByText('Expired', { exact: true }),
    ).toBeVisible();
    await expect(method(page, 'Savings account ending in 6789')).toContainText('Bank account (ACH)');
    // A bank account has no expiry to update; the primary one cannot be made primary again.
    await expect(
      method(page, 'Savings account ending in 6789').getByRole('button', { name: 'Update Expiry' }),
    ).toHaveCount(0);
    await expect(
      method(page, 'Visa ending in 4242').getByRole('button', { name: 'Make Primary' }),
    ).toHaveCount(0);
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(method(page, 'Visa ending in 4242')).toBeVisible();
    await expectAccessible(page);
  });

  test('updates an expired card, refusing a past date', async ({ page }) => {
    await openPaymentTab(page);
    const amex = method(page, 'American Express ending in 0005');
    await amex.getByRole('button', { name: 'Update Expiry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Expiration Date' });
    await dialog.getByLabel('Month (MM)').fill('01');
    await dialog.getByLabel('Year (YYYY)').fill(String(YEAR - 1));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Invalid Expiration Date')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel('Year (YYYY)').fill(String(YEAR + 2));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Expiration date successfully updated.');
    await expect(dialog).toBeHidden();
    await expect(amex).toContainText(`expires 01/${YEAR + 2}`);
    await expect(amex.getByText('Expired', { exact: true })).toHaveCount(0);
  });

  test('makes another method primary and back', async ({ page }) => {
    await openPaymentTab(page);
    await method(page, 'Savings account ending in 6789')
      .getByRole('button', { name: 'Make Primary' })
      .click();
    await expectToast(page, 'Primary payment method updated.');
    await expect(
      method(page, 'Savings account ending in 6789').getByText('Primary', { exact: true }),
    ).toBeVisible();
    await expect(method(page, 'Visa ending in 4242').getByText('Primary', { exact: true })).toHaveCount(0);
    await method(page, 'Visa ending in 4242').getByRole('button', { name: 'Make Primary' }).click();
    await expect(method(page, 'Visa ending in 4242').getByText('Primary', { exact: true })).toBeVisible();
  });

  test('adds a card with the bot check, refuses it twice, then removes it', async ({ page }) => {
    await openPaymentTab(page);
    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    const form = page.getByRole('form', { name: 'Add a Payment Method' });
    await expect(form).toBeVisible();
    await form.getByRole('button', { name: 'Save Card' }).click();
    await expect(form.getByText('Required').first()).toBeVisible();
    await form.getByLabel(/^Card Number/).fill('4012 8888 8888 1882');
    await form.getByLabel(/^Expiry Month/).fill('12');
    await form.getByLabel(/^Expiry Year/).fill(String(YEAR + 3));
    await form.getByLabel(/^CVV/).fill('123');
    await form.getByLabel(/^Name on Card/).fill('Dana Doctor');
    await form.getByRole('button', { name: 'Save Card' }).click();
    await expect(form.getByText('Invalid Card Number')).toBeVisible();
    await form.getByLabel(/^Card Number/).fill('4012 8888 8888 1881');
    await waitForAltcha(page);
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Save Card' }).click();
    await expectToast(page, 'Payment method successfully added.');
    await expect(method(page, 'Visa ending in 1881')).toBeVisible();

    // The same card again
    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    await form.getByLabel(/^Card Number/).fill('4012888888881881');
    await form.getByLabel(/^Expiry Month/).fill('12');
    await form.getByLabel(/^Expiry Year/).fill(String(YEAR + 3));
    await form.getByLabel(/^CVV/).fill('123');
    await form.getByLabel(/^Name on Card/).fill('Dana Doctor');
    await waitForAltcha(page);
    await form.getByRole('button', { name: 'Save Card' }).click();
    await expect(form.getByText('Your payment method has already been added.')).toBeVisible();
    await form.getByRole('button', { name: 'Cancel' }).click();

    await method(page, 'Visa ending in 1881').getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Payment Method' });
    await expect(confirm).toContainText('Remove Visa ending in 1881?');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expectToast(page, 'Payment method successfully removed.');
    await expect(method(page, 'Visa ending in 1881')).toHaveCount(0);
  });

  test('a bank account needs every field', async ({ page }) => {
    await openPaymentTab(page);
    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    const form = page.getByRole('form', { name: 'Add a Payment Method' });
    await form.getByRole('radio', { name: /Bank Account/ }).check();
    await form.getByRole('button', { name: 'Save Bank Account' }).click();
    await expect(form.getByText('Required')).toHaveCount(3);
    await expectAccessible(page);
  });

  test('a member has no Payment tab', async ({ page }) => {
    await asUser(page, 'member', { path: '/account?tab=2' });
    await expect(page.getByRole('tab', { name: 'User', selected: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Payment' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Invoices' })).toHaveCount(0);
  });
});
