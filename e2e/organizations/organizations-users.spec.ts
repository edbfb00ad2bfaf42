import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { asUser, expect, expectAccessible, test } from '../support/fixtures.ts';

const EMPTY = "We couldn't find any results matching your search! Please, try using different keywords.";

async function openHub(page: Page, account: string, query = '') {
  await asUser(page, account, { path: `/organizations-users${query}` });
  await expect(page.getByRole('heading', { name: 'Organizations & Users', level: 1 })).toBeVisible();
}

const hits = (page: Page) => page.getByTestId('hub-hit');

test.describe('organizations and users hub', () => {
  test('admin searches by keyword, sees the hit with its quick glance, and the empty text', async ({
    page,
  }) => {
    await openHub(page, 'admin');
    await expect(hits(page).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create User' })).toHaveAttribute('href', '/users/add');
    await expectAccessible(page);

    await page.getByRole('searchbox', { name: 'Search' }).fill('Bright Smiles');
    await expect(page).toHaveURL(/q=Bright\+Smiles/);
    const bright = hits(page)
      .filter({ has: page.getByRole('heading', { name: 'Bright Smiles Orthodontics' }) })
      .filter({ hasText: 'Organization' });
    await expect(bright.first()).toBeVisible();
    await expect(bright.first()).toContainText('BSO-100200');
    // Quick links to the pages the portal has: the organization's locations and users.
    const links = bright
      .first()
      .getByRole('navigation', { name: 'Quick links for Bright Smiles Orthodontics' });
    await expect(links.getByRole('link', { name: 'Locations' })).toHaveAttribute(
      'href',
      /^\/organizations\/\d+\/locations$/,
    );
    await expect(links.getByRole('link', { name: 'Users' })).toHaveAttribute(
      'href',
      /^\/users\?queryOrganization=\d+$/,
    );

    // PATIENTS opens the organization's cases, with no patient name typed in.
    await expect(links.getByRole('link', { name: 'Patients' })).toHaveAttribute(
      'href',
      /^\/patients-page\?queryOrganization=\d+$/,
    );
    await links.getByRole('link', { name: 'Patients' }).click();
    await expect(page).toHaveURL(/\/patients-page$/);
    await expect(page.getByRole('searchbox', { name: 'Search by patient' })).toHaveValue('');
    await expect(page.getByRole('table')).not.toContainText('No patients found.');
    await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('Bright Smiles Orthodontics');
    await page.goBack();
    await expect(bright.first()).toBeVisible();

    // The quick glance opens on hover with the organization's figures from the server.
    await bright.first().getByRole('heading').getByText('Bright Smiles Orthodontics').hover();
    const glance = page.getByTestId('quick-glance');
    await expect(glance).toBeVisible();
    await expect(glance).toContainText('Account Number');
    await expect(glance).toContainText('BSO-100200');
    await expect(glance).toContainText('Patients');
    // One definition of each figure: the Onboardings list's progress, the practice's own manager.
    await expect(glance).toContainText('Completed, 11 of 11 steps');
    await expect(glance).toContainText('Organization ManagerMorgan Manager');
    await expect(glance).toContainText('Customer Service Manager');
    await expectAccessible(page);

    await page.getByRole('searchbox', { name: 'Search' }).fill('zzzz-no-such-thing');
    await expect(page.getByText(EMPTY)).toBeVisible();
    await expect(hits(page)).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    await expect(hits(page).first()).toBeVisible();
  });

  test('filter[roles] and filter[status] are read from the address; archived entries need the filter', async ({
    page,
  }) => {
    await openHub(page, 'supervisor', '?filter[roles]=organization');
    await expect(page.getByRole('combobox', { name: 'Type' })).toHaveText('Organizations');
    await expect(hits(page).first()).toBeVisible();
    for (const card of await hits(page).all()) await expect(card).toContainText('Organization');
    await expect(page.getByRole('checkbox', { name: 'Show archived' })).not.toBeChecked();
    for (const card of await hits(page).all())
      await expect(card.getByText('Archived', { exact: true })).toHaveCount(0);

    await page.goto('/organizations-users?filter[status]=6');
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('6 Archived');
    await expect(page.getByRole('checkbox', { name: 'Show archived' })).toBeChecked();
    // Every hit shown under status 6 is archived, or there is the empty text.
    await expect(hits(page).first().or(page.getByText(EMPTY))).toBeVisible();
    for (const card of await hits(page).all())
      await expect(card.getByText('Archived', { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test('sorting, paging and the CSV download of the result', async ({ page }) => {
    // A keyword no other test's changes reach, so the count holds while the file downloads.
    await openHub(page, 'tech', '?q=Summit');
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await expect(page.getByRole('option')).toHaveText([
      'Relevance',
      'Newest to join',
      'Oldest to join',
      'Highest number of submissions',
      'Lowest number of submissions',
      'Newest case submission',
      'Oldest case submission',
      'Last login',
      'Last activity',
      'Submission average',
    ]);
    await page.getByRole('option', { name: 'Oldest to join' }).click();
    await expect(page).toHaveURL(/sort=oldest_to_join/);
    await expect(hits(page).first()).toBeVisible();
    await expectAccessible(page);

    const total = Number(((await page.getByText(/^\d+ results?$/).textContent()) ?? '0').split(' ')[0]);
    expect(total).toBeGreaterThan(0);
    await expect(hits(page)).toHaveCount(Math.min(total, 10));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('organizations-users.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    // A header line and one line per hit of the whole result.
    expect(lines.length).toBe(total + 1);
    expect(csv).toContain('Summit Dental Group');
  });

  test('a practice user cannot open the hub', async ({ page }) => {
    await asUser(page, 'doctor', { path: '/organizations-users' });
    await expect(page.getByRole('heading', { name: 'Organizations & Users', level: 1 })).toHaveCount(0);
  });
});
