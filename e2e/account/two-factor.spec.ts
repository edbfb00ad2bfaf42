import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import {
  API,
  asUser,
  expect,
  invitedUser,
  expectAccessible,
  test,
  waitForAltcha,
} from '../support/fixtures.ts';

/**
 * Two-factor sign-in for a practice user of its own (invited to the doctor's practice for this
 * test, so no shared demo account changes): set it up on the User tab, sign out, sign in with a
 * code computed here.
 */
const newUser = (page: Page) =>
  invitedUser(page, { prefix: 'two-factor', firstName: 'Tess', lastName: 'Factor' });

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.locator('input[name=password]').fill(password);
  await waitForAltcha(page);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * The code of the step `offset` steps from now. The server accepts the steps either side of its
 * own and each step once: setup takes the current step (still valid if the step turns while it is
 * typed), sign-in the next one (always later than the setup's).
 */
const codeAt = (secret: string, offset: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

test('a practice user turns on two-factor sign-in and signs in with a code from the app', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { email, password } = await newUser(page);
  await passwordStep(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Two-factor authentication' });
  await card.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await card.getByTestId('two-factor-secret').textContent())!.trim();
  await card.getByLabel('6-digit code').fill('000000');
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByText('The code is not valid. Please try again.')).toBeVisible();
  await card.getByLabel('6-digit code').fill(await codeAt(secret, 0));
  await card.getByRole('button', { name: 'Turn on' }).click();
  const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expectAccessible(page);
  await card.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(card.getByText(/Recovery codes left: 10/)).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await passwordStep(page, email, password);
  const step = page.getByRole('form', { name: 'Two-factor authentication' });
  await expect(step.getByLabel(/^Authentication code/)).toBeFocused();
  await expectAccessible(page);
  await step.getByLabel(/^Authentication code/).fill(await codeAt(secret, 1));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/account');
  await expect(
    page.getByRole('region', { name: 'Two-factor authentication' }).getByText(/^On$/),
  ).toBeVisible();
});

test('an admin sees who opened a patient in its access history; a doctor does not see the panel', async ({
  page,
}) => {
  await asUser(page, 'doctor');
  const token = await page.evaluate(() => localStorage.getItem('archline.access_token'));
  const list = await page.request.get(`${API}/patients?per_page=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const id = ((await list.json()) as { data: { id: number }[] }).data[0]!.id;
  await page.goto(`/patient-details/${id}`);
  await expect(page.getByRole('heading', { name: 'Patient Information' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Access history' })).toHaveCount(0);

  await asUser(page, 'admin', { path: `/patient-details/${id}` });
  const panel = page.getByRole('region', { name: 'Access history' });
  await expect(panel).toBeVisible();
  const table = panel.getByRole('table', { name: 'Access history' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Read' }).first()).toBeVisible();
  await panel.getByLabel('User').click();
  await page.getByRole('option', { name: /doctor@example\.com/ }).click();
  await expect(table.getByText('doctor@example.com').first()).toBeVisible();
  await expectAccessible(page);
});
