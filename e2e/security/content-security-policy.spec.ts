import type { Page } from '@playwright/test';
import { asUser, expect, signIn, test } from '../support/fixtures.ts';
import { apiGet } from '../patient-files/support.ts';

/**
 * The strict Content Security Policy does not get in the way: signing in (the bot check solves
 * its proof of work), the case list, patient details, the 3D preview of a scan, case entry and the
 * organizations all work with no violation reported.
 */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (/Content Security Policy/i.test(error.message)) violations.push(error.message);
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI}`,
      );
    });
  });
  return violations;
}

test('the main screens run under the Content Security Policy without a violation', async ({ page }) => {
  const violations = watchViolations(page);
  const first = await page.request.get('/');
  expect(first.headers()['content-security-policy']).toContain("frame-ancestors 'none'");

  await signIn(page, 'doctor@example.com');
  await page.goto('/patients');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const list = await apiGet<{ data: { id: number }[] }>(page, '/patients?status=all&per_page=100');
  let scanCase: { id: number; scan: string } | undefined;
  for (const patient of list.data) {
    const files = await apiGet<{ data: { name: string }[] }>(page, `/patient_files?patient_id=${patient.id}`);
    if (files.data[0]) {
      scanCase = { id: patient.id, scan: files.data[0].name };
      break;
    }
  }
  if (!scanCase) throw new Error('No demo case with an STL scan');

  await page.goto(`/patient-details/${scanCase.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto(`/dibs?q=${scanCase.id}`);
  // The open flow's warnings first (an approved case; the demo practice's unstable version).
  const desktop = page.getByRole('link', { name: 'Open via Desktop' });
  for (let i = 0; i < 2; i++) {
    const warning = page.getByRole('dialog');
    await expect(warning.or(desktop)).toBeVisible();
    if (await desktop.isVisible()) break;
    const title = (await warning.getByRole('heading').textContent()) ?? '';
    await warning.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('dialog', { name: title })).toHaveCount(0);
  }
  const scans = page.getByRole('region', { name: 'Preview in the browser' });
  await scans.getByRole('button', { name: `Preview ${scanCase.scan} in 3D` }).click();
  const preview = page.getByRole('dialog', { name: scanCase.scan });
  await expect(preview.locator('canvas')).toBeVisible();
  await expect(preview).toContainText('triangles.');
  await page.keyboard.press('Escape');

  await page.goto('/patients');
  await page.getByRole('link', { name: 'Start a New Case' }).click();
  await expect(page.getByRole('heading', { name: 'Start a Case', level: 1 })).toBeVisible();

  await page.goto('/locations');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The staff screens: the organizations and the hub.
  await asUser(page, 'admin', { path: '/organizations' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/organizations-users');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  expect(violations).toEqual([]);
});
