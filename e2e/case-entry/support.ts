import type { Locator, Page } from '@playwright/test';
import { API, expect } from '../support/fixtures.ts';

/** A patient surname of letters only, different on every run. */
export function uniqueName(prefix: string): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let out = '';
  for (let n = Date.now() * 1000 + Math.floor(Math.random() * 1000); n > 0; n = Math.floor(n / 26))
    out += letters[n % 26];
  return `${prefix}${out.slice(0, 8)}`;
}

async function token(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('archline.access_token'));
}

/** A call with the signed-in user's bearer token. */
export async function apiCall<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await page.request.fetch(`${API}${path}`, {
    method,
    headers: { authorization: `Bearer ${await token(page)}` },
    ...(data === undefined ? {} : { data }),
  });
  return { status: response.status(), body: (await response.json().catch(() => ({}))) as T };
}

/** Picks the option of a MUI select by its label. */
export async function choose(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** Picks the first option of a MUI select by its label. */
export async function chooseFirst(page: Page, label: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page
    .getByRole('option')
    .filter({ hasNot: page.locator('em') })
    .first()
    .click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** Waits until a dialog or popover has finished appearing (its opening transition changes colours). */
export async function settled(locator: Locator) {
  await expect(locator).toBeVisible();
  await expect(locator).toHaveCSS('opacity', '1');
  await expect(locator).toHaveCSS('transform', 'none');
}
