import type { Page } from '@playwright/test';
import { API, asUser, expect, expectAccessible, test } from '../support/fixtures.ts';

const fee = (page: Page, label: string) =>
  page.getByRole('textbox', { name: new RegExp(`^${label}(\\s*\\*)?$`) });

async function token(page: Page): Promise<string> {
  return (await page.evaluate(() => window.localStorage.getItem('archline.access_token')))!;
}

test.describe('Customize Fees', () => {
  test('an admin edits the global fees on Settings tab 1, with every message of the form', async ({
    page,
  }) => {
    await asUser(page, 'admin', { path: '/settings?tab=1' });
    await expect(page.getByRole('tab', { name: 'Customize Fees', selected: true })).toBeVisible();
    const card = page.getByRole('region', { name: 'Customize Fees' });
    await expect(fee(page, 'Export Tray')).toHaveValue('15.00');
    await expect(fee(page, 'Rush Case')).toHaveValue('50.00');
    await expect(card.getByText('$', { exact: true }).first()).toBeVisible();
    await expect(card.getByTestId('saved-volume-discounts')).toHaveText(
      'Saved: 5.0% from 20 arches, 7.5% from 50 arches, 10.0% from 100 arches',
    );
    await expectAccessible(page);

    // Every message of document 3 section 5 'Pricing'.
    await fee(page, 'Software').fill('');
    await fee(page, 'Print').fill('-3');
    await fee(page, 'Delay Case Charging').fill('0');
    await fee(page, 'Delay Payment Processing').fill('11');
    await fee(page, 'Software').blur();
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByText('Required', { exact: true })).toBeVisible();
    await expect(card.getByText('Invalid value', { exact: true })).toBeVisible();
    await expect(card.getByText('Must not be less than 1 day.')).toBeVisible();
    await expect(card.getByText('Must not exceed 10 days.')).toBeVisible();
    await fee(page, 'Delay Case Charging').fill('21');
    await expect(card.getByText('Must not exceed 20 days.')).toBeVisible();

    // Volume discounts: at most 4 rows, 0 to 100 percent, volume required.
    const add = card.getByRole('button', { name: 'Add Volume Discount' });
    await add.click();
    await expect(add).toBeDisabled();
    const discounts = card.getByRole('textbox', { name: /^Discount/ });
    const volumes = card.getByRole('textbox', { name: /^Volume/ });
    await expect(discounts).toHaveCount(4);
    await expect(discounts.nth(3)).toHaveValue('0');
    await discounts.nth(3).fill('101');
    await volumes.nth(3).fill('');
    await volumes.nth(3).blur();
    await expect(card.getByText('Invalid discount percentage.')).toBeVisible();
    await expectAccessible(page);

    // Discard, then a real change saved and put back.
    await card.getByRole('button', { name: 'Discard Changes' }).click();
    await expect(discounts).toHaveCount(3);
    await expect(fee(page, 'Software')).toHaveValue('25.00');
    await fee(page, 'Export Tray').fill('16.25');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Pricing successfully updated.').first()).toBeVisible();
    await page.reload();
    await expect(fee(page, 'Export Tray')).toHaveValue('16.25');
    const prices = await page.request.get(`${API}/pricing`, {
      headers: { authorization: `Bearer ${await token(page)}` },
    });
    expect((await prices.json()).pricing.export_fees.export_tray).toBe(1625);
    await fee(page, 'Export Tray').fill('15');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Pricing successfully updated.').first()).toBeVisible();
    await expect(fee(page, 'Export Tray')).toHaveValue('15.00');
  });

  test('the form is usable at 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await asUser(page, 'superadmin', { path: '/settings?tab=1' });
    await expect(fee(page, 'Flat Monthly')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });

  test('Customize Fees is only for pricing.update; the organization section only for organization.pricing.update', async ({
    page,
  }) => {
    await asUser(page, 'supervisor', { path: '/settings?tab=1' });
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Customize Fees' })).toHaveCount(0);
    await expect(page.getByText("You don't have permission to access this section.")).toBeVisible();

    await page.goto('/organizations');
    await page.getByRole('searchbox', { name: 'Search' }).fill('Summit Dental Group');
    await page.getByRole('link', { name: 'Summit Dental Group' }).click();
    await expect(page.getByRole('heading', { name: 'Summit Dental Group', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Credits' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Pricing' })).toHaveCount(0);
  });

  test('an admin gives an organization its own fees on the organization page, then puts it back on the global ones', async ({
    page,
  }) => {
    await asUser(page, 'admin', { path: '/organizations' });
    const name = `Pricing Practice ${Date.now()}`;
    const created = await page.request.post(`${API}/organizations`, {
      headers: { authorization: `Bearer ${await token(page)}` },
      data: { name },
    });
    expect(created.status()).toBe(201);
    const id = (await created.json()).organization.id as number;
    await page.goto(`/organizations/${id}`);
    const section = page.getByRole('region', { name: 'Pricing' });
    await expect(section.getByText('Global Fees')).toBeVisible();
    await expect(
      section.getByText('This organization pays the global prices.', { exact: false }),
    ).toBeVisible();
    await expect(section.getByRole('textbox', { name: /^Rush Case/ })).toHaveValue('50.00');
    await expectAccessible(page);

    await section.getByRole('textbox', { name: /^Rush Case/ }).fill('80');
    await section.getByRole('textbox', { name: /^Delay Case Charging/ }).fill('25');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(section.getByText('Must not exceed 20 days.')).toBeVisible();
    await section.getByRole('textbox', { name: /^Delay Case Charging/ }).fill('10');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Pricing successfully updated.').first()).toBeVisible();
    await expect(section.getByText('Customized Fees')).toBeVisible();
    await page.reload();
    await expect(section.getByRole('textbox', { name: /^Rush Case/ })).toHaveValue('80.00');
    await expect(section.getByRole('textbox', { name: /^Delay Case Charging/ })).toHaveValue('10');

    await section.getByRole('button', { name: 'Use Global Fees' }).click();
    const dialog = page.getByRole('dialog', { name: 'Use Global Fees' });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Use Global Fees' }).click();
    await expect(page.getByText('The organization now uses the global pricing.').first()).toBeVisible();
    await expect(section.getByText('Global Fees')).toBeVisible();
    await expect(section.getByRole('textbox', { name: /^Rush Case/ })).toHaveValue('50.00');
  });
});
