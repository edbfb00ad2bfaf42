import type { Page } from '@playwright/test';
import { API, asUser, expect } from '../support/fixtures.ts';

/** Signs in and opens a patient list. */
export async function openList(page: Page, account: string, path: string) {
  await asUser(page, account, { path });
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
}

/** GET on the API with the signed-in user's token. */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('archline.access_token'));
  const response = await page.request.get(`${API}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

export interface ApiPatient {
  id: number;
  organization_id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  formatted_name: string;
  held_at: string | null;
  deleted_at: string | null;
  ship_date: string | null;
  ship_completed: boolean;
  rx_form: { rush_case: boolean } | null;
  organization: { id: number; name: string };
  /** Seconds of finished technician processes. */
  overall_production_time: number;
}
export interface ApiPage {
  data: ApiPatient[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}
export type Counts = Record<
  'new' | 'in_progress' | 'awaiting_approval' | 'approved' | 'completed' | 'all' | 'on_hold' | 'archived',
  number
>;

export function table(page: Page) {
  return page.getByRole('table', { name: 'Patients' });
}

export function rows(page: Page) {
  return table(page).getByTestId('patient-row');
}

/** The pagination's 'x–y of N' text ends with the total. */
export async function expectTotal(page: Page, total: number) {
  await expect(page.locator('.MuiTablePagination-displayedRows')).toHaveText(new RegExp(`of ${total}$`));
}
