import type { Browser, Locator, Page } from '@playwright/test';
import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';

/**
 * The onboarding checklist on Cedar Ridge Orthodontics (demo: In Progress, 2 of 11 steps done, the
 * practice completes steps 3 and 4 itself). The tests run in order: the practice first, then staff.
 */
const PRACTICE = 'cedar@example.com';
const ORGANIZATION = 'Cedar Ridge Orthodontics';

test.describe.configure({ mode: 'serial' });

function checklist(page: Page) {
  return page.getByRole('dialog', { name: /Onboarding Checklist/ });
}

function step(scope: Locator, title: string) {
  return scope.getByTestId('onboarding-step').filter({ hasText: title });
}

async function practicePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await asUser(page, PRACTICE);
  return page;
}

test.describe('onboarding checklist', () => {
  test('the practice sees the checklist open by itself once, completes its own steps and sees progress', async ({
    page,
  }) => {
    await asUser(page, PRACTICE);
    const dialog = checklist(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(ORGANIZATION);
    await expect(dialog).toContainText('2 of 11 steps completed');
    await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '18');
    await expect(step(dialog, 'Kick-off call held')).toHaveAttribute('data-state', 'done');
    await expect(step(dialog, 'Install the DIBS desktop software')).toHaveAttribute('data-state', 'next');
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Mark as done' }).click();
    await expect(page.getByText('Onboarding details successfully updated.')).toBeVisible();
    await expect(dialog).toContainText('3 of 11 steps completed');
    await expect(step(dialog, 'Install the DIBS desktop software')).toHaveAttribute('data-state', 'done');
    await expect(step(dialog, 'Add locations and team members')).toHaveAttribute('data-state', 'next');

    // Closed, it stays closed for the rest of the session; the top bar icon opens it again.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Onboarding Checklist' })).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Onboarding Checklist' }).click();
    await expect(dialog).toContainText('3 of 11 steps completed');

    // Step 4 finishes the first phase: it folds away and can be opened again.
    await dialog.getByRole('button', { name: 'Mark as done' }).click();
    await expect(dialog).toContainText('4 of 11 steps completed');
    const kickOff = dialog.getByRole('button', { name: /Kick Off Call/ });
    await expect(kickOff).toContainText('Completed');
    await expect(kickOff).toHaveAttribute('aria-expanded', 'false');
    await kickOff.click();
    await expect(kickOff).toHaveAttribute('aria-expanded', 'true');
    await expect(step(dialog, 'Schedule the kick-off call')).toHaveAttribute('data-state', 'done');

    // Step 5 is the onboarding team's: no button for the practice.
    await expect(step(dialog, 'Scan the first patient')).toHaveAttribute('data-state', 'next');
    await expect(step(dialog, 'Scan the first patient')).toContainText(
      'Our onboarding team completes this step.',
    );
    await expect(dialog.getByRole('button', { name: 'Mark as done' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('staff filter the onboardings, open one and proceed; the practice sees it live', async ({
    page,
    browser,
  }) => {
    await asUser(page, 'admin', { path: '/onboardings' });
    await expect(page.getByRole('heading', { level: 1, name: 'Onboardings' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Onboardings' });
    for (const column of ['Organization', 'Status', 'Current Step', 'Signup Date'])
      await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
    await expect(page.getByTestId('onboarding-row').first()).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Organization Name').fill('Cedar Ridge');
    await expect(page.getByTestId('onboarding-row')).toHaveCount(1);
    const row = page.getByTestId('onboarding-row');
    await expect(row).toContainText(ORGANIZATION);
    await expect(row).toContainText('In Progress');
    await expect(row).toContainText('4 of 11');

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Completed' }).click();
    await expect(table).toContainText('No onboardings found.');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'In Progress' }).click();
    await expect(page.getByTestId('onboarding-row')).toHaveCount(1);

    await row.getByRole('link', { name: `Show ${ORGANIZATION}` }).click();
    await expect(page).toHaveURL(/\/onboardings\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: ORGANIZATION })).toBeVisible();
    const allowed = page.getByTestId('doctor-allowed-steps');
    await expect(allowed).toContainText('3. Install the DIBS desktop software');
    await expect(allowed).toContainText('4. Add locations and team members');
    await expect(page.getByText('4 of 11 steps completed')).toBeVisible();
    await expectAccessible(page);

    // The practice keeps its checklist open while staff proceed (a new browser session: it opens
    // by itself again, the onboarding being below step 8).
    const practice = await practicePage(browser);
    const dialog = checklist(practice);
    await expect(dialog).toContainText('4 of 11 steps completed');

    await page.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByText('Onboarding details successfully updated.')).toBeVisible();
    await expect(page.getByText('5 of 11 steps completed')).toBeVisible();
    await expect(dialog).toContainText('5 of 11 steps completed');
    await expect(step(dialog, 'Scan the first patient')).toHaveAttribute('data-state', 'done');

    // Staff fill in a checklist input; an emptied required value is refused in the form.
    const attendees = page.getByRole('textbox', { name: 'Training attendees' });
    await attendees.fill('Dr. Cedric Ridge, Front desk');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Onboarding details successfully updated.').first()).toBeVisible();
    await expect(page.getByText('Training attendees: Dr. Cedric Ridge, Front desk')).toBeVisible();
    await attendees.fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Training attendees is required.')).toBeVisible();
    await practice.context().close();
  });
});
