import type { Page } from '@playwright/test';
import { API, asUser, expect, expectAccessible, test } from '../support/fixtures.ts';

/** The signed-in user's bearer token, to read and restore what the API stores. */
async function token(page: Page): Promise<string> {
  return (await page.evaluate(() => window.localStorage.getItem('archline.access_token'))) ?? '';
}

async function apiCall<T>(
  page: Page,
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await page.request.fetch(`${API}${path}`, {
    method,
    headers: { authorization: `Bearer ${await token(page)}` },
    data,
  });
  expect(response.ok(), `${method} ${path}`).toBe(true);
  return (await response.json()) as T;
}

interface LayoutBody {
  form_builder: { id: number | null; organization_id: number | null; form_data: unknown };
}

/** The stored default layout, to put back afterwards so other specs see the usual RxForm. */
async function defaultLayout(page: Page) {
  return (await apiCall<LayoutBody>(page, 'GET', '/form-builder/default')).form_builder;
}

/** What a test changed, put back after it even when it fails (the page may be gone by then). */
let restore: { token: string; original: LayoutBody['form_builder'] } | null = null;

test.afterEach(async ({ request }) => {
  if (!restore) return;
  const headers = { authorization: `Bearer ${restore.token}` };
  const now = (await (await request.get(`${API}/form-builder/default`, { headers })).json()) as LayoutBody;
  if (now.form_builder.id !== null)
    await request.put(`${API}/form-builder/${now.form_builder.id}`, {
      headers,
      data: { form_data: restore.original.form_data },
    });
  restore = null;
});

/** Resolves once the page has rendered two more frames. */
async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

async function openSettings(page: Page, account = 'admin') {
  await asUser(page, account, { path: '/settings?tab=3' });
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}

async function openOrganization(page: Page, name: string) {
  await asUser(page, 'admin', { path: '/organizations' });
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await expect(page.getByTestId('organization-row')).toHaveCount(1);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

test.describe('form builder', () => {
  test('the Settings entry opens the first tab; Customize RxForm is one of them', async ({ page }) => {
    await asUser(page, 'admin', { path: '/account' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings/);
    // The first built tab opens; an admin holds Installers Management, Customize Fees, Announcements and Customize RxForm.
    await expect(page.getByRole('tab', { name: 'Installers Management' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tab')).toHaveText([
      'Installers Management',
      'Customize Fees',
      'Announcements',
      'Customize RxForm',
    ]);
    await page.getByRole('tab', { name: 'Customize RxForm' }).click();
    await expect(page).toHaveURL(/\/settings\?tab=3$/);
    await expect(page.getByRole('tab', { name: 'Customize RxForm' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const card = page.getByRole('region', { name: 'Customize Default RxForm' });
    await expect(card.getByTestId('built-in-field').first()).toBeVisible();
    await expect(card.getByTestId('built-in-field')).toHaveCount(24);
    await expectAccessible(page);
  });

  test('a technician has no Settings entry and no settings tab', async ({ page }) => {
    await asUser(page, 'tech', { path: '/account' });
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }),
    ).toHaveCount(0);
    await page.goto('/settings?tab=3');
    await expect(page.getByText("You don't have permission to access this section.")).toBeVisible();
  });

  test('build a layout with a required custom control, save it and see it in the preview', async ({
    page,
  }) => {
    await openSettings(page);
    restore = { token: await token(page), original: await defaultLayout(page) };
    {
      await page.getByRole('button', { name: 'Edit Form' }).click();
      const builder = page.getByRole('dialog', { name: 'Edit Default RxForm' });
      await expect(builder.getByRole('button', { name: 'Save Changes' })).toBeVisible();
      const sections = builder.getByTestId('builder-section');
      const before = await sections.count();

      // The rules show as disabled actions: built-in sections and columns stay.
      await expect(builder.getByRole('button', { name: 'Delete section 1' })).toBeDisabled();
      await expect(builder.getByRole('button', { name: 'Remove column 1 of section 1' })).toBeDisabled();

      await builder.getByRole('button', { name: 'Add Section' }).click();
      await expect(sections).toHaveCount(before + 1);
      const last = before + 1;
      // Column limit: 4 per section.
      for (let i = 0; i < 3; i += 1)
        await builder.getByRole('button', { name: `Add column to section ${last}` }).click();
      await expect(builder.getByRole('button', { name: `Add column to section ${last}` })).toBeDisabled();
      await builder.getByRole('button', { name: `Remove column 4 of section ${last}` }).click();
      await builder.getByRole('button', { name: `Remove column 3 of section ${last}` }).click();
      await builder.getByRole('button', { name: `Remove column 2 of section ${last}` }).click();
      await expect(
        builder.getByRole('button', { name: `Remove column 1 of section ${last}` }),
      ).toBeDisabled();

      // A new control opens its settings; Cancel removes it.
      await builder.getByRole('button', { name: `Add control to section ${last}, column 1` }).click();
      await page.getByRole('menuitem', { name: 'Dropdown' }).click();
      let settings = page.getByRole('dialog', { name: 'Dropdown settings' });
      await expect(settings).toBeVisible();
      await settings.getByRole('button', { name: 'Cancel' }).click();
      await expect(settings).toBeHidden();
      await expect(builder.getByTestId('builder-control').filter({ hasText: 'Dropdown' })).toHaveCount(0);

      // Add again: the rules answer per field, then a valid control is saved.
      await builder.getByRole('button', { name: `Add control to section ${last}, column 1` }).click();
      await page.getByRole('menuitem', { name: 'Radio Buttons' }).click();
      settings = page.getByRole('dialog', { name: 'Radio Buttons settings' });
      await expect(settings.getByText('No options available')).toBeVisible();
      await expect(settings.getByRole('button', { name: 'Delete' })).toHaveCount(0);
      await expectAccessible(page);
      await settings.getByRole('button', { name: 'Add Option' }).click();
      await settings.getByRole('button', { name: 'Add Option' }).click();
      await settings.getByRole('textbox', { name: 'Option 1', exact: true }).fill('Yes');
      await settings.getByRole('textbox', { name: 'Option 2', exact: true }).fill('yes');
      await settings.getByRole('textbox', { name: 'Marker symbol for Yes', exact: true }).fill('AB');
      await settings.getByRole('textbox', { name: 'Marker colour for Yes', exact: true }).fill('#1E88E5');
      await settings.getByRole('button', { name: 'Save' }).click();
      await expect(settings.getByText('The label is required.')).toBeVisible();
      await expect(settings.getByText('Option names must be unique.')).toBeVisible();
      await expect(settings.getByText('The marker symbol must be one character.')).toBeVisible();

      await settings.getByRole('textbox', { name: 'Label' }).fill('Patient consent on file');
      await settings.getByRole('textbox', { name: 'Option 2', exact: true }).fill('No');
      await settings.getByRole('textbox', { name: 'Marker symbol for Yes', exact: true }).fill('C');
      await settings.getByLabel('Required', { exact: true }).check();
      await settings.getByRole('button', { name: 'Save' }).click();
      await expect(settings).toBeHidden();
      const control = builder.getByTestId('builder-control').filter({ hasText: 'Patient consent on file' });
      await expect(control).toContainText('Radio Buttons');

      // Keyboard alternative to dragging: move the control up into the previous section.
      await control.getByRole('button', { name: 'Move Patient consent on file up' }).click();
      await expect(
        sections
          .nth(before - 1)
          .getByTestId('builder-control')
          .filter({ hasText: 'Patient consent on file' }),
      ).toBeVisible();
      await builder.getByRole('button', { name: 'Move Patient consent on file down' }).click();
      await expect(
        sections.nth(before).getByTestId('builder-control').filter({ hasText: 'Patient consent on file' }),
      ).toBeVisible();

      // Dragging the first divider: one step up with the keyboard (Space, arrow, Space), then over
      // the first section with the mouse.
      const items = builder.locator('[data-testid="builder-divider"], [data-testid="builder-section"]');
      await expect(items.nth(2)).toHaveAttribute('data-testid', 'builder-divider');
      const handle = builder
        .getByTestId('builder-divider')
        .first()
        .getByRole('button', { name: /^Drag divider/ });
      await handle.focus();
      await handle.scrollIntoViewIfNeeded();
      await handle.press('Space');
      await expect(handle).toHaveAttribute('aria-pressed', 'true');
      // The sensor listens for the arrows once the pick-up has been handled: a frame later.
      await nextFrame(page);
      await page.keyboard.press('ArrowUp');
      // Dropped once the move is known: the drag announcement names another item than the divider.
      await expect(page.locator('[id^="DndLiveRegion"]')).toHaveText(
        /Draggable item (\S+) was moved over droppable area (?!\1\.)\S+\./,
      );
      await page.keyboard.press('Space');
      await expect(items.nth(1)).toHaveAttribute('data-testid', 'builder-divider');
      await handle.scrollIntoViewIfNeeded();
      const start = (await handle.boundingBox())!;
      const above = (await sections.first().boundingBox())!;
      await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
      await page.mouse.down();
      await page.mouse.move(start.x + start.width / 2, start.y - 10, { steps: 3 });
      await page.mouse.move(above.x + 40, above.y + above.height / 3, { steps: 12 });
      await page.mouse.up();
      await expect(items.nth(0)).toHaveAttribute('data-testid', 'builder-divider');

      await expectAccessible(page);
      await builder.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('The RxForm layout was saved successfully.')).toBeVisible();
      await expect(builder).toBeHidden();

      // The preview renders the control with the case form's renderer and its rules.
      const preview = page.getByRole('form', { name: 'RxForm preview' });
      const group = preview.getByRole('radiogroup');
      await expect(preview.getByText('Patient consent on file')).toBeVisible();
      await preview.getByRole('button', { name: 'Check Values' }).click();
      await expect(preview.getByText('Required', { exact: true })).toBeVisible();
      await group.getByRole('radio', { name: /Yes/ }).check();
      await preview.getByRole('button', { name: 'Check Values' }).click();
      await expect(preview.getByText("The values meet the form's rules.")).toBeVisible();

      // Persisted: a reload shows the same layout.
      await page.reload();
      await expect(
        page.getByRole('form', { name: 'RxForm preview' }).getByText('Patient consent on file'),
      ).toBeVisible();

      // Editing it again: Delete removes the saved control.
      await page.getByRole('button', { name: 'Edit Form' }).click();
      await builder.getByRole('button', { name: 'Settings of Patient consent on file' }).click();
      settings = page.getByRole('dialog', { name: 'Radio Buttons settings' });
      await settings.getByRole('button', { name: 'Delete' }).click();
      await expect(
        builder.getByTestId('builder-control').filter({ hasText: 'Patient consent on file' }),
      ).toHaveCount(0);
      await builder.getByRole('button', { name: 'Close' }).first().click();
      await expect(builder).toBeHidden();
    }
  });

  test("an organization's own layout, and reset to default", async ({ page }) => {
    await openOrganization(page, 'Bright Smiles Orthodontics');
    const card = page.getByRole('region', { name: 'Customize RxForm' });
    await expect(card.getByText('Default layout')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Reset to Default' })).toHaveCount(0);
    await card.getByRole('button', { name: 'Edit Form' }).click();
    const builder = page.getByRole('dialog', { name: 'Edit Organization RxForm' });
    await builder.getByRole('button', { name: 'Add Section' }).click();
    const count = await builder.getByTestId('builder-section').count();
    await builder.getByRole('button', { name: `Add control to section ${count}, column 1` }).click();
    await page.getByRole('menuitem', { name: 'Text Field' }).click();
    const settings = page.getByRole('dialog', { name: 'Text Field settings' });
    await settings.getByRole('textbox', { name: 'Label' }).fill('Referring doctor');
    await settings.getByRole('textbox', { name: 'Marker symbol for Referring doctor' }).fill('R');
    await settings.getByRole('button', { name: 'Save' }).click();
    await builder.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('The RxForm layout was saved successfully.')).toBeVisible();
    await expect(card.getByText('Organization layout')).toBeVisible();
    await expect(card.getByRole('textbox', { name: 'Referring doctor' })).toBeVisible();

    await card.getByRole('button', { name: 'Reset to Default' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reset to Default' });
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Reset to Default' }).click();
    await expect(page.getByText('The RxForm layout was reset to the default.')).toBeVisible();
    await expect(card.getByText('Default layout')).toBeVisible();
    await expect(card.getByRole('textbox', { name: 'Referring doctor' })).toHaveCount(0);
  });

  test('the RxForm preference form and its rules', async ({ page }) => {
    await openOrganization(page, 'Bright Smiles Orthodontics');
    const card = page.getByRole('region', { name: 'RxForm Preference' });
    const original = await apiCall<{ data: Record<string, unknown> }>(
      page,
      'GET',
      `/organizations/${page.url().split('/').pop()}/rx_form_preference`,
    );
    try {
      await expect(card).toContainText('Third party partner:');
      const print = card.getByRole('group', { name: 'Print Assignment' });
      const insert = card.getByRole('group', { name: 'Insert Brackets Assignment' });
      await expectAccessible(page);

      // Insert brackets: in-office, or one of the print options.
      await print.getByRole('checkbox', { name: 'Provider' }).check();
      await print.getByRole('checkbox', { name: 'Third Party' }).uncheck();
      await insert.getByRole('checkbox', { name: 'Third Party' }).uncheck();
      await expect(insert.getByRole('checkbox', { name: 'Third Party' })).toBeDisabled();
      await expect(insert.getByRole('checkbox', { name: 'In-Office' })).toBeEnabled();
      await insert.getByRole('checkbox', { name: 'In-Office' }).check();
      await print.getByRole('checkbox', { name: 'Provider' }).check();
      await insert.getByRole('checkbox', { name: 'Provider' }).check();
      await print.getByRole('checkbox', { name: 'Provider' }).uncheck();
      await print.getByRole('checkbox', { name: 'In-Office' }).check();
      await expect(insert).toContainText(
        'The insert brackets assignment must be in-office or one of the print assignment options.',
      );
      await insert.getByRole('checkbox', { name: 'Provider' }).uncheck();

      const dibs = card.getByRole('group', { name: 'Allowed DIBS Options' });
      await dibs.getByRole('checkbox', { name: 'Desktop' }).uncheck();
      await dibs.getByRole('checkbox', { name: 'Online' }).uncheck();
      await expect(dibs).toContainText('Choose at least one DIBS option.');
      await dibs.getByRole('checkbox', { name: 'Online' }).check();
      await card
        .getByRole('group', { name: 'Hidden Fields' })
        .getByRole('checkbox', { name: 'Special Instructions' })
        .check();
      await card.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('RxForm preference successfully saved.')).toBeVisible();

      await page.reload();
      await expect(
        card
          .getByRole('group', { name: 'Hidden Fields' })
          .getByRole('checkbox', { name: 'Special Instructions' }),
      ).toBeChecked();
      await expect(
        card.getByRole('group', { name: 'Allowed DIBS Options' }).getByRole('checkbox', { name: 'Desktop' }),
      ).not.toBeChecked();
    } finally {
      const d = original.data;
      await apiCall(page, 'PUT', `/organizations/${d.organization_id}/rx_form_preference`, {
        initial_setup_assignments: d.initial_setup_assignments,
        print_assignments: d.print_assignments,
        insert_brackets_assignments: d.insert_brackets_assignments,
        allowed_dibs_options: d.allowed_dibs_options,
        hidden_fields: d.hidden_fields,
        rush_case_enabled: d.rush_case_enabled,
      });
    }
  });
});
