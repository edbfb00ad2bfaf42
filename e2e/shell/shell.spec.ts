import type { Page } from '@playwright/test';
import {
  API,
  asUser,
  expect,
  expectAccessible,
  MANAGEMENT_ACCOUNTS,
  signIn,
  test,
} from '../support/fixtures.ts';

/**
 * Opens the account page inside the shell as the demo account. `ownSession`: signs in through the
 * screen for a session of the test's own, for tests that end it.
 */
async function openShell(page: Page, account: string, ownSession = false) {
  if (ownSession) {
    await signIn(page, `${account}@example.com`, { management: MANAGEMENT_ACCOUNTS.has(account) });
    await page.goto('/account');
  } else await asUser(page, account, { path: '/account' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

function sidebarLinks(page: Page) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link');
}

const SIDEBARS: Record<string, string[]> = {
  superadmin: [
    'Dashboard',
    'Patients',
    'Batches',
    'Organizations & Users',
    'Promotion Codes',
    'Account',
    'Reports',
    'Settings',
  ],
  admin: [
    'Dashboard',
    'Patients',
    'Batches',
    'Organizations & Users',
    'Promotion Codes',
    'Account',
    'Settings',
  ],
  tech: ['Dashboard', 'Patients', 'Batches', 'Organizations & Users', 'Account', 'Settings'],
  supervisor: [
    'Dashboard',
    'Patients',
    'Batches',
    'Organizations & Users',
    'Promotion Codes',
    'Account',
    'Settings',
  ],
  partner: ['Dashboard', 'Patients', 'Organizations', 'Account'],
  doctor: [
    'Patients',
    'Start a New Case',
    'Locations',
    'Bracket Inventory',
    'Custom Bracket Sets',
    'Account',
  ],
  manager: [
    'Patients',
    'Start a New Case',
    'Locations',
    'Bracket Inventory',
    'Custom Bracket Sets',
    'Account',
  ],
  member: ['Patients', 'Start a New Case', 'Bracket Inventory', 'Custom Bracket Sets', 'Account'],
};

/**
 * Entries whose pages the portal has built; the sidebar offers only those, in the table's order.
 * A feature that adds its page adds its label here.
 */
const BUILT = new Set([
  'Dashboard',
  'Patients',
  'Account',
  'Organizations & Users',
  'Organizations',
  'Locations',
  'Settings',
  'Start a New Case',
  'Reports',
  'Batches',
  'Bracket Inventory',
  'Custom Bracket Sets',
  'Promotion Codes',
]);
/** Settings shows once one of its built tabs is open to the user (Customize RxForm: super_admin, admin). */
const SETTINGS_TAB_HOLDERS = new Set(['superadmin', 'admin']);

test.describe('sidebar', () => {
  for (const [account, entries] of Object.entries(SIDEBARS)) {
    test(`${account}@example.com sees the entries of the sidebar table whose pages exist`, async ({
      page,
    }) => {
      await openShell(page, account);
      await expect(sidebarLinks(page)).toHaveText(
        entries.filter((e) => BUILT.has(e) && (e !== 'Settings' || SETTINGS_TAB_HOLDERS.has(account))),
      );
    });
  }

  test('practice header: user name, organization, account number and organization role', async ({ page }) => {
    await openShell(page, 'doctor');
    const header = page.getByTestId('sidebar-header');
    await expect(header).toContainText('Bright Smiles Orthodontics');
    await expect(header).toContainText('Account Number: BSO-100200');
    await expect(header).toContainText('Organization Owner');
  });

  test('management header: user name and role; links point to their routes', async ({ page }) => {
    await openShell(page, 'tech');
    await expect(page.getByTestId('sidebar-header')).toContainText('Technician');
    await expect(sidebarLinks(page).filter({ hasText: 'Account' })).toHaveAttribute('href', '/account');
    await expect(sidebarLinks(page).filter({ hasText: 'Account' })).toHaveAttribute('aria-current', 'page');
  });

  test('the drawer is 240 wide and persistent at the large breakpoint, temporary below', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await openShell(page, 'doctor');
    const drawer = page.locator('#app-sidebar .MuiDrawer-paper');
    await expect(drawer).toBeVisible();
    expect((await drawer.boundingBox())?.width).toBe(240);
    // Below lg the sidebar opens over the page and closes after navigating.
    await page.setViewportSize({ width: 800, height: 900 });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expectAccessible(page);
    await sidebarLinks(page).filter({ hasText: 'Account' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  });

  test('footer shows the current year; the promotion banner shows for practice users only', async ({
    page,
    browser,
  }) => {
    await openShell(page, 'doctor');
    await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));
    await expect(page.getByText('Now Offering Aligners!')).toBeVisible();
    await page.getByRole('button', { name: 'Details' }).click();
    await expect(page.getByRole('dialog', { name: 'Now Offering Aligners!' })).toBeVisible();
    await expectAccessible(page);

    const admin = await browser.newPage();
    await openShell(admin, 'admin');
    await expect(admin.getByText('Now Offering Aligners!')).toHaveCount(0);
    await admin.close();

    // One aligner banner on the practice list, with the practices' announcement beside it.
    await page.keyboard.press('Escape');
    await page.goto('/patients');
    await expect(page.getByRole('alert').filter({ hasText: 'Holiday schedule' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: /aligner/i })).toHaveCount(1);
  });
});

test.describe('auto-login link', () => {
  test('opens the DIBS launcher, which never puts the session token in a link, for practice and management', async ({
    page,
  }) => {
    for (const account of ['doctor', 'admin']) {
      await openShell(page, account, true);
      const token = await page.evaluate(() => window.localStorage.getItem('archline.access_token'));
      expect(token).toBeTruthy();
      const link = page.getByRole('link', { name: 'Open DIBS desktop, signed in' });
      await expect(link).toHaveAttribute('href', '/dibs');
      const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(hrefs.filter((href) => href?.includes(token!))).toEqual([]);
      await page.getByRole('button', { name: 'Log out' }).click();
      await expect(page).toHaveURL(/\/(login|management)/);
    }
  });
});

test.describe('organization switcher', () => {
  test('hidden with one organization', async ({ page }) => {
    await openShell(page, 'doctor');
    await expect(page.getByRole('combobox', { name: 'Current organization' })).toHaveCount(0);
  });

  test('multi@example.com switches the current organization on the server and the shell follows', async ({
    page,
  }) => {
    await openShell(page, 'multi');
    const switcher = page.getByRole('combobox', { name: 'Current organization' });
    await expect(switcher).toBeVisible();
    const header = page.getByTestId('sidebar-header');
    const before = (await header.textContent()) ?? '';
    const target = before.includes('Bright Smiles Orthodontics') ? 'Riverside' : 'Bright Smiles Orthodontics';
    await switcher.click();
    await page.getByRole('option', { name: new RegExp(target) }).click();
    await expect(page.getByText('Current organization changed.')).toBeVisible();
    await expect(header).toContainText(target);
    await expect(header).toContainText(
      target === 'Riverside' ? 'Organization Manager' : 'Organization Member',
    );
    // The server keeps the choice.
    await page.reload();
    await expect(page.getByTestId('sidebar-header')).toContainText(target);
    await expect(page.getByRole('combobox', { name: 'Current organization' })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('notifications', () => {
  test('the bell shows the unread count; opening marks all read; clicking navigates to the link', async ({
    page,
  }) => {
    await openShell(page, 'doctor');
    // Other specs may notify the demo doctor meanwhile (holds, case notes): compare with the server.
    const notifications = () =>
      page.evaluate(async (api) => {
        const token = window.localStorage.getItem('archline.access_token');
        const res = await fetch(`${api}/notifications?per_page=100`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return (await res.json()) as {
          unread_count: number;
          data: { created_at: string; read_at: string | null }[];
        };
      }, API);
    const before = (await notifications()).unread_count;
    expect(before).toBeGreaterThanOrEqual(2);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
    const shown = Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')![1]);
    expect(shown).toBeGreaterThanOrEqual(before);
    await expect(page.getByTestId('notifications-badge')).toContainText(String(shown));
    const openedAt = new Date().toISOString();
    await bell.click();
    const menu = page.getByRole('menu', { name: 'Notifications' });
    await expect(menu.getByRole('menuitem', { name: /Welcome to Archline!/ })).toBeVisible();
    expect(await menu.getByRole('menuitem').count()).toBeGreaterThanOrEqual(shown);
    await expectAccessible(page);
    // Opening marked every notification that existed then as read.
    await expect
      .poll(
        async () => (await notifications()).data.filter((n) => n.created_at <= openedAt && !n.read_at).length,
      )
      .toBe(0);
    await menu.getByRole('menuitem', { name: /Welcome to Archline!/ }).click();
    await expect(page).toHaveURL(/\/patients$/);
  });

  test('another session of the same user sees the badge change live over its private channel', async ({
    page,
    context,
  }) => {
    await openShell(page, 'manager');
    const other = await context.newPage();
    await other.goto('/account');
    const otherBell = other.getByRole('button', { name: /^Notifications/ });
    // At least the demo's unread one; other tests may have notified the manager of their cases too.
    await expect(otherBell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('menu', { name: 'Notifications' })).toBeVisible();
    // No reload: the server's refresh-notifications event on user.{id} updates the other tab.
    await expect(otherBell).toHaveAccessibleName('Notifications');
    await other.close();
  });
});

test.describe('log out', () => {
  test('ends the session, clears the client state and guards the pages again', async ({ page }) => {
    await openShell(page, 'member', true);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('archline.access_token'))).toBeNull();
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login\?path=%2Faccount$/);
  });

  test('a management session ends too, and its token no longer works on the server', async ({ page }) => {
    await openShell(page, 'supervisor', true);
    const token = await page.evaluate(() => localStorage.getItem('archline.access_token'));
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/management$/);
    await expect(page.getByText('Sign in to Admin Dashboard')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('archline.access_token'))).toBeNull();
    const me = await page.request.get('/services/api/v2/me', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status()).toBe(401);
  });
});
