import type { Page } from '@playwright/test';
import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';

/** Opens an organization from the list, as the list's link leads there. */
async function openOrganization(page: Page, account: string, name: string) {
  await asUser(page, account, { path: '/organizations' });
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await expect(page.getByTestId('organization-row')).toHaveCount(1);
  await page.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/organizations\/\d+$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  return page.getByRole('region', { name: 'Organization Information' });
}

test.describe('organization detail', () => {
  test('super admin sees the sections, validation uses the spec messages and saving goes to the hub', async ({
    page,
  }) => {
    const info = await openOrganization(page, 'superadmin', 'Riverside Family Dental');
    await expect(page.getByRole('region', { name: 'Quick Glance' })).toContainText('RFD-200300');
    await expect(page.getByRole('region', { name: 'Locations' })).toContainText('Riverside Clinic');
    await expect(
      page.getByRole('region', { name: 'Users', exact: true }).getByTestId('member-row'),
    ).toHaveCount(2);
    await expect(info.getByLabel('Account Number')).toHaveValue('RFD-200300');
    await expectAccessible(page);

    await info.getByRole('textbox', { name: /^Organization Name/ }).fill('');
    await info.getByLabel('Account Number').fill('ab12');
    const type = info.getByLabel('Organization Type');
    await type.fill('Dental 2');
    await info.getByRole('button', { name: 'Save' }).click();
    await expect(info.getByText('Required')).toBeVisible();
    await expect(info.getByText('Must contain at least 6 characters.')).toBeVisible();
    await expect(info.getByText('Invalid name')).toBeVisible();
    await expectAccessible(page);

    // Credits: value at least 0, the expiration after the start.
    const credits = page.getByRole('form', { name: 'Add credit' });
    await credits.getByRole('spinbutton', { name: /^Value/ }).fill('-5');
    await credits.getByLabel(/^Valid From/).fill('2026-05-10');
    await credits.getByLabel(/^Valid To/).fill('2026-05-01');
    await credits.getByRole('button', { name: 'Add Credit' }).click();
    await expect(credits.getByText('Must not be less than 0.')).toBeVisible();
    await expect(credits.getByText('Expiration date must be later than the starting date.')).toBeVisible();
    await credits.getByRole('spinbutton', { name: /^Value/ }).fill('125');
    await credits.getByLabel(/^Valid To/).fill('2026-12-31');
    await credits.getByRole('button', { name: 'Add Credit' }).click();
    await expect(page.getByText('Credit successfully added.')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Credits' })).toContainText('125.00');

    await info.getByRole('textbox', { name: /^Organization Name/ }).fill('Riverside Family Dental');
    await info.getByLabel('Account Number').fill('RFD-200301');
    await type.fill('General Dentistry');
    await info.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Organization successfully updated.')).toBeVisible();
    await expect(page).toHaveURL(/\/organizations-users$/);
    await page.goBack();
    await expect(
      page.getByRole('region', { name: 'Organization Information' }).getByLabel('Account Number'),
    ).toHaveValue('RFD-200301');
  });

  test('at 390 px the users table scrolls sideways as a named region a keyboard reaches', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openOrganization(page, 'superadmin', 'Riverside Family Dental');
    const users = page.getByRole('region', { name: 'Users', exact: true });
    await expect(users.getByTestId('member-row')).toHaveCount(2);
    const scroller = users.getByRole('region', { name: 'Users, scrollable' });
    await scroller.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => scroller.evaluate((e) => e.scrollLeft)).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  });

  test('EasyRx practice id is saved', async ({ page }) => {
    await openOrganization(page, 'superadmin', 'Summit Dental Group');
    const easyRx = page.getByRole('region', { name: 'EasyRx Setup' });
    await easyRx.getByLabel('Practice ID').fill('ERX-55501');
    await easyRx.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Organization successfully updated.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: 'EasyRx Setup' }).getByLabel('Practice ID')).toHaveValue(
      'ERX-55501',
    );
  });

  test('archiving goes to the hub and makes the organization read-only; restoring brings it back', async ({
    page,
  }) => {
    await openOrganization(page, 'superadmin', 'Harbor View Dental');
    const detail = page.url();
    await page.getByRole('button', { name: 'Archive Organization' }).click();
    const dialog = page.getByRole('dialog', { name: 'Archive Organization' });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByText('Organization successfully archived.')).toBeVisible();
    await expect(page).toHaveURL(/\/organizations-users$/);

    await page.goto(detail);
    const info = page.getByRole('region', { name: 'Organization Information' });
    await expect(info.getByText('Archived', { exact: true })).toBeVisible();
    await expect(info.getByRole('textbox', { name: /^Organization Name/ })).toBeDisabled();
    await expect(info.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Add credit' })).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Restore Organization' }).click();
    await page
      .getByRole('dialog', { name: 'Restore Organization' })
      .getByRole('button', { name: 'Restore' })
      .click();
    await expect(page.getByText('Organization successfully restored.')).toBeVisible();
    await expect(info.getByText('Archived', { exact: true })).toHaveCount(0);
    await expect(info.getByRole('textbox', { name: /^Organization Name/ })).toBeEnabled();
  });

  test('a disabled organization shows its badge and is read-only', async ({ page }) => {
    const info = await openOrganization(page, 'admin', 'Lakeside Smiles');
    await expect(info.getByText('Organization Disabled')).toBeVisible();
    await expect(info.getByRole('textbox', { name: /^Organization Name/ })).toBeDisabled();
    await expect(page.getByText('The organization is disabled and cannot be changed.')).toBeVisible();
    await expectAccessible(page);
  });
});
