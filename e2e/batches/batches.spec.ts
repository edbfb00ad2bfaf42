import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';

test.describe('print batches', () => {
  test('an admin builds a batch from the batch-mode case list, edits it and empties it', async ({ page }) => {
    test.slow();
    await asUser(page, 'admin', { path: '/patients-page' });
    await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible({ timeout: 45_000 });
    await page.getByRole('button', { name: 'Batch mode' }).click();
    await expect(page.getByRole('columnheader', { name: 'Parts' })).toBeVisible();
    const create = page.getByRole('button', { name: 'Create Batch' });
    await expect(create).toBeDisabled();

    // Two cases whose open print requests are in no batch yet.
    const choices = page.getByRole('checkbox', { name: /^Select .+ for a batch$/ });
    await expect(choices.nth(1)).toBeVisible();
    const names: string[] = [];
    for (const i of [0, 1]) {
      const label = (await choices.nth(i).getAttribute('aria-label'))!;
      names.push(label.replace(/^Select /, '').replace(/ for a batch$/, ''));
      await choices.nth(i).check();
    }
    await expect(page.getByText('2 selected')).toBeVisible();
    await expectAccessible(page);
    await create.click();

    const dialog = page.getByRole('dialog', { name: 'Create Batch' });
    const name = `Evening run ${Date.now()}`;
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create' }).click();
    // Cases whose trays are not generated yet ask to confirm first.
    const proceed = page.getByRole('button', { name: 'Proceed' });
    const visit = page.getByRole('link', { name: 'Visit Batch' });
    await expect(proceed.or(visit)).toBeVisible();
    if (await proceed.isVisible()) {
      await expect(
        page.getByText("The batch contains patient(s) that haven't finished the tray generation."),
      ).toBeVisible();
      await proceed.click();
    }
    await visit.click();

    await expect(page).toHaveURL(/\/batches\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const cases = page.getByRole('table', { name: 'Cases' });
    for (const n of names) await expect(cases.getByRole('cell', { name: n, exact: true })).toBeVisible();
    await expect(page.getByLabel('Status')).toHaveValue('New');
    await expectAccessible(page);

    // The form: Update only when changed and valid.
    const update = page.getByRole('button', { name: 'Update' });
    await expect(update).toBeDisabled();
    await page.getByLabel('Notes').fill('Resin lot 2611-B');
    await update.click();
    await expect(page.getByText('Batch updated successfully')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Notes')).toHaveValue('Resin lot 2611-B');

    // Removing the cases: the last one removes the batch and returns to the list.
    await page.getByRole('button', { name: `Remove ${names[0]} from the batch` }).click();
    let confirm = page.getByRole('dialog', { name: 'Remove case from batch' });
    await expect(
      confirm.getByText(`Are you sure you want to remove "${names[0]}" from the batch?`),
    ).toBeVisible();
    await expect(confirm.getByText('(Warning: Removing this case will also remove the batch)')).toHaveCount(
      0,
    );
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(cases.getByRole('cell', { name: names[0], exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: `Remove ${names[1]} from the batch` }).click();
    confirm = page.getByRole('dialog', { name: 'Remove case from batch' });
    await expect(confirm.getByText('(Warning: Removing this case will also remove the batch)')).toBeVisible();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page).toHaveURL(/\/batches$/);
    await page.getByLabel('Search by batch name').fill(name);
    await expect(page.getByText('No batches found.')).toBeVisible();
  });

  test('staff find a batch by name and status; a completed batch keeps its cases', async ({ page }) => {
    await asUser(page, 'tech', { path: '/batches' });
    await expect(page.getByRole('heading', { level: 1, name: 'Batches' })).toBeVisible({ timeout: 45_000 });
    await page.getByLabel('Search by batch name').fill('print run');
    const table = page.getByRole('table', { name: 'Batches' });
    await expect(table.getByRole('row', { name: /Morning print run/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /Afternoon print run/ })).toBeVisible();
    await page.getByRole('button', { name: 'In Progress', exact: true }).click();
    await expect(table.getByRole('row', { name: /Afternoon print run/ })).toHaveCount(0);
    await expect(table.getByRole('row', { name: /Morning print run/ })).toContainText('In Progress');
    await expectAccessible(page);

    await page.getByLabel('Search by batch name').fill('Rush cases');
    await page.getByRole('button', { name: 'Completed', exact: true }).click();
    await page.getByRole('link', { name: 'View batch Rush cases' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rush cases' })).toBeVisible();
    const removes = page.getByRole('button', { name: /^Remove .+ from the batch$/ });
    await expect(removes).toHaveCount(2);
    for (const b of await removes.all()) await expect(b).toBeDisabled();
    const view = page.getByRole('link', { name: /^View workflow of / }).first();
    await expect(view).toHaveAttribute('target', '_blank');
    await expect(view).toHaveAttribute('href', /\/patient-workflow\/\d+$/);
  });

  test('the workflow card: a process of the batch is started and finished, and the batch read again', async ({
    page,
  }) => {
    // The super admin: the technician's own tasks belong to the patient workflow specs.
    await asUser(page, 'superadmin', { path: '/batches' });
    await expect(page.getByRole('heading', { level: 1, name: 'Batches' })).toBeVisible({ timeout: 45_000 });
    await page.getByLabel('Search by batch name').fill('Afternoon print run');
    await page.getByRole('link', { name: 'View batch Afternoon print run' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Afternoon print run' })).toBeVisible();

    const card = page.getByRole('region', { name: 'Workflow' });
    const table = card.getByRole('table', { name: 'Batch workflow' });
    const first = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Generate Tray' }) });
    await expect(first).toContainText('Pending');
    await expect(table.getByRole('button', { name: 'Start Generate QA' })).toHaveCount(0);
    await expectAccessible(page);

    const batchReads = () =>
      page.waitForResponse(
        (r) => /\/batches\/\d+$/.test(new URL(r.url()).pathname) && r.request().method() === 'GET',
      );
    let reread = batchReads();
    await first.getByRole('button', { name: 'Start Generate Tray' }).click();
    await expect(page.getByText('Process started.')).toBeVisible();
    await reread;
    await expect(first).toContainText('In Progress');
    await expect(first).toContainText('Sam Super');

    reread = batchReads();
    await first.getByRole('button', { name: 'Finish Generate Tray' }).click();
    await expect(page.getByText('Process finished.')).toBeVisible();
    await reread;
    await expect(first).toContainText('Completed');
    const second = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Generate QA' }) });
    await expect(second.getByRole('button', { name: 'Start Generate QA' })).toBeVisible();
    await page.reload();
    await expect(first).toContainText('Completed');

    // At 390 px the table scrolls inside its own region, which the keyboard reaches.
    await page.setViewportSize({ width: 390, height: 844 });
    const region = card.getByRole('region', { name: 'Batch workflow, scrollable' });
    await expect(region).toBeVisible();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      view: document.documentElement.clientWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.view);
    await region.focus();
    await expect(region).toBeFocused();
    await expectAccessible(page);
  });

  test('a doctor has no batches: the sidebar does not offer them and the address is refused', async ({
    page,
  }) => {
    await asUser(page, 'doctor', { path: '/patients' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 45_000 });
    await expect(page.getByRole('link', { name: 'Batches' })).toHaveCount(0);
    await page.goto('/batches');
    await expect(page.getByRole('heading', { name: 'Batches' })).toHaveCount(0);
  });
});
