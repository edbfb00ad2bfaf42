import { asUser, expect, expectAccessible, test, waitForMail } from '../support/fixtures.ts';

test.describe('organizations list', () => {
  test('admin searches the list and sees the quick glance of an organization', async ({ page }) => {
    await asUser(page, 'admin', { path: '/organizations' });
    await expect(page.getByRole('heading', { name: 'Organizations', level: 1 })).toBeVisible();
    const rows = page.getByTestId('organization-row');
    await expect(rows.filter({ hasText: 'Bright Smiles Orthodontics' })).toContainText('BSO-100200');
    await expectAccessible(page);

    // A row opens to list the organization's users and their roles.
    const toggle = page.getByRole('button', { name: 'Users of Bright Smiles Orthodontics' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const members = page.getByRole('table', { name: 'Users of Bright Smiles Orthodontics' });
    // The four demo members (specs running beside this one may have invited more).
    for (const email of ['doctor', 'manager', 'member', 'multi']) {
      await expect(members.getByTestId('member-row').filter({ hasText: `${email}@example.com` })).toHaveCount(
        1,
      );
    }
    await expect(members.getByTestId('member-row').filter({ hasText: 'doctor@example.com' })).toContainText(
      'Organization Owner',
    );
    await expectAccessible(page);
    await toggle.click();
    await expect(members).toHaveCount(0);

    await page.getByRole('searchbox', { name: 'Search' }).fill('Summit Dent');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Summit Dental Group');
    await expect(rows.first()).toContainText('SDG-300400');

    await rows.first().getByText('Summit Dental Group').hover();
    await expect(page.getByTestId('quick-glance')).toContainText('SDG-300400');

    await page.getByRole('searchbox', { name: 'Search' }).fill('no-such-organization-here');
    await expect(page.getByText('No organizations found.')).toBeVisible();
  });

  test('admin invites an e-mail to create an organization; the invitation is mailed', async ({ page }) => {
    await asUser(page, 'admin', { path: '/organizations' });
    const invite = page.getByRole('form', { name: 'Invite to create an organization' });
    const email = invite.getByRole('textbox', { name: /^Invite by email/ });
    const send = invite.getByRole('button', { name: 'Send Invite' });
    await expect(send).toBeDisabled();
    await email.fill('not-an-email');
    await email.blur();
    await expect(invite.getByText('Email is invalid')).toBeVisible();
    await expect(send).toBeDisabled();
    await expectAccessible(page);

    const address = `new-practice-${Date.now()}@example.com`;
    await email.fill(address);
    await send.click();
    await expect(page.getByText('The invitation to create an organization has been sent.')).toBeVisible();
    await expect(email).toHaveValue('');
    const mail = await waitForMail(address);
    expect(mail.links.some((l) => l.includes('/sign-up?token='))).toBe(true);
  });

  test('a lab partner opens the list', async ({ page }) => {
    await asUser(page, 'partner', { path: '/organizations' });
    await expect(page.getByRole('heading', { name: 'Organizations', level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Organizations' })).toBeVisible();
    await expectAccessible(page);
  });
});
