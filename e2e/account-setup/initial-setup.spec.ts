import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';
import {
  addCard,
  completeDetailsStep,
  fillAccountDetails,
  screenshotStep,
  signUpNewOwner,
} from './setup-support.ts';

const NEXT_YEAR = String(new Date().getFullYear() + 1);

test.describe('account setup wizard', () => {
  test('a new sign-up is held on /initial-setup; Account Details validates and saves', async ({
    page,
    request,
  }, testInfo) => {
    await signUpNewOwner(page, request, { first: 'Sam', last: 'Setup' });
    await expect(page.getByRole('heading', { level: 1, name: 'Set Up Your Archline Account' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Welcome' })).toBeVisible();
    await expect(page.getByText('Sam Setup')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    // No sidebar: the wizard is the whole page.
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expectAccessible(page);
    await screenshotStep(page, testInfo, '0-welcome');
    // A phone-sized screen keeps the whole wizard usable.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page);
    await screenshotStep(page, testInfo, '0-welcome-phone');
    await page.setViewportSize({ width: 1280, height: 720 });

    // Every other signed-in page sends the user back here.
    for (const path of ['/patients', '/account', '/locations']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/initial-setup$/);
    }

    // Keyboard only: Tab reaches Next, Enter moves on, the focus lands on the new step's heading
    // and the next Tab on its first field.
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      if (await page.getByRole('button', { name: 'Next' }).evaluate((el) => el === document.activeElement))
        break;
    }
    await expect(page.getByRole('button', { name: 'Next' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Account Details' })).toBeFocused();
    // The step loads the account's details first; the heading keeps the focus meanwhile.
    await expect(page.getByLabel(/^Organization Name/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Account Details' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(/^Organization Name/)).toBeFocused();
    // Prefilled: the user's names and e-mail; the default organization name is not offered.
    await expect(page.getByLabel(/^Organization Name/)).toHaveValue('');
    await expect(page.getByLabel(/^First Name/)).toHaveValue('Sam');
    await expect(page.getByLabel(/^Last Name/)).toHaveValue('Setup');
    await expect(page.getByLabel(/^Email/)).toHaveAttribute('readonly', '');
    await expect(page.getByRole('combobox', { name: /^Country/ })).toHaveValue('United States');
    await expect(page.getByRole('group', { name: /How did you hear about us\?/ })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Next' }).click();
    // Organization, phone, street, city, state and zip code are required; the survey needs an answer.
    await expect(page.getByText('Required', { exact: true })).toHaveCount(6);
    await expect(page.getByText('Must not be empty.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Account Details' })).toBeVisible();
    await expectAccessible(page);
    await screenshotStep(page, testInfo, '1-account-details-errors');

    await page.getByLabel(/^Phone Number/).fill('3035550142');
    await page.getByLabel(/^State/).fill('Colorado');
    await page.getByRole('radio', { name: 'Other' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Invalid phone number.')).toBeVisible();
    await expect(page.getByText('State must be exactly 2 characters.')).toBeVisible();
    await expect(page.getByLabel(/^Please tell us where you heard about us/)).toBeVisible();
    await expect(page.getByText('Must not be empty.')).toHaveCount(0);

    // The country is picked from the world list by name or alias, with the keyboard too.
    const country = page.getByRole('combobox', { name: /^Country/ });
    await country.fill('Ivory');
    await page.getByRole('option', { name: "Côte d'Ivoire" }).click();
    await expect(country).toHaveValue("Côte d'Ivoire");
    await country.focus();
    await country.press('ControlOrMeta+a');
    await page.keyboard.type('Canad');
    await page.keyboard.press('Enter');
    await expect(country).toHaveValue('Canada');
    await country.fill('United States');
    await page.getByRole('option', { name: 'United States', exact: true }).click();

    await fillAccountDetails(page, {
      organization: '  Juniper Orthodontics ',
      phone: '+13035550142',
      street: '1200 Larimer Street',
      city: 'Denver',
      state: 'CO',
      zip: '80202',
      answer: 'Other',
    });
    await page.getByLabel(/^Please tell us where you heard about us/).fill('A study club');
    await page.getByLabel(/^First Name/).fill('  samantha ');
    await page.getByLabel(/^First Name/).blur();
    await expect(page.getByLabel(/^First Name/)).toHaveValue('Samantha');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Account details successfully saved.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Choose Payment Method' })).toBeVisible();
    // The refreshed user carries the new name.
    await expect(page.getByText('Samantha Setup')).toBeVisible();

    // Back shows what was saved.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel(/^Organization Name/)).toHaveValue('Juniper Orthodontics');
    await expect(page.getByLabel(/^Please tell us where you heard about us/)).toHaveValue('A study club');
    await expect(page.getByRole('radio', { name: 'Other' })).toBeChecked();

    // Log out ends the session from the wizard.
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('card errors, a bank account, primary and remove; the decline card keeps the user on the order', async ({
    page,
    request,
  }, testInfo) => {
    await signUpNewOwner(page, request, { first: 'Dee', last: 'Cline' });
    await completeDetailsStep(page);

    await expect(page.getByText('No payment methods yet.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(page.getByText('Add a payment method to continue.')).toBeVisible();
    await expectAccessible(page);
    await screenshotStep(page, testInfo, '2-payment-empty');

    // Card checks happen in the browser before anything is sent.
    await page.getByRole('button', { name: 'Save Card' }).click();
    await expect(page.getByText('Required', { exact: true })).toHaveCount(5);
    await page.getByLabel(/^Card Number/).fill('4242 4242 4242 4241');
    await page.getByLabel(/^Expiry Month/).fill('13');
    await page.getByLabel(/^Expiry Year/).fill(NEXT_YEAR);
    await page.getByLabel(/^CVV/).fill('12');
    await page.getByLabel(/^Name on Card/).fill('Dee Cline');
    await page.getByRole('button', { name: 'Save Card' }).click();
    await expect(page.getByText('Invalid Card Number')).toBeVisible();
    await expect(page.getByText('Invalid Expiration Date')).toHaveCount(1);
    await expect(page.getByText('Invalid CVV')).toBeVisible();
    await page.getByLabel(/^Expiry Month/).fill('01');
    await page.getByLabel(/^Expiry Year/).fill('2020');
    await page.getByRole('button', { name: 'Save Card' }).click();
    await expect(page.getByText('Invalid Expiration Date')).toHaveCount(2);
    await expectAccessible(page);
    await screenshotStep(page, testInfo, '2-payment-card-errors');

    // The documented decline card is accepted as a method; only its charge fails.
    await addCard(page, { number: '4000 0000 0000 0002', name: 'Dee Cline' });
    await expect(page.getByText('Payment method successfully added.')).toBeVisible();
    const list = page.getByRole('list', { name: 'Your Payment Methods' });
    await expect(list.getByText('Visa ending in 0002')).toBeVisible();
    await expect(list.getByText('Primary', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();

    // The same card again is refused.
    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    await addCard(page, { number: '4000000000000002', name: 'Dee Cline' });
    await expect(page.getByText('Your payment method has already been added.')).toBeVisible();

    // A bank account: routing checksum checked in the browser, then saved.
    await page.getByRole('radio', { name: /Bank Account/ }).check();
    await expect(page.getByRole('radio', { name: 'Personal' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Savings' })).toBeChecked();
    await page.getByLabel(/^Bank Name/).fill('First Mountain Bank');
    await page.getByLabel(/^Routing Number/).fill('123456789');
    await page.getByLabel(/^Account Number/).fill('000123456789');
    await page.getByRole('radio', { name: 'Checking' }).check();
    await page.getByRole('button', { name: 'Save Bank Account' }).click();
    await expect(page.getByText('Invalid Routing Number')).toBeVisible();
    await page.getByLabel(/^Routing Number/).fill('021000021');
    await page.getByRole('button', { name: 'Save Bank Account' }).click();
    await expect(list.getByText('Checking account ending in 6789')).toBeVisible();
    await expectAccessible(page);
    await screenshotStep(page, testInfo, '2-payment-methods');

    // Make the bank account primary: the order has no card fee.
    await list
      .getByRole('listitem')
      .filter({ hasText: 'Checking account ending in 6789' })
      .getByRole('button', { name: 'Make primary' })
      .click();
    await expect(page.getByText('Primary payment method updated.')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Review your Order' })).toBeVisible();
    const summary = page.getByRole('table', { name: 'Order summary' });
    await expect(summary.getByRole('row', { name: /Start-up Fee \$500\.00/ })).toBeVisible();
    await expect(summary.getByRole('row', { name: /Credit card fee.*\$0\.00/ })).toBeVisible();
    await expect(summary.getByRole('row', { name: /Total due today \$500\.00/ })).toBeVisible();

    // Removing the primary bank account makes the remaining card primary.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Remove Checking account ending in 6789' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Payment Method' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Payment method successfully removed.')).toBeVisible();
    await expect(list.getByText('Checking account ending in 6789')).toHaveCount(0);
    await expect(
      list
        .getByRole('listitem')
        .filter({ hasText: 'Visa ending in 0002' })
        .getByText('Primary', { exact: true }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(summary.getByRole('row', { name: /Credit card fee \(1\.49%\) \$7\.45/ })).toBeVisible();
    await expect(summary.getByRole('row', { name: /Total due today \$507\.45/ })).toBeVisible();
    await expect(
      page.getByText(/The start-up fee is charged today; your monthly billing starts on /),
    ).toBeVisible();

    // An unknown promotion code is refused on its field.
    await page.getByRole('textbox', { name: 'Promotion Code' }).fill('nosuchcode');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('The promotion code is invalid or has expired.')).toBeVisible();
    // A First Month code takes nothing off today: it is kept for the first monthly invoice.
    await page.getByRole('textbox', { name: 'Promotion Code' }).fill('FIRSTMONTHFREE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Code FIRSTMONTHFREE applied')).toBeVisible();
    await expect(
      summary.getByRole('row', {
        name: /Promotion code FIRSTMONTHFREE.*First month free.*On the monthly fee/,
      }),
    ).toBeVisible();
    await expect(summary.locator('s')).toHaveCount(0);
    await expect(summary.getByRole('row', { name: /Total due today \$507\.45/ })).toBeVisible();
    await expectAccessible(page);
    await screenshotStep(page, testInfo, '3-order-monthly-code');
    await page.getByRole('button', { name: 'Remove the promotion code' }).click();
    await expect(summary.getByRole('row', { name: /Promotion code/ })).toHaveCount(0);
    await expect(summary.getByRole('row', { name: /Total due today \$507\.45/ })).toBeVisible();

    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The card was declined.' })).toBeVisible();
    await expect(page).toHaveURL(/\/initial-setup$/);
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
    await expectAccessible(page);
    await screenshotStep(page, testInfo, '3-order-declined');
    // Still held on the wizard.
    await page.goto('/patients');
    await expect(page).toHaveURL(/\/initial-setup$/);
  });

  test('the demo owner places the order and lands on /patients', async ({ page }, testInfo) => {
    await asUser(page, 'newdoctor');
    await expect(page).toHaveURL(/\/initial-setup$/);
    await expect(page.getByText('Noel Newman')).toBeVisible();
    await completeDetailsStep(page, {
      organization: 'Newman Family Orthodontics',
      phone: '+17205550199',
      street: '44 Pine Street',
      city: 'Boulder',
      state: 'CO',
      zip: '80302',
      answer: 'Colleague referral',
    });
    await addCard(page, { number: '4242 4242 4242 4242', name: 'Noel Newman' });
    await expect(page.getByText('Visa ending in 4242')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Review your Order' })).toBeVisible();
    const summary = page.getByRole('table', { name: 'Order summary' });
    await expect(summary.getByRole('row', { name: /Total due today \$507\.45/ })).toBeVisible();
    await page.getByRole('textbox', { name: 'Promotion Code' }).fill('welcome50');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(summary.getByRole('row', { name: /Promotion code WELCOME50.*-\$50\.00/ })).toBeVisible();
    await expect(summary.getByRole('row', { name: /Start-up Fee \$500\.00/ })).toBeVisible();
    await expect(summary.locator('s')).toHaveCount(0);
    await expectAccessible(page);
    await screenshotStep(page, testInfo, '3-order-promo');

    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/patients$/, { timeout: 30_000 });
    await expect(page.getByText('Your Archline account is ready.')).toBeVisible();
    await screenshotStep(page, testInfo, '4-patients-after-setup');
    await page.goto('/initial-setup');
    await expect(page).toHaveURL(/\/patients$/);
  });
});
