import type { Page } from '@playwright/test';
import { API, asUser, expect, expectAccessible, test } from '../support/fixtures.ts';
import { expectToast } from './billing-support.ts';

/** Riverside Family Dental's subscription, read with the signed-in admin's token. */
async function riversideContract(page: Page): Promise<{ id: number; organization: { id: number } }> {
  const token = await page.evaluate(() => window.localStorage.getItem('archline.access_token'));
  const response = await page.request.get(`${API}/contracts?searchFullNameQuery=Riverside`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as {
    contracts: { data: { id: number; organization: { id: number } }[] };
  };
  return body.contracts.data[0]!;
}

test('periodic rules: listed on the subscription, added as a discount in dollars, deleted; the organization page links the contract', async ({
  page,
}) => {
  await asUser(page, 'admin', { path: '/subscriptions' });
  const contract = await riversideContract(page);

  await page.goto(`/subscriptions/${contract.id}`);
  const section = page.getByRole('region', { name: 'Periodic Rules' }).first();
  const rules = page.getByRole('table', { name: 'Periodic Rules' });
  await expect(rules.getByRole('row', { name: /Extra cloud storage/ })).toContainText('$25.00');

  await page.getByRole('link', { name: 'Add Periodic Rule' }).click();
  await expect(page).toHaveURL(`/subscriptions/${contract.id}/periodic-rules/add`);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Required')).toHaveCount(2);
  await expectAccessible(page);

  const description = `Loyalty ${Date.now()}`;
  await page.getByRole('radio', { name: 'Discount' }).check();
  await page.getByRole('textbox', { name: /Value/ }).fill('12.5');
  await page.getByRole('textbox', { name: /Description/ }).fill(description);
  await page.getByRole('button', { name: 'Create' }).click();
  await expectToast(page, 'Periodic rule successfully created.');
  // back to the previous page, where the discount shows negative
  await expect(page).toHaveURL(`/subscriptions/${contract.id}`);
  const row = rules.getByRole('row', { name: new RegExp(description) });
  await expect(row).toContainText('-$12.50');
  await expect(section).toBeVisible();

  await row.getByRole('button', { name: `Delete ${description}` }).click();
  await page
    .getByRole('dialog', { name: 'Delete Periodic Rule' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expectToast(page, 'Periodic rule successfully deleted.');
  await expect(row).toHaveCount(0);

  await page.goto(`/organizations/${contract.organization.id}`);
  const contractSection = page.getByRole('region', { name: 'Contract' });
  await expect(contractSection.getByRole('link', { name: 'Subscription Details' })).toHaveAttribute(
    'href',
    `/subscriptions/${contract.id}`,
  );
  await expect(contractSection.getByText('Last Payment Date')).toBeVisible();
});
