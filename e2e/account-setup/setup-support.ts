import { solveChallenge } from 'altcha-lib';
import { deriveKey as derivePbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import { deriveKey as deriveSha } from 'altcha-lib/algorithms/sha';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { API, DEMO_PASSWORD, expect, localPath, waitForAltcha, waitForMail } from '../support/fixtures.ts';

/** A solved ALTCHA payload for a call made outside the browser (the test server's work factor is tiny). */
export async function solvedAltcha(request: APIRequestContext): Promise<string> {
  const response = await request.get(`${API}/altcha/challenge`);
  expect(response.ok()).toBe(true);
  const challenge = await response.json();
  const deriveKey = String(challenge.parameters.algorithm).startsWith('PBKDF2/') ? derivePbkdf2 : deriveSha;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the ALTCHA challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * A new practice owner: signs up through POST /register, then opens the VERIFY link from the
 * e-mail, which signs the browser in. Sign-up gives the user a default organization that needs
 * the account setup, so the browser lands on /initial-setup.
 */
export async function signUpNewOwner(
  page: Page,
  request: APIRequestContext,
  name: { first: string; last: string } = { first: 'Sam', last: 'Setup' },
): Promise<{ email: string }> {
  const email = `setup.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const registered = await request.post(`${API}/register`, {
    data: {
      first_name: name.first,
      last_name: name.last,
      email,
      password: DEMO_PASSWORD,
      password_confirmation: DEMO_PASSWORD,
      altcha: await solvedAltcha(request),
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const mail = await waitForMail(email);
  const verifyLink = mail.links.find((l) => l.includes('/verify-user'));
  expect(verifyLink).toBeTruthy();
  await page.goto(localPath(verifyLink!));
  await expect(page).toHaveURL(/\/initial-setup$/, { timeout: 20_000 });
  return { email };
}

export interface DetailsInput {
  organization: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  answer: string;
}

export const VALID_DETAILS: DetailsInput = {
  organization: 'Juniper Orthodontics',
  phone: '+13035550142',
  street: '1200 Larimer Street',
  city: 'Denver',
  state: 'CO',
  zip: '80202',
  answer: 'Online search',
};

/** Fills the Account Details step (country stays USA). */
export async function fillAccountDetails(page: Page, details: DetailsInput = VALID_DETAILS): Promise<void> {
  await page.getByLabel(/^Organization Name/).fill(details.organization);
  await page.getByLabel(/^Phone Number/).fill(details.phone);
  await page.getByRole('textbox', { name: 'Street Address', exact: true }).fill(details.street);
  await page.getByLabel(/^City/).fill(details.city);
  await page.getByLabel(/^State/).fill(details.state);
  await page.getByLabel(/^Zip Code/).fill(details.zip);
  await page.getByRole('radio', { name: details.answer }).check();
}

/** From the Welcome step through a saved Account Details step to Choose Payment Method. */
export async function completeDetailsStep(page: Page, details: DetailsInput = VALID_DETAILS): Promise<void> {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Account Details' })).toBeVisible();
  await expect(page.getByLabel(/^Organization Name/)).toBeVisible();
  await fillAccountDetails(page, details);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Choose Payment Method' })).toBeVisible();
}

/** Adds a card through the Choose Payment Method form (tokenized in the browser). */
export async function addCard(
  page: Page,
  card: { number: string; month?: string; year?: string; cvv?: string; name?: string },
): Promise<void> {
  await page.getByRole('radio', { name: /Credit Card/ }).check();
  await page.getByLabel(/^Card Number/).fill(card.number);
  await page.getByLabel(/^Expiry Month/).fill(card.month ?? '12');
  await page.getByLabel(/^Expiry Year/).fill(card.year ?? String(new Date().getFullYear() + 3));
  await page.getByLabel(/^CVV/).fill(card.cvv ?? '123');
  await page.getByLabel(/^Name on Card/).fill(card.name ?? 'Sam Setup');
  await waitForAltcha(page);
  await page.getByRole('button', { name: 'Save Card' }).click();
}

/** A full-page screenshot of the current step, kept with the test's output. */
export async function screenshotStep(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}
