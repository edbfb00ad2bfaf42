import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CUSTOM_SET_MESSAGES,
  LIBRARY_MESSAGES,
  type BracketLibrary,
  type CustomBracketSetItem,
} from '@archline/contracts';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const held = vi.hoisted(() => ({ permissions: new Set<string>() }));
vi.mock('../../../session/permissions.ts', () => ({
  useOrganizationPermissions: () => ({
    permissions: held.permissions,
    can: (...anyOf: string[]) => anyOf.some((p) => held.permissions.has(p)),
  }),
}));
const notify = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock('../../../lib/notify.tsx', () => ({
  notifySuccess: notify.notifySuccess,
  notifyError: notify.notifyError,
}));

const { CustomSetsPanel } = await import('./custom-sets-panel.tsx');
const { BracketsSection } = await import('./brackets-section.tsx');

vi.setConfig({ testTimeout: 60_000 });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const library = (id: number, label: string, hidden = false): BracketLibrary => ({
  id,
  label,
  file_name: `${label}.zip`,
  format: 1,
  users: [],
  hidden_at: hidden ? '2026-11-02T10:00:00.000Z' : null,
  shelf: null,
  row: null,
  column: null,
  has_file: true,
  has_inventory: false,
  low_stock: false,
  low_stock_threshold: 0,
  created_at: '2026-11-01T10:00:00.000Z',
});
const mixed: CustomBracketSetItem = {
  id: 7,
  name: 'Dr. Dana Mixed Set for the upper and lower arches',
  created_by_management: true,
  teeth: [
    { tooth_number: 11, bracket_library_id: 1, bracket_library_name: 'Damon Q2', height: 4.5 },
    { tooth_number: 21, bracket_library_id: 2, bracket_library_name: 'Victory Series', height: null },
  ],
  assigned_user_ids: [30],
};
const meta = (total: number) => ({ current_page: 1, per_page: 10, total, last_page: 1 });

let calls: { method: string; url: string; body?: unknown }[];
let list:
  | { data: CustomBracketSetItem[]; enabled: boolean; can_manage: boolean }
  | { status: number; message: string };
beforeEach(() => {
  held.permissions = new Set(['custom-bracket-sets.manage', 'bracket-libraries.manage']);
  calls = [];
  list = { data: [mixed], enabled: false, can_manage: true };
  notify.notifySuccess.mockReset();
  notify.notifyError.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://x');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url: u.pathname + u.search, body });
      const path = u.pathname.replace('/services/api/v2', '');
      if (method === 'GET' && path === '/organizations/4/custom-bracket-sets')
        return 'status' in list
          ? json({ message: list.message }, list.status)
          : json({ ...list, meta: meta(list.data.length) });
      if (method === 'GET' && path === '/organizations/4/bracket-libraries')
        return json({
          data: [library(1, 'Damon Q2'), library(2, 'Victory Series'), library(3, 'Clarity Advanced', true)],
          abilities: {
            add: true,
            update: true,
            changelog: true,
            inventory: true,
            edit_inventory: true,
            download: true,
            remove: true,
          },
        });
      if (method === 'GET' && path === '/organizations/4/bracket-libraries/assignable-members')
        return json({
          data: [
            { id: 30, full_name: 'Dana Doctor' },
            { id: 31, full_name: 'Olivia Owner' },
          ],
        });
      if (method === 'POST' && path.endsWith('/set-enable'))
        return json({ message: CUSTOM_SET_MESSAGES.enabled, enabled: true });
      if (method === 'POST') return json({ message: CUSTOM_SET_MESSAGES.created, data: mixed }, 201);
      if (method === 'PUT') return json({ message: CUSTOM_SET_MESSAGES.updated, data: mixed });
      if (method === 'DELETE') return json({ message: CUSTOM_SET_MESSAGES.deleted });
      return json({ message: 'Not found.' }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function wrap(ui: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('Brackets section: Custom Sets tab', () => {
  it('offers the Custom Sets tab next to Libraries only with custom-bracket-sets.manage', async () => {
    wrap(<BracketsSection organizationId={4} readOnly={false} />);
    const tabs = screen.getByRole('tablist', { name: 'Brackets' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Libraries', 'Custom Sets']);
    await userEvent.click(within(tabs).getByRole('tab', { name: 'Custom Sets' }));
    expect(await screen.findByRole('listitem', { name: mixed.name })).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('custom-bracket-sets?filter=created_by_management'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Add Libraries' })).not.toBeInTheDocument();
  });

  it('has no Custom Sets tab without the permission', () => {
    held.permissions = new Set(['bracket-libraries.view']);
    wrap(<BracketsSection organizationId={4} readOnly={false} />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Libraries']);
    expect(calls.some((c) => c.url.includes('custom-bracket-sets'))).toBe(false);
  });
});

describe('CustomSetsPanel', () => {
  it('lists a set with its name cut after 30 characters, its teeth and assigned users; switches sets on', async () => {
    wrap(<CustomSetsPanel organizationId={4} filter="created_by_management" />);
    const row = await screen.findByRole('listitem', { name: mixed.name });
    expect(row).toHaveTextContent('Dr. Dana Mixed Set for the upp…');
    expect(row).toHaveTextContent('2 teeth: UR1 Damon Q2 (4.5) · UL1 Victory Series');
    await waitFor(() => expect(row).toHaveTextContent('Assigned: Dana Doctor'));
    const toggle = screen.getByRole('switch', { name: 'Enable Custom Bracket Sets' });
    expect(toggle).not.toBeChecked();
    expect(screen.getByRole('alert')).toHaveTextContent('Custom bracket sets are off for this organization');
    await userEvent.click(toggle);
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith(CUSTOM_SET_MESSAGES.enabled));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/services/api/v2/organizations/4/custom-bracket-sets/set-enable',
      body: { value: true },
    });
  });

  it('shows the empty text', async () => {
    list = { data: [], enabled: true, can_manage: true };
    wrap(<CustomSetsPanel organizationId={4} filter="created_by_management" />);
    expect(await screen.findByText(CUSTOM_SET_MESSAGES.empty)).toBeInTheDocument();
  });

  async function openNewSet() {
    list = { data: [], enabled: true, can_manage: true };
    wrap(<CustomSetsPanel organizationId={4} filter="created_by_management" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Custom Set' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Custom Set' });
    // Add Tooth waits for the libraries.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Add Tooth' })).toBeEnabled());
    return dialog;
  }

  it('names the missing name and teeth and a bad height, and offers the visible libraries only', async () => {
    const dialog = await openNewSet();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(CUSTOM_SET_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(CUSTOM_SET_MESSAGES.teethRequired)).toBeInTheDocument();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Custom Set Name' }), {
      target: { value: 'Lab Standard' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Tooth' }));
    const tooth = within(dialog).getByRole('listitem', { name: 'Tooth UR1' });
    await userEvent.click(within(tooth).getByRole('combobox', { name: /Bracket Library/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Damon Q2', 'Victory Series']);
    await userEvent.click(screen.getByRole('option', { name: 'Victory Series' }));
    fireEvent.change(within(tooth).getByRole('textbox', { name: 'Height' }), { target: { value: '9.5' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(CUSTOM_SET_MESSAGES.height)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('posts a valid set and tells the server message', async () => {
    const dialog = await openNewSet();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Custom Set Name' }), {
      target: { value: 'Lab Standard' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Tooth' }));
    const tooth = within(dialog).getByRole('listitem', { name: 'Tooth UR1' });
    fireEvent.change(within(tooth).getByRole('textbox', { name: 'Height' }), { target: { value: '4.5' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith(CUSTOM_SET_MESSAGES.created));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Lab Standard',
      teeth: [{ tooth_number: 11, bracket_library_id: 1, height: 4.5 }],
      assigned_user_ids: [],
    });
  });

  it('lists the teeth of the set being edited and asks before closing with unsaved changes', async () => {
    wrap(<CustomSetsPanel organizationId={4} filter="created_by_management" />);
    await userEvent.click(await screen.findByRole('button', { name: `Edit ${mixed.name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Custom Set' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Tooth UR1', 'Tooth UL1']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove tooth UL1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(LIBRARY_MESSAGES.unsavedChanges)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit Custom Set' })).not.toBeInTheDocument(),
    );
  });

  it('deletes a set after confirmation', async () => {
    wrap(<CustomSetsPanel organizationId={4} filter="created_by_management" />);
    await userEvent.click(await screen.findByRole('button', { name: `Delete ${mixed.name}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Custom Set' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith(CUSTOM_SET_MESSAGES.deleted));
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(
      '/services/api/v2/organizations/4/custom-bracket-sets/7',
    );
  });

  it("practice page: own sets without the switch or assignment; the organization's refusal is shown", async () => {
    list = { data: [{ ...mixed, created_by_management: false }], enabled: true, can_manage: false };
    const view = wrap(<CustomSetsPanel organizationId={4} filter="owned" />);
    const row = await screen.findByRole('listitem', { name: mixed.name });
    expect(row).not.toHaveTextContent('Assigned');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('filter=owned'))).toBe(true);
    expect(calls.some((c) => c.url.includes('assignable-members'))).toBe(false);
    view.unmount();
    list = { status: 403, message: CUSTOM_SET_MESSAGES.notEnabled };
    wrap(<CustomSetsPanel organizationId={4} filter="owned" />);
    expect(await screen.findByText(CUSTOM_SET_MESSAGES.notEnabled)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Custom Set' })).not.toBeInTheDocument();
  });
});
