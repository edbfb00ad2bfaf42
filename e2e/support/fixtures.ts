import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'DemoPass123';
export const API = '/services/api/v2';

/** Zero WCAG 2 A/AA violations on the current screen. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/** Waits until the ALTCHA widget on the page has solved its challenge. */
export async function waitForAltcha(page: Page): Promise<void> {
  await expect(page.locator('altcha-widget input[name="altcha"]')).toHaveValue(/.+/, { timeout: 30_000 });
}

/** Signs in through the real login screen. */
export async function signIn(
  page: Page,
  email: string,
  options: { management?: boolean; path?: string } = {},
) {
  const base = options.management ? '/management' : '/login';
  await page.goto(options.path ? `${base}?path=${encodeURIComponent(options.path)}` : base);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await waitForAltcha(page);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(new RegExp(`${base}(\\?|$)`));
}

export interface MailFile {
  file: string;
  raw: string;
  text: string;
  links: string[];
}

function decodeQuotedPrintable(value: string): string {
  return value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest e-mail to `to` in DATA_DIR/mail (the server writes .eml files when SMTP is off). */
export async function waitForMail(to: string, subject?: RegExp): Promise<MailFile> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse()
      : [];
    for (const name of files) {
      const raw = fs.readFileSync(path.join(dir, name), 'utf8');
      const toHeader = /^To: (.*)$/im.exec(raw)?.[1] ?? '';
      const subjectHeader = /^Subject: (.*)$/im.exec(raw)?.[1] ?? '';
      if (!toHeader.toLowerCase().includes(to.toLowerCase())) continue;
      if (subject && !subject.test(subjectHeader)) continue;
      const text = decodeQuotedPrintable(raw);
      const links = [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => m[0].replace(/&amp;/g, '&'));
      return { file: name, raw, text, links };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No e-mail to ${to} arrived`);
}

/** The path and query of a link from an e-mail, to open on the test server. */
export function localPath(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

export const test = base;
export { expect };
