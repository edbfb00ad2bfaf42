import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';

const ORGANIZATION = 'Summit Dental Group';

/** Opens the organization from the list; answers its id. */
async function openOrganization(page: Page, account: string): Promise<number> {
  await asUser(page, account, { path: '/organizations' });
  await page.getByRole('searchbox', { name: 'Search' }).fill(ORGANIZATION);
  await expect(page.getByTestId('organization-row')).toHaveCount(1);
  await page.getByRole('link', { name: ORGANIZATION }).click();
  await expect(page).toHaveURL(/\/organizations\/\d+$/);
  await expect(page.getByRole('heading', { name: ORGANIZATION, level: 1 })).toBeVisible();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

test.describe('assignment configuration', () => {
  test('super admin edits both configurations, the rules hold, a reload and a new case show them', async ({
    page,
  }) => {
    // Three screens and three full-page scans on a shared machine.
    test.slow();
    const organizationId = await openOrganization(page, 'superadmin');
    const section = page.getByRole('region', { name: 'Assignment Configuration' });
    await expect(section).toBeVisible();
    // Without a third party partner the Third Party option is not offered.
    await expect(section.getByText('This organization has no third party partner')).toBeVisible();
    await expect(section.getByRole('checkbox', { name: 'Third Party' })).toHaveCount(0);
    await expectAccessible(page);

    // Initial setup: Save waits for a change, and for a valid one.
    const initial = section.getByRole('form', { name: 'Initial Setup Configuration' });
    const saveInitial = initial.getByRole('button', { name: 'Save' });
    await expect(saveInitial).toBeDisabled();
    await choose(page, initial, 'Default Initial Setup Assignment', 'In-Office');
    await expect(initial.getByText('The default assignment must be one of the options.')).toBeVisible();
    await expect(saveInitial).toBeDisabled();
    await initial
      .getByRole('group', { name: 'Initial Setup Assignment Options' })
      .getByRole('checkbox', { name: 'In-Office' })
      .check();
    await expect(initial.getByText('The default assignment must be one of the options.')).toHaveCount(0);
    await expect(saveInitial).toBeEnabled();
    await saveInitial.click();
    await expect(page.getByText('Initial setup configuration successfully saved.')).toBeVisible();
    await expect(saveInitial).toBeDisabled();

    // Print request: the insert-brackets default follows the print default.
    const print = section.getByRole('form', { name: 'Print Request Configuration' });
    const printOptions = print.getByRole('group', { name: 'Print Assignment Options' });
    const insertOptions = print.getByRole('group', { name: 'Insert Brackets Assignment Options' });
    await printOptions.getByRole('checkbox', { name: 'In-Office' }).check();
    await insertOptions.getByRole('checkbox', { name: 'In-Office' }).check();
    await choose(page, print, 'Default Print Assignment', 'Provider');
    await choose(page, print, 'Default Insert Brackets Assignment', 'In-Office');
    await print.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Print request configuration successfully saved.')).toBeVisible();
    await expectAccessible(page);

    await page.reload();
    const reloaded = page.getByRole('region', { name: 'Assignment Configuration' });
    await expect(
      reloaded.getByRole('combobox', { name: 'Default Initial Setup Assignment', exact: true }),
    ).toHaveText('In-Office');
    await expect(
      reloaded.getByRole('combobox', { name: 'Default Insert Brackets Assignment', exact: true }),
    ).toHaveText('In-Office');
    await expect(
      reloaded
        .getByRole('group', { name: 'Print Assignment Options' })
        .getByRole('checkbox', { name: 'In-Office' }),
    ).toBeChecked();

    // A new case of the organization starts with the configured assignments.
    await page.goto(`/organizations/${organizationId}/rx-forms/add`);
    await expect(page.getByRole('combobox', { name: 'Initial Setup Assignment', exact: true })).toHaveText(
      'In-Office',
    );
    await expect(page.getByRole('combobox', { name: 'Print Assignment', exact: true })).toHaveText(
      'Provider',
    );
    await expect(page.getByRole('combobox', { name: 'Insert Brackets Assignment', exact: true })).toHaveText(
      'In-Office',
    );
  });

  test('at 390 px the section is usable; staff without the permission do not see it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openOrganization(page, 'admin');
    const section = page.getByRole('region', { name: 'Assignment Configuration' });
    await section.scrollIntoViewIfNeeded();
    await expect(
      section.getByRole('combobox', { name: 'Default Print Assignment', exact: true }),
    ).toBeVisible();
    // The section's own scan (the page's whole scan runs at desktop width above).
    const results = await new AxeBuilder({ page })
      .include('section[aria-labelledby="assignment-configuration-title"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    // Keyboard: the options and Save are reachable in order.
    const firstOption = section
      .getByRole('group', { name: 'Initial Setup Assignment Options' })
      .getByRole('checkbox', { name: 'Provider' });
    await firstOption.focus();
    await page.keyboard.press('Tab');
    await expect(
      section.getByRole('group', { name: 'Initial Setup Assignment Options' }).getByRole('checkbox', {
        name: 'In-Office',
      }),
    ).toBeFocused();

    await openOrganization(page, 'supervisor');
    await expect(page.getByRole('region', { name: 'Users', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Assignment Configuration' })).toHaveCount(0);
  });
});
