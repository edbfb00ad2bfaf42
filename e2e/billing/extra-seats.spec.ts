import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';

test.describe('Account Extra tab', () => {
  test('an owner whose license type allows it buys seats after the confirmation; they are on the current invoice', async ({
    page,
  }) => {
    // Cedar Ridge: a Standard license (buying seats allowed) with 2 seats and no registered device.
    await asUser(page, 'cedar', { path: '/account?tab=3' });
    // Cedar Ridge's onboarding is under way: its checklist opens first.
    const checklist = page.getByRole('dialog', { name: /^Onboarding Checklist/ });
    await checklist.getByRole('button', { name: 'Close' }).click();
    await expect(checklist).toBeHidden();
    await expect(page.getByRole('tab', { name: 'Extra', selected: true })).toBeVisible();
    const license = page.getByRole('definition').filter({ hasText: 'Standard' });
    await expect(license).toBeVisible();
    const available = page.getByText(/^Available Seats: \d+$/);
    const before = Number((await available.textContent())!.replace(/\D/g, ''));
    await expect(page.getByTestId('seats-total')).toHaveText('$50.00');
    await expectAccessible(page);

    const quantity = page.getByRole('textbox', { name: /^Quantity/ });
    await quantity.fill('');
    await quantity.blur();
    await expect(page.getByText('Required', { exact: true })).toBeVisible();
    await quantity.fill('51');
    await expect(page.getByText('Must not exceed 50.')).toBeVisible();
    await quantity.fill('2');
    await expect(page.getByTestId('seats-total')).toHaveText('$100.00');
    await page.getByRole('button', { name: 'Buy Seats' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy Seats' });
    await expect(dialog).toContainText('Buy 2 seats for $100.00?');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Buy Seats' }).click();
    await expect(page.getByText('2 seats successfully added to the license.').first()).toBeVisible();
    await expect(page.getByText(`Available Seats: ${before + 2}`)).toBeVisible();

    // The seats are on the current invoice.
    await page.getByRole('tab', { name: 'Invoices' }).click();
    const current = page.getByRole('table', { name: /^Invoice INV-/ });
    await expect(current.getByRole('row', { name: /Additional seats \(2\)/ })).toContainText('$100.00');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: 'Extra' }).click();
    await expect(page.getByRole('button', { name: 'Buy Seats' })).toBeInViewport();
    await expectAccessible(page);
  });
});
