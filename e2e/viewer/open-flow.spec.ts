import type { Page } from '@playwright/test';
import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';
import { apiGet } from '../patient-files/support.ts';

interface Patient {
  id: number;
  first_name: string;
  last_name: string;
}

async function firstCase(page: Page, query: string): Promise<Patient> {
  const list = await apiGet<{ data: Patient[] }>(page, `/patients?${query}`);
  const found = list.data[0];
  if (!found) throw new Error(`No demo case for ${query}`);
  return found;
}

test.describe('the DIBS open flow', () => {
  test('an approved case warns first, the unstable version warning follows once a day, then Desktop or Online', async ({
    page,
    context,
  }) => {
    await asUser(page, 'doctor');
    const patient = await firstCase(page, 'status=approved&per_page=1');
    await page.goto(`/dibs?q=${patient.id}`);

    const approved = page.getByRole('dialog', { name: 'Case Already Approved' });
    await expect(approved).toContainText(
      'This case has already been approved. If you open and modify this case, any changes made will not be implemented.',
    );
    await expectAccessible(page);
    await approved.getByRole('button', { name: 'Continue' }).click();

    const unstable = page.getByRole('dialog', { name: 'Unstable Version Usage Detected' });
    await expect(unstable).toContainText('Please download and install the latest version (2.12.8)');
    await expect(unstable.getByRole('link', { name: 'Download DIBS 2.12.8' })).toHaveAttribute(
      'href',
      /\/services\/api\/v2\/installers\/\d+\/download\?/,
    );
    await expect(unstable.getByRole('link', { name: /\+1 \(800\) 555-0142/ })).toBeVisible();
    await expectAccessible(page);
    await unstable.getByRole('button', { name: 'Continue' }).click();

    // Bright Smiles allows both options: the choice.
    const desktop = page.getByRole('link', { name: 'Open via Desktop' });
    await expect(desktop).toHaveAttribute(
      'href',
      new RegExp(`^archline-dibs://open\\?code=[A-Za-z0-9_-]{43}&q=${patient.id}$`),
    );
    const token = await page.evaluate(() => localStorage.getItem('archline.access_token'));
    expect(await desktop.getAttribute('href')).not.toContain(token ?? '<none>');
    await expectAccessible(page);

    const streaming = page.waitForResponse((r) => r.url().includes('/dibs-on-demand/generate-streaming-url'));
    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Open via Online (opens in a new tab)' }).click();
    expect((await streaming).status()).toBe(200);
    const online = await popup;
    await expect(online).toHaveURL(new RegExp(`/dibs/online\\?q=${patient.id}$`));
    await expect(online.getByRole('heading', { name: 'DIBS Online' })).toBeVisible();
    await expect(online.getByText(new RegExp(`^${patient.last_name}, ${patient.first_name}`))).toBeVisible();
    await expect(online.getByRole('region', { name: 'Preview in the browser' })).toBeVisible();
    await expectAccessible(online);

    // The same day, the unstable version warning is not shown again.
    await page.reload();
    await page
      .getByRole('dialog', { name: 'Case Already Approved' })
      .getByRole('button', { name: 'Continue' })
      .click();
    await expect(page.getByRole('link', { name: 'Open via Desktop' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Unstable Version Usage Detected' })).toHaveCount(0);
  });

  test('cancel on the approved-case warning leaves the case closed', async ({ page }) => {
    await asUser(page, 'doctor');
    const patient = await firstCase(page, 'status=approved&per_page=1');
    await page.goto(`/dibs?q=${patient.id}`);
    await page
      .getByRole('dialog', { name: 'Case Already Approved' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await expect(page.getByText('The case was not opened.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open via Desktop' })).toHaveCount(0);
  });

  test('an organization with Desktop only opens at once, with no choice to make', async ({ page }) => {
    await asUser(page, 'tech', { path: '/' });
    const organizations = await apiGet<{ organizations: { data: { id: number; name: string }[] } }>(
      page,
      '/organizations?searchString=Riverside%20Family%20Dental',
    );
    const riverside = organizations.organizations.data.find((o) => o.name === 'Riverside Family Dental')!;
    const patient = await firstCase(page, `organization_id=${riverside.id}&status=in_progress&per_page=1`);
    await page.goto(`/dibs?q=${patient.id}`);
    await expect(page.getByRole('status')).toContainText('Opening the case in the DIBS desktop application.');
    await expect(page.getByRole('link', { name: 'Open', exact: true })).toHaveAttribute(
      'href',
      new RegExp(`^archline-dibs://open\\?code=[A-Za-z0-9_-]{43}&q=${patient.id}$`),
    );
    await expect(page.getByRole('button', { name: /Open via Online/ })).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectAccessible(page);
  });
});
