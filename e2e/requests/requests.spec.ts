import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { API, asUser, expect, expectAccessible, test, TOKEN_KEY } from '../support/fixtures.ts';

interface ListedRequest {
  id: number;
  type: string;
  status_id: number;
  patient: { full_name: string; organization: { name: string } };
}

/** GET /customer_requests with the page's own session. */
async function listRequests(page: Page, query: string): Promise<ListedRequest[]> {
  return page.evaluate(
    async ([api, key, q]) => {
      const res = await fetch(`${api}/customer_requests?${q}`, {
        headers: { authorization: `Bearer ${localStorage.getItem(key)}` },
      });
      return ((await res.json()) as { customer_requests: ListedRequest[] }).customer_requests;
    },
    [API, TOKEN_KEY, query] as const,
  );
}

test.describe('requests (/requests)', () => {
  test('an admin filters the list, opens a printing request and completes it with a tracking number', async ({
    page,
  }) => {
    // Three screens, a dialog and four accessibility scans: more than one test's default time.
    test.slow();
    await asUser(page, 'admin', { path: '/requests' });
    // The run's first page loads the shell's and the page's chunks on a cold server.
    await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible({ timeout: 45_000 });
    const rows = page.getByTestId('request-row');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Next Step' })).toBeVisible();
    await expectAccessible(page);

    // The status toggle narrows the list to in progress requests.
    await page.getByRole('button', { name: 'In Progress', exact: true }).click();
    await expect(rows.first()).toBeVisible();
    await expect(rows.filter({ hasNotText: 'In Progress' })).toHaveCount(0);

    // A printing request in progress, found by its patient's name.
    const candidates = (await listRequests(page, 'status=in_progress&per_page=100')).filter(
      (r) => r.type === 'printing',
    );
    expect(candidates.length).toBeGreaterThan(0);
    const target = candidates[candidates.length - 1]!;
    await page.getByLabel('Patient Name').fill(target.patient.full_name);
    const row = rows.filter({ hasText: target.patient.full_name }).first();
    await expect(row).toBeVisible();
    await row.getByRole('link', { name: /^Show the request of/ }).click();
    await expect(page).toHaveURL(/\/requests\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto(`/requests/${target.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Printing Request' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Print Request' })).toBeVisible();
    await expect(page.getByText('Shipping Details')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Complete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Request' });
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await expect(dialog.getByText('The tracking number is required.')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel('Tracking Number').fill('1ZE2E0000001');
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await expect(page.getByText('The request has been completed.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('1ZE2E0000001')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Complete' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  });

  test('an admin assigns a new printing request; once under way the assignment is read-only', async ({
    page,
  }) => {
    await asUser(page, 'admin', { path: '/requests' });
    await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible({ timeout: 45_000 });
    // One of the demo practice's, so its doctor can look at the same request.
    const fresh = (await listRequests(page, 'status=new&per_page=100')).filter(
      (r) => r.type === 'printing' && r.patient.organization.name === 'Bright Smiles Orthodontics',
    );
    expect(fresh.length).toBeGreaterThan(0);
    const target = fresh[Math.floor(fresh.length / 2)]!;
    await page.goto(`/requests/${target.id}`);
    await expect(page.getByRole('heading', { name: 'Print Request' })).toBeVisible();
    const assigned = page.getByRole('combobox', { name: 'Assigned To' });
    await expect(assigned).toBeVisible();
    const before = (await assigned.innerText()).trim();
    const next = before === 'In-Office' ? 'Provider' : 'In-Office';
    await assigned.click();
    await page.getByRole('option', { name: next }).click();
    await expect(page.getByText('The printing request has been assigned.')).toBeVisible();
    await expect(assigned).toHaveText(next);
    await expectAccessible(page);
    // The server keeps it: a reload shows the new assignment.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Assigned To' })).toHaveText(next);
    // Put it back for the other specs that read the demo.
    await page.getByRole('combobox', { name: 'Assigned To' }).click();
    await page.getByRole('option', { name: before }).click();
    await expect(page.getByRole('combobox', { name: 'Assigned To' })).toHaveText(before);

    // The lab's own note on the request, kept by the server and never shown to the practice.
    await page.getByRole('button', { name: 'Add Note' }).click();
    await page.getByRole('textbox', { name: 'Note' }).fill('Confirm the bracket library with the office.');
    await page.getByRole('button', { name: 'Save Note' }).click();
    await expect(page.getByText('The management data has been updated.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Confirm the bracket library with the office.')).toBeVisible();
    const doctorContext = await page.context().browser()!.newContext();
    const doctor = await doctorContext.newPage();
    await asUser(doctor, 'doctor', { path: `/requests/${target.id}` });
    await expect(doctor.getByRole('heading', { name: 'Print Request' })).toBeVisible();
    await expect(doctor.getByRole('heading', { name: 'Management Notes' })).toHaveCount(0);
    await expect(doctor.getByText('Confirm the bracket library with the office.')).toHaveCount(0);
    await doctorContext.close();

    // A request under way shows who prints it, without a choice.
    const busy = (await listRequests(page, 'status=in_progress&per_page=100')).find(
      (r) => r.type === 'printing',
    )!;
    await page.goto(`/requests/${busy.id}`);
    await expect(page.getByRole('heading', { name: 'Print Request' })).toBeVisible();
    await expect(page.getByText('Assigned To')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Assigned To' })).toHaveCount(0);
  });

  test('an admin chooses the STL files of an open tray design request', async ({ page }) => {
    await asUser(page, 'admin', { path: '/requests' });
    await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible({ timeout: 45_000 });
    const design = (await listRequests(page, 'status=new&per_page=100')).find(
      (r) => r.type === 'tray_design',
    );
    expect(design).toBeDefined();
    await page.goto(`/requests/${design!.id}`);
    await expect(page.getByRole('heading', { name: 'Tray Design', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Choose Files' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tray Design Files' });
    await expectAccessible(page);
    const choose = async (label: string, index: number) => {
      await dialog.getByRole('combobox', { name: label }).click();
      const option = page.getByRole('option').nth(index);
      const name = (await option.innerText()).trim();
      await option.click();
      return name;
    };
    // 0 is 'None'; the patient's STL files follow.
    const upper = await choose('Maxillary File', 1);
    const lower = await choose('Mandibular File', 2);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The tray design request has been updated.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByText(upper, { exact: true })).toBeVisible();
    await expect(page.getByText(lower, { exact: true })).toBeVisible();
  });

  test('an initial case setup request shows its setup: the Rx form label, status and who does it', async ({
    page,
  }) => {
    await asUser(page, 'admin', { path: '/requests' });
    await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible({ timeout: 45_000 });
    // One of the demo's approved setups (cases entered by other specs may add new ones).
    const setups = (await listRequests(page, 'per_page=100')).filter((r) => r.type === 'initial_case_setup');
    const labels = await page.evaluate(
      async ([api, key, ids]) => {
        const headers = { authorization: `Bearer ${localStorage.getItem(key)}` };
        const read = async (path: string) => (await fetch(`${api}${path}`, { headers })).json();
        const out: [number, string | null][] = [];
        for (const id of ids) {
          const { customer_request } = (await read(`/customer_requests/${id}`)) as {
            customer_request: { rx_form_id: number };
          };
          const { rx_form } = (await read(`/rx-forms/${customer_request.rx_form_id}`)) as {
            rx_form: { label: string | null };
          };
          out.push([id, rx_form.label]);
        }
        return out;
      },
      [API, TOKEN_KEY, setups.map((r) => r.id)] as const,
    );
    const setup = labels.find(([, label]) => label === 'COMPLETED');
    expect(setup).toBeDefined();
    await page.goto(`/requests/${setup![0]}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Initial Case Setup Request' })).toBeVisible();
    const card = page.getByRole('heading', { name: 'Initial Setup', exact: true });
    await expect(card).toBeVisible();
    // The demo's setups are approved: COMPLETED, nothing left to assign or notify.
    await expect(page.getByText('COMPLETED', { exact: true })).toBeVisible();
    await expect(page.getByText('Setup Status')).toBeVisible();
    await expect(page.getByText('Initial Setup By')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notify Doctor' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('a doctor sees only the requests of their organization, without the Next Step column', async ({
    page,
  }) => {
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === `${API}/customer_requests`);
    await asUser(page, 'doctor', { path: '/requests' });
    const body = (await (await answer).json()) as { customer_requests: ListedRequest[] };
    expect(body.customer_requests.length).toBeGreaterThan(0);
    expect(new Set(body.customer_requests.map((r) => r.patient.organization.name))).toEqual(
      new Set(['Bright Smiles Orthodontics']),
    );
    await expect(page.getByTestId('request-row').first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Next Step' })).toHaveCount(0);
    await expectAccessible(page);

    // Another organization's request answers Page Not Found.
    const admin = await page.context().browser()!.newContext();
    const adminPage = await admin.newPage();
    await asUser(adminPage, 'admin', { path: '/requests' });
    const foreign = (await listRequests(adminPage, 'per_page=100')).find(
      (r) => r.patient.organization.name !== 'Bright Smiles Orthodontics',
    );
    await admin.close();
    expect(foreign).toBeDefined();
    await page.goto(`/requests/${foreign!.id}`);
    await expect(page.getByText(/not found/i).first()).toBeVisible();
  });

  test('the list and a request are usable at 390 px wide', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await asUser(page, 'admin', { path: '/requests' });
    await expect(page.getByTestId('request-row').first()).toBeVisible();
    await expectAccessible(page);
    const flawed = (await listRequests(page, 'per_page=100')).find((r) => r.type === 'flawed_tray');
    expect(flawed).toBeDefined();
    await page.goto(`/requests/${flawed!.id}`);
    await expect(page.getByRole('heading', { name: 'Flawed Trays' })).toBeVisible();
    await expect(page.getByText('Original IOS:')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });

  test('a technician prints the patient labels of a printing request as a PDF', async ({ page }) => {
    await asUser(page, 'tech', { path: '/requests' });
    await expect(page.getByTestId('request-row').first()).toBeVisible({ timeout: 45_000 });
    const printing = (await listRequests(page, 'status=in_progress&per_page=100')).find(
      (r) => r.type === 'printing',
    );
    expect(printing).toBeDefined();
    await page.goto(`/requests/${printing!.id}`);
    await expect(page.getByRole('heading', { name: 'Print Request' })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Print Patient Labels' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^patient-labels-\d+\.pdf$/);
    const bytes = fs.readFileSync((await file.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect(page.getByText(/patient printed/)).toBeVisible();
  });

  test('a technician prints the shipping label of a printing request; its tracking number shows', async ({
    page,
  }) => {
    await asUser(page, 'tech', { path: '/requests' });
    await expect(page.getByTestId('request-row').first()).toBeVisible({ timeout: 45_000 });
    const candidates = (await listRequests(page, 'status=new&per_page=100')).filter(
      (r) => r.type === 'printing',
    );
    let opened = false;
    // A printing request of the lab with a shipping location (others say why they cannot ship).
    for (const c of candidates) {
      await page.goto(`/requests/${c.id}`);
      await expect(page.getByRole('heading', { name: 'Print Request' })).toBeVisible();
      const button = page.getByRole('button', { name: 'Print Shipping Label' });
      if (await button.isEnabled()) {
        opened = true;
        break;
      }
      await expect(
        page.getByText(/^(Shipping location is missing\.|This is assigned to third party partner\.)$/),
      ).toBeVisible();
    }
    expect(opened).toBe(true);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Print Shipping Label' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^shipping-label-\d+\.pdf$/);
    expect(
      fs
        .readFileSync((await file.path())!)
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    await expect(page.getByText(/^1Z[0-9A-Z]{16}$/)).toBeVisible();
    await expect(page.getByText(/Shipping printed/)).toBeVisible();
    await expectAccessible(page);
  });

  test('a doctor is not offered the bench labels', async ({ page }) => {
    await asUser(page, 'doctor', { path: '/requests' });
    await expect(page.getByTestId('request-row').first()).toBeVisible({ timeout: 45_000 });
    const printing = (await listRequests(page, 'per_page=100')).find((r) => r.type === 'printing');
    expect(printing).toBeDefined();
    await page.goto(`/requests/${printing!.id}`);
    await expect(page.getByRole('heading', { name: 'Print Request' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print Patient Labels' })).toHaveCount(0);
  });
});
