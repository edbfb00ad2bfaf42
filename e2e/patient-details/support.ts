import type { Page } from '@playwright/test';
import { API, asUser, expect } from '../support/fixtures.ts';

export const BRIGHT_SMILES = 'Bright Smiles Orthodontics';

export interface ListedPatient {
  id: number;
  first_name: string;
  last_name: string;
  formatted_name: string;
  held_at: string | null;
  deleted_at: string | null;
  organization: { id: number; name: string; account_number: string | null };
  rx_form: {
    id: number;
    ready_at: string | null;
    completed_at: string | null;
    cancelled_at: string | null;
    submission_completed_by: number | null;
  } | null;
  ios_file_id: number | null;
}

export interface DetailedPatient extends ListedPatient {
  is_on_hold: boolean;
  has_tech_ios_backup: boolean;
  archived_by_name: string | null;
  archived_reason: string | null;
  metadata: { allow_delete: { allow: boolean; message: string | null } };
}

export async function signInAs(page: Page, account: string): Promise<void> {
  await asUser(page, account);
}

async function bearer(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => window.localStorage.getItem('archline.access_token'));
  return { authorization: `Bearer ${token}` };
}

/** GET with the signed-in user's token; the status is returned with the body. */
export async function apiGet<T>(page: Page, path: string): Promise<{ status: number; body: T }> {
  const response = await page.request.get(`${API}${path}`, { headers: await bearer(page) });
  return { status: response.status(), body: (await response.json().catch(() => null)) as T };
}

/** The signed-in user's patients of a list status (first 100, as the list orders them). */
export async function listPatients(page: Page, query: string): Promise<ListedPatient[]> {
  const { status, body } = await apiGet<{ data: ListedPatient[] }>(page, `/patients?per_page=100&${query}`);
  expect(status).toBe(200);
  return body.data;
}

export async function patientDetails(page: Page, id: number): Promise<DetailedPatient> {
  const { status, body } = await apiGet<{ patient: DetailedPatient }>(page, `/patients/${id}`);
  expect(status).toBe(200);
  return body.patient;
}

/** The first patient of the list that passes `accept` (checked against its details when asked). */
export async function findPatient(
  page: Page,
  query: string,
  accept: (p: ListedPatient) => boolean = () => true,
  acceptDetails?: (p: DetailedPatient) => boolean,
  skip = 0,
): Promise<DetailedPatient> {
  let skipped = 0;
  for (const listed of await listPatients(page, query)) {
    if (!accept(listed)) continue;
    if (acceptDetails && !acceptDetails(await patientDetails(page, listed.id))) continue;
    if (skipped++ < skip) continue;
    return patientDetails(page, listed.id);
  }
  throw new Error(`No demo patient for ${query}`);
}

export async function openPatient(page: Page, id: number): Promise<void> {
  await page.goto(`/patient-details/${id}`);
  await expect(page.getByRole('form', { name: 'Patient Information' })).toBeVisible();
}

/** A text input by its exact accessible name (required labels carry a decorative asterisk). */
export function field(page: Page, name: string) {
  return page.getByRole('textbox', { name, exact: true });
}
