import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'DemoPass123';
export const API = '/services/api/v2';

/**
 * Zero WCAG 2 A/AA violations on the current screen. Scanned again while it finds any: a colour
 * read in the middle of a transition (a toast or a ripple fading) is not the screen's; a real
 * violation stays and fails the test.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const scan = async () => {
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    return results.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
  };
  if ((await scan()).length === 0) return;
  // A scan of a long page takes seconds on a busy machine: the retries get time for two or three.
  await expect.poll(scan, { timeout: 30_000, intervals: [500, 1_000, 2_000] }).toEqual([]);
}

/** Waits until the bot check on the page has solved its challenge. */
export async function waitForAltcha(page: Page): Promise<void> {
  const field = page.getByTestId('altcha');
  await expect(field).toHaveAttribute('data-state', 'verified', { timeout: 30_000 });
  await expect(field.getByRole('status')).toHaveText('You are not a robot');
  await expect(field.locator('input[name="altcha"]')).toHaveValue(/.+/);
}

/** Signs in through the real login screen. */
/**
 * The browser session's case feedback marker (apps/web/src/features/patients/components/
 * case-feedback-dialog.tsx): with it the practice patients page does not ask about a finished case,
 * so the dialog covers no spec's page. The case feedback spec removes it.
 */
export const FEEDBACK_ASKED_KEY = 'archline.case-feedback-asked';

function markFeedbackAsked(key: string) {
  try {
    window.sessionStorage.setItem(key, '1');
  } catch {
    // Frames without storage (about:blank).
  }
}

export async function signIn(
  page: Page,
  email: string,
  options: { management?: boolean; path?: string } = {},
) {
  const base = options.management ? '/management' : '/login';
  const asked = await page.addInitScript(markFeedbackAsked, FEEDBACK_ASKED_KEY);
  await page.goto(options.path ? `${base}?path=${encodeURIComponent(options.path)}` : base);
  await asked.dispose();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await waitForAltcha(page);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(new RegExp(`${base}(\\?|$)`));
}

/** Where the client keeps its bearer token (apps/web/src/lib/session-store.ts). */
export const TOKEN_KEY = 'archline.access_token';

/** Demo accounts of the management profile: they sign in on /management, the others on /login. */
export const MANAGEMENT_ACCOUNTS: ReadonlySet<string> = new Set([
  'superadmin',
  'admin',
  'tech',
  'supervisor',
  'partner',
]);

/**
 * Demo accounts whose sessions the setup project opens once per run (e2e/support/auth.setup.ts).
 * The password reset spec, which ends all of member@example.com's sessions, runs after every
 * other spec (e2e/public/password-reset.alone.spec.ts).
 */
export const STORED_ACCOUNTS = [
  'superadmin',
  'admin',
  'tech',
  'supervisor',
  'partner',
  'doctor',
  'manager',
  'member',
  'multi',
  'cedar',
  'newdoctor',
] as const;

/** The storageState file of a demo account's stored session, in this run's data folder. */
export function authFile(account: string): string {
  return path.join(process.env.E2E_DATA_DIR!, 'auth', `${account}.json`);
}

function storedToken(account: string): string {
  const state = JSON.parse(fs.readFileSync(authFile(account), 'utf8')) as {
    origins: { origin: string; localStorage: { name: string; value: string }[] }[];
  };
  const token = state.origins.flatMap((o) => o.localStorage).find((e) => e.name === TOKEN_KEY)?.value;
  if (!token) throw new Error(`No stored session for ${account}@example.com`);
  return token;
}

/**
 * Opens the app as a user where a sign-in would land: the `path` when given, else the profile's
 * home. `user` is a demo account (`doctor`, `admin`, ...) or an e-mail address. Uses the session
 * the setup project stored for the account instead of the login screen; users without a stored
 * session sign in through the screen. Tests that end their session (log out, revoke the token)
 * call signIn for a session of their own.
 */
export async function asUser(page: Page, user: string, options: { path?: string } = {}): Promise<void> {
  const account = user.endsWith('@example.com') ? user.slice(0, -'@example.com'.length) : user;
  const management = MANAGEMENT_ACCOUNTS.has(account);
  if (!(STORED_ACCOUNTS as readonly string[]).includes(account)) {
    await signIn(page, user.includes('@') ? user : `${user}@example.com`, { management, path: options.path });
    return;
  }
  // The token goes into localStorage before the app's scripts run, on this navigation only.
  const seed = await page.addInitScript(
    ([key, token, asked]) => {
      try {
        window.localStorage.setItem(key, token);
        window.sessionStorage.setItem(asked, '1');
      } catch {
        // Frames without storage (about:blank).
      }
    },
    [TOKEN_KEY, storedToken(account), FEEDBACK_ASKED_KEY] as const,
  );
  const me = page.waitForResponse((r) => new URL(r.url()).pathname === `${API}/me`);
  await page.goto(options.path ?? '/');
  await seed.dispose();
  expect((await me).status(), `the stored session of ${account}@example.com`).toBe(200);
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

function findMail(dir: string, to: string, subject?: RegExp): MailFile | null {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse();
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
  return null;
}

/**
 * The newest e-mail to `to` in DATA_DIR/mail (the server writes .eml files when SMTP is off, each
 * renamed into place when complete): looked for now and again whenever the folder changes.
 */
export async function waitForMail(to: string, subject?: RegExp): Promise<MailFile> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail');
  fs.mkdirSync(dir, { recursive: true });
  return new Promise<MailFile>((resolve, reject) => {
    const finish = (error: Error | null, mail?: MailFile) => {
      clearTimeout(timer);
      watcher.close();
      if (error) reject(error);
      else resolve(mail!);
    };
    const look = () => {
      try {
        const mail = findMail(dir, to, subject);
        if (mail) finish(null, mail);
      } catch (error) {
        finish(error as Error);
      }
    };
    const watcher = fs.watch(dir, look);
    const timer = setTimeout(() => finish(new Error(`No e-mail to ${to} arrived`)), 30_000);
    look();
  });
}

/** The path and query of a link from an e-mail, to open on the test server. */
export function localPath(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/**
 * A practice user of a test's own: the demo doctor invites a new e-mail to Bright Smiles
 * Orthodontics and the person creates the account from the mailed link (so no shared demo
 * account changes). Ends signed out, on /login.
 */
export async function invitedUser(
  page: Page,
  who: { prefix: string; firstName: string; lastName: string },
): Promise<{ email: string; password: string }> {
  const email = `${who.prefix}.${Date.now()}@example.test`;
  const password = 'Welcome123';
  await signIn(page, 'doctor@example.com');
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  const headers = { authorization: `Bearer ${token}` };
  const me = await (await page.request.get(`${API}/me`, { headers })).json();
  const invited = await page.request.post(`${API}/organizations/${me.current_organization_id}/invite`, {
    headers,
    data: { email, role: 'organization_member' },
  });
  expect(invited.status()).toBeLessThan(300);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const link = (await waitForMail(email)).links.find((l) => l.includes('/create-user?token='));
  await page.goto(localPath(link!));
  await page.getByLabel(/^First Name/).fill(who.firstName);
  await page.getByLabel(/^Last Name/).fill(who.lastName);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Confirm Password/).fill(password);
  await waitForAltcha(page);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  return { email, password };
}

export const test = base;
export { expect };
