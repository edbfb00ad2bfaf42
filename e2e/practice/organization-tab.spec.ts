import type { Page } from '@playwright/test';
import { API, asUser, expect, expectAccessible, localPath, test, waitForMail } from '../support/fixtures.ts';

async function openOrganizationTab(page: Page, email: string) {
  await asUser(page, email, { path: '/account?tab=6' });
  await expect(page.getByRole('tab', { name: 'Organization' })).toHaveAttribute('aria-selected', 'true');
}

interface ApiMember {
  id: number;
  email: string;
  pivot: { role: string };
}

/** The organization's members as the API returns them to the signed-in user. */
async function apiMembers(page: Page): Promise<ApiMember[]> {
  const token = await page.evaluate(() => window.localStorage.getItem('archline.access_token'));
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await page.request.get(`${API}/me`, { headers })).json()) as {
    current_organization_id: number;
  };
  const response = await page.request.get(`${API}/organizations/${me.current_organization_id}/list_members`, {
    headers,
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ApiMember[] }).data;
}

test.describe('account page, Organization tab', () => {
  test('the owner sees the information, assigned locations, members and the invite form', async ({
    page,
  }) => {
    await openOrganizationTab(page, 'doctor@example.com');
    const info = page.getByRole('region', { name: 'Organization Information' });
    await expect(info).toContainText('Bright Smiles Orthodontics');
    await expect(info).toContainText('Account Number: BSO-100200');
    await expect(info.getByText('Organization Disabled')).toHaveCount(0);

    const locations = page
      .getByRole('region', { name: 'Assigned Locations', exact: true })
      .getByRole('table');
    await expect(locations.getByRole('columnheader')).toHaveText(['Name', 'Address', 'Created At']);
    await expect(locations).toContainText('Denver Main Office');
    await expect(locations).toContainText('Boulder Office');

    const members = page.getByRole('region', { name: 'Members', exact: true });
    await expect(members.getByRole('row', { name: /Casey Member/ })).toContainText('Organization Member');
    // Nobody removes themselves; an owner removes members but not managers without remove-manager.
    await expect(members.getByRole('button', { name: 'Remove Dana Doctor' })).toHaveCount(0);
    await expect(members.getByRole('button', { name: 'Remove Morgan Manager' })).toHaveCount(0);
    await expect(members.getByRole('button', { name: 'Remove Casey Member' })).toBeVisible();

    const invite = page.getByRole('region', { name: 'Invite Member' });
    await expect(invite.getByRole('combobox', { name: 'Role' })).toHaveText('Organization Member');
    await invite.getByRole('combobox', { name: 'Role' }).click();
    await expect(page.getByRole('option')).toHaveText(['Organization Owner', 'Organization Member']);
    await page.keyboard.press('Escape');
    await invite.getByRole('button', { name: 'Invite' }).click();
    await expect(invite.getByText('Required')).toBeVisible();
    await invite.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await invite.getByRole('button', { name: 'Invite' }).click();
    await expect(invite.getByText('Email is invalid')).toBeVisible();
    await expectAccessible(page);
  });

  test('at 390 px the wide tables scroll sideways as named regions a keyboard reaches', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openOrganizationTab(page, 'doctor@example.com');
    const members = page.getByRole('region', { name: 'Members', exact: true });
    await expect(members.getByRole('row', { name: /Casey Member/ })).toBeVisible();
    const scroller = members.getByRole('region', { name: 'Members, scrollable' });
    await expect(scroller).toHaveAttribute('tabindex', '0');
    await scroller.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => scroller.evaluate((e) => e.scrollLeft)).toBeGreaterThan(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  });

  test('a member without organization.update sees neither the invite form nor the members', async ({
    page,
  }) => {
    await openOrganizationTab(page, 'member@example.com');
    await expect(page.getByRole('region', { name: 'Organization Information' })).toContainText(
      'Bright Smiles Orthodontics',
    );
    await expect(page.getByRole('region', { name: 'Assigned Locations', exact: true })).toContainText(
      'Denver Main Office',
    );
    await expect(page.getByRole('region', { name: 'Invite Member' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Members', exact: true })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Billing Address' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Additional Office Staff' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Delete Organization' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('invitation end to end: invite, e-mail, confirm, the member appears with the chosen role', async ({
    page,
    browser,
  }) => {
    // An existing user of another practice is invited; the e-mail links to /confirm-invitation.
    const email = 'blake@summit.example.com';
    await openOrganizationTab(page, 'doctor@example.com');
    const invite = page.getByRole('region', { name: 'Invite Member' });
    await invite.getByRole('textbox', { name: 'Email' }).fill(email);
    await invite.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Organization Owner' }).click();
    await invite.getByRole('button', { name: 'Invite' }).click();
    await expect(page.getByText('The invitation has been sent.')).toBeVisible();
    // The form resets on success.
    await expect(invite.getByRole('textbox', { name: 'Email' })).toHaveValue('');
    await expect(invite.getByRole('combobox', { name: 'Role' })).toHaveText('Organization Member');

    const mail = await waitForMail(email, /^Invitation to join /);
    const link = mail.links.find((l) => l.includes('/confirm-invitation'));
    expect(link).toBeDefined();
    const context = await browser.newContext();
    const invited = await context.newPage();
    await invited.goto(localPath(link!));
    await expect(invited.getByText('The invitation was confirmed. Please, try to log in now.')).toBeVisible();
    await context.close();

    await page.reload();
    const members = page.getByRole('region', { name: 'Members', exact: true });
    const row = members.getByRole('row', { name: /Blake Stone/ });
    await expect(row).toContainText(email);
    await expect(row).toContainText('Organization Owner');
    const saved = (await apiMembers(page)).find((m) => m.email === email);
    expect(saved?.pivot.role).toBe('organization_owner');
    // An owner is removed only with organizations.manage: the practice's owner may not.
    await expect(members.getByRole('button', { name: 'Remove Blake Stone' })).toHaveCount(0);
  });

  test('the owner removes a member', async ({ page, browser }) => {
    const email = 'cameron@summit.example.com';
    await openOrganizationTab(page, 'doctor@example.com');
    const invite = page.getByRole('region', { name: 'Invite Member' });
    await invite.getByRole('textbox', { name: 'Email' }).fill(email);
    await invite.getByRole('button', { name: 'Invite' }).click();
    await expect(page.getByText('The invitation has been sent.')).toBeVisible();
    const mail = await waitForMail(email, /^Invitation to join /);
    const link = mail.links.find((l) => l.includes('/confirm-invitation'))!;
    const context = await browser.newContext();
    const invited = await context.newPage();
    await invited.goto(localPath(link));
    await expect(invited.getByText('The invitation was confirmed. Please, try to log in now.')).toBeVisible();
    await context.close();

    await page.reload();
    const members = page.getByRole('region', { name: 'Members', exact: true });
    await expect(members.getByRole('row', { name: /Cameron Peak/ })).toContainText('Organization Member');
    await members.getByRole('button', { name: 'Remove Cameron Peak' }).click();
    await expect(page.getByText('Member successfully removed.')).toBeVisible();
    await expect(members.getByRole('row', { name: /Cameron Peak/ })).toHaveCount(0);
    expect((await apiMembers(page)).some((m) => m.email === email)).toBe(false);
  });
  test('the owner saves the billing address with the spec validation', async ({ page }) => {
    await openOrganizationTab(page, 'doctor@example.com');
    const billing = page.getByRole('region', { name: 'Billing Address' });
    const field = (name: string) => billing.getByRole('textbox', { name, exact: true });
    await expect(field('Email')).toHaveValue('billing@brightsmiles.example.com');
    await expect(field('Country')).toHaveValue('USA');
    await field('First Name').fill('');
    await field('Phone Number').fill('+0123');
    await field('State').fill('COL');
    await field('City').click();
    await expect(billing.getByText('Required')).toBeVisible();
    await expect(billing.getByText('Invalid phone number.')).toBeVisible();
    await expect(billing.getByText('State must be exactly 2 characters.')).toBeVisible();
    await expectAccessible(page);

    await field('First Name').fill('Dana');
    await field('Phone Number').fill('+13035550100');
    await field('State').fill('CO');
    await field('City').fill('Aurora');
    await billing.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Billing address successfully saved.')).toBeVisible();

    const token = await page.evaluate(() => window.localStorage.getItem('archline.access_token'));
    const headers = { authorization: `Bearer ${token}` };
    const me = (await (await page.request.get(`${API}/me`, { headers })).json()) as {
      current_organization_id: number;
    };
    const response = await page.request.get(`${API}/organizations/${me.current_organization_id}`, {
      headers,
    });
    const { organization } = (await response.json()) as {
      organization: { payment_info: { billing_address: { city: string; phone_number: string } } };
    };
    expect(organization.payment_info.billing_address).toMatchObject({
      city: 'Aurora',
      phone_number: '+13035550100',
    });
  });
  test('a disabled organization shows the chip and hides invite, members and billing', async ({ page }) => {
    await openOrganizationTab(page, 'owner@lakeside.example.com');
    const info = page.getByRole('region', { name: 'Organization Information' });
    await expect(info).toContainText('Lakeside Smiles');
    await expect(info.getByText('Organization Disabled')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Assigned Locations', exact: true })).toContainText(
      'Lakeside Office',
    );
    for (const name of ['Invite Member', 'Additional Office Staff', 'Members', 'Billing Address'])
      await expect(page.getByRole('region', { name })).toHaveCount(0);
    await expectAccessible(page);
  });
  test('the owner edits the additional office staff with the spec messages', async ({ page }) => {
    await openOrganizationTab(page, 'doctor@example.com');
    const staff = page.getByRole('region', { name: 'Additional Office Staff' });
    const first = staff.getByRole('group', { name: 'Contact 1' });
    await expect(first.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(
      'riley@brightsmiles.example.com',
    );
    await staff.getByRole('button', { name: 'Add Contact' }).click();
    const added = staff.getByRole('group', { name: 'Contact 2' });
    await added.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
    await staff.getByRole('button', { name: 'Save' }).click();
    await expect(added.getByText('First Name is required')).toBeVisible();
    await expect(added.getByText('Title is required')).toBeVisible();
    await expect(added.getByText('Email is invalid')).toBeVisible();
    await expectAccessible(page);

    await added.getByRole('textbox', { name: 'First Name', exact: true }).fill('Sam');
    await added.getByRole('textbox', { name: 'Title', exact: true }).fill('Treatment Coordinator');
    await added.getByRole('textbox', { name: 'Email', exact: true }).fill('sam@brightsmiles.example.com');
    await staff.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Contacts successfully saved.')).toBeVisible();

    const token = await page.evaluate(() => window.localStorage.getItem('archline.access_token'));
    const headers = { authorization: `Bearer ${token}` };
    const me = (await (await page.request.get(`${API}/me`, { headers })).json()) as {
      current_organization_id: number;
    };
    const response = await page.request.get(`${API}/organizations/${me.current_organization_id}/contacts`, {
      headers,
    });
    const { contacts } = (await response.json()) as { contacts: { email: string; title: string }[] };
    expect(contacts.map((c) => c.email).sort()).toEqual([
      'riley@brightsmiles.example.com',
      'sam@brightsmiles.example.com',
    ]);
  });
  test('an organization with patients is not deleted; the server says why', async ({ page }) => {
    await openOrganizationTab(page, 'doctor@example.com');
    await page
      .getByRole('region', { name: 'Delete Organization' })
      .getByRole('button', { name: 'Delete Organization' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete Organization' });
    await expect(dialog).toContainText('Bright Smiles Orthodontics');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(
      page.getByText(
        'The organization has patients or invoices and cannot be deleted. Please archive it instead.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Organization Information' })).toContainText(
      'Bright Smiles Orthodontics',
    );
  });

  test('the owner deletes an organization without records', async ({ page }) => {
    await asUser(page, 'owner@harborview.example.com', { path: '/account?tab=6' });
    // Harbor View is still onboarding: its checklist opens once per session over the page.
    const checklist = page.getByRole('dialog', { name: /Onboarding Checklist/ });
    await expect(checklist).toBeVisible();
    await checklist.getByRole('button', { name: 'Close' }).click();
    await expect(checklist).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Organization' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('region', { name: 'Organization Information' })).toContainText(
      'Harbor View Dental',
    );
    await page
      .getByRole('region', { name: 'Delete Organization' })
      .getByRole('button', { name: 'Delete Organization' })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete Organization' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Organization successfully deleted.')).toBeVisible();
    const token = await page.evaluate(() => window.localStorage.getItem('archline.access_token'));
    const me = (await (
      await page.request.get(`${API}/me`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      organizations: { name: string }[];
    };
    expect(me.organizations.map((o) => o.name)).not.toContain('Harbor View Dental');
  });
});
