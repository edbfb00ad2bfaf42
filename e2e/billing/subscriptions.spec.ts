import type { Page } from '@playwright/test';
import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';
import { expectToast } from './billing-support.ts';

async function openSubscriptions(page: Page): Promise<void> {
  await asUser(page, 'admin', { path: '/subscriptions' });
  await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Riverside Family Dental/ })).toBeVisible();
}

async function openDetails(page: Page, organization: string): Promise<void> {
  await openSubscriptions(page);
  await page.getByLabel('Search by Organization').fill(organization);
  const row = page.getByRole('row', { name: new RegExp(organization) });
  await row.getByRole('link', { name: 'Details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${organization}'s Subscription` })).toBeVisible();
}

test.describe('subscriptions', () => {
  test('lists subscriptions with search, payment status and a date range', async ({ page }) => {
    await openSubscriptions(page);
    const table = page.getByRole('table', { name: 'Subscriptions' });
    for (const name of [
      'Organization',
      'Next Payment Date',
      'Last Payment Date',
      'Payment Status',
      'Details',
    ])
      await expect(table.getByRole('columnheader', { name })).toBeVisible();
    // A suspended subscription shows its suspension date as the last payment and no next one.
    const lakeside = table.getByRole('row', { name: /Lakeside Smiles/ });
    await expect(lakeside.getByRole('cell').nth(1)).toHaveText('—');
    await expect(lakeside.getByRole('cell').nth(2)).toHaveText(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expect(lakeside).toContainText('SUSPENDED');
    await expectAccessible(page);

    await page.getByLabel('Search by Organization').fill('river');
    await expect(table.getByRole('row', { name: /Bright Smiles/ })).toHaveCount(0);
    await expect(table.getByRole('row', { name: /Riverside Family Dental/ })).toBeVisible();
    await page.getByRole('button', { name: 'Reset Filters' }).click();

    await page.getByRole('combobox', { name: 'Payment Status' }).click();
    await page.getByRole('option', { name: 'SUSPENDED' }).click();
    await expect(table.getByRole('row', { name: /Riverside/ })).toHaveCount(0);
    await expect(table.getByRole('row', { name: /Lakeside Smiles/ })).toBeVisible();
    await page.getByRole('button', { name: 'Reset Filters' }).click();

    await page.getByLabel('Next payment from').fill('2099-01-01');
    await expect(table.getByText('No subscriptions found.')).toBeVisible();
    await page.getByLabel('Next payment to').fill('2098-01-01');
    await expect(page.getByText('The end date must not be before the start date.')).toBeVisible();
    await page.getByRole('button', { name: 'Reset Filters' }).click();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(table.getByRole('row', { name: /Riverside Family Dental/ })).toBeVisible();
    await expectAccessible(page);
  });

  test('shows a subscription; adds and removes a discount; protected items stay; attempts payment', async ({
    page,
  }) => {
    await openDetails(page, 'Riverside Family Dental');
    await expect(page.getByRole('heading', { level: 2, name: 'Subscription Details' })).toBeVisible();
    await expect(page.getByRole('link', { name: /seats$/ })).toHaveAttribute('href', /^\/edit-license\/\d+$/);
    const attempts = page.getByRole('table', { name: 'Payment Attempts' });
    await expect(attempts.getByRole('row', { name: /Card declined/ })).toContainText('Failed');

    const invoice = page.getByRole('table', { name: /^Invoice INV-/ });
    await expect(invoice.getByRole('row', { name: /First month free \(FIRSTMONTHFREE\)/ })).toBeVisible();
    await expect(
      invoice.getByRole('row', { name: /First month free/ }).getByRole('button', { name: /Remove/ }),
    ).toHaveCount(0);
    await expect(
      invoice.getByRole('row', { name: /Extra cloud storage \(periodic\)/ }).getByRole('button'),
    ).toHaveCount(0);
    await expect(
      invoice.getByRole('row', { name: /Loyalty discount/ }).getByRole('button', { name: /Remove/ }),
    ).toBeVisible();
    await expectAccessible(page);

    // Description and value are required before Continue.
    await page.getByRole('button', { name: 'Add Discount' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Discount' });
    const next = dialog.getByRole('button', { name: 'Continue' });
    await expect(next).toBeDisabled();
    await dialog.getByLabel(/^Description/).fill('Courtesy credit');
    await expect(next).toBeDisabled();
    await dialog.getByLabel(/^Value/).fill('12.50');
    await expect(next).toBeEnabled();
    await expectAccessible(page);
    await next.click();
    await expectToast(page, 'Discount successfully added.');
    const added = invoice.getByRole('row', { name: /Courtesy credit/ });
    await expect(added).toContainText('-$12.50');

    await added.getByRole('button', { name: /Remove/ }).click();
    await page
      .getByRole('dialog', { name: 'Remove Discount' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expectToast(page, 'Discount successfully removed.');
    await expect(invoice.getByRole('row', { name: /Courtesy credit/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'All Invoices' }).click();
    await expect(page.getByRole('table', { name: 'All Invoices' }).getByRole('row')).toHaveCount(3);

    await page.getByRole('button', { name: 'Attempt Payment' }).click();
    await page
      .getByRole('dialog', { name: 'Attempt Payment' })
      .getByRole('button', { name: 'Attempt Payment' })
      .click();
    await expectToast(page, 'Payment successfully processed.');
    await expect(attempts.getByRole('row', { name: /Payment reference/ })).toContainText('Succeeded');
    await expect(page.getByRole('button', { name: 'Attempt Payment' })).toBeDisabled();
    await expect(page.getByText('Every invoice is paid.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Discount' })).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page);
  });

  test('suspends and resumes; a disabled organization cannot be resumed', async ({ page }) => {
    await openDetails(page, 'Summit Dental Group');
    await page.getByRole('button', { name: 'Suspend' }).click();
    await page
      .getByRole('dialog', { name: 'Suspend Subscription' })
      .getByRole('button', { name: 'Suspend' })
      .click();
    await expectToast(page, 'Subscription successfully suspended.');
    await expect(page.getByText('Last Payment Date (suspended on)')).toBeVisible();
    await expect(page.getByText('Next Payment Date')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Attempt Payment' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Resume' }).click();
    await page
      .getByRole('dialog', { name: 'Resume Subscription' })
      .getByRole('button', { name: 'Resume' })
      .click();
    await expectToast(page, 'Subscription successfully resumed.');
    await expect(page.getByText('Next Payment Date')).toBeVisible();

    await openDetails(page, 'Lakeside Smiles');
    await expect(page.getByText('Organization Disabled')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resume' })).toHaveCount(0);
    await expect(page.getByText('Payment Attempts')).toBeVisible();
    await expectAccessible(page);
  });

  test('a supervisor may open the page but not read subscriptions', async ({ page }) => {
    await asUser(page, 'supervisor', { path: '/subscriptions' });
    await expect(page.getByText("You don't have permission to access this section.")).toBeVisible();
  });
});
