import fs from 'node:fs';
import path from 'node:path';
import { expect, test as setup } from '@playwright/test';
import { authFile, MANAGEMENT_ACCOUNTS, signIn, STORED_ACCOUNTS } from './fixtures.ts';

/**
 * Signs each demo account in once through the real login screen and stores the signed-in state;
 * the specs open the app with it (asUser) instead of signing in again. On the way it checks where
 * each account lands: staff and the lab partner on the dashboard, practices on their patients, a
 * practice still in its account setup on the wizard — a page with its content, never 'Page Not
 * Found'.
 */
setup.describe.configure({ mode: 'parallel' });

const LANDING: Record<(typeof STORED_ACCOUNTS)[number], string> = {
  superadmin: '/dashboard',
  admin: '/dashboard',
  tech: '/dashboard',
  supervisor: '/dashboard',
  partner: '/dashboard',
  doctor: '/patients',
  manager: '/patients',
  member: '/patients',
  multi: '/patients',
  cedar: '/patients',
  newdoctor: '/initial-setup',
};

for (const account of STORED_ACCOUNTS) {
  setup(`sign in ${account}@example.com`, async ({ page }) => {
    await signIn(page, `${account}@example.com`, { management: MANAGEMENT_ACCOUNTS.has(account) });
    await expect(page).toHaveURL((url) => url.pathname === LANDING[account]);
    // (A practice in onboarding sees its checklist over the page, which hides the page from the
    // accessibility tree: look at the page's own heading directly.)
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(page.getByText('Page Not Found')).toHaveCount(0);
    fs.mkdirSync(path.dirname(authFile(account)), { recursive: true });
    await page.context().storageState({ path: authFile(account) });
  });
}
