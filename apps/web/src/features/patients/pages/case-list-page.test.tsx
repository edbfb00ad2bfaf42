import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REQUEST_MESSAGES, type PatientListRow, type PatientShipment } from '@archline/contracts';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { groupByShipment } from '../components/shipment-groups.tsx';

const held = vi.hoisted(() => ({ permissions: new Set<string>(), roles: ['admin'] as string[] }));
vi.mock('../../../session/permissions.ts', () => ({
  permissionsOf: () => held.permissions,
  usePermissions: () => ({
    permissions: held.permissions,
    can: (...anyOf: string[]) => anyOf.some((p) => held.permissions.has(p)),
  }),
}));
vi.mock('../../../session/session.tsx', () => ({
  useSession: () => ({ user: { roles: held.roles.map((name) => ({ name })) } }),
}));

const { CaseListPage } = await import('./case-list-page.tsx');

function row(id: number, shipment: Partial<PatientShipment> | null = {}): PatientListRow {
  return {
    id,
    organization_id: 1,
    user_id: 2,
    first_name: `First${id}`,
    last_name: `Last${id}`,
    full_name: `First${id} Last${id}`,
    formatted_name: `Last${id}, First${id}`,
    case_number_text: null,
    numeric_suffix: null,
    patient_status_id: 1,
    list_status: 'approved',
    setup_completed_at: null,
    held_at: null,
    held_by_group: null,
    deleted_at: null,
    deleted_kind: null,
    markers: [],
    organization: { id: 1, name: 'Bright Smiles', account_number: null, organization_type: null },
    user: { id: 2, first_name: 'Dana', last_name: 'Doctor', full_name: 'Dana Doctor' },
    rx_form: null,
    notes_availability: { case: false },
    requests: [],
    ship_date: '2026-12-01',
    ship_completed: false,
    ios_file_id: null,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    overall_production_time: 0,
    shipment:
      shipment === null
        ? null
        : {
            key: 'a',
            printing_request_id: 100 + id,
            customer_request_id: 200 + id,
            status_id: 1,
            assigned_to: 1,
            location: { id: 7, name: 'Denver Office' },
            shipping_method: 'Ground',
            ship_date: '2026-12-01',
            shipping_label_printed: false,
            patient_label_printed: false,
            tracking_number: null,
            bundle: null,
            ...shipment,
          },
  } as PatientListRow;
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
const patientCalls = () =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://localhost'))
    .filter((u) => u.pathname === '/services/api/v2/patients');

const ROWS = [
  row(1, { key: 'a' }),
  row(2, { key: 'a' }),
  row(3, {
    key: 'b',
    location: null,
    bundle: {
      id: 12,
      tracking_number: 'EZ1000000012',
      custom_shipping_fee_cents: null,
      internal_shipping_cost_cents: null,
      shipping_label_printed: true,
      completed_at: null,
    },
  }),
];

beforeEach(() => {
  held.permissions = new Set(['printing-requests.update-shipping-information', 'batches.manage']);
  held.roles = ['admin'];
  fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname.endsWith('/patients'))
      return json({
        data: url.searchParams.get('shipping') ? ROWS : [row(9, null)],
        meta: { page: 1, per_page: 50, total: 3, total_capped: false, last_page: 1 },
      });
    return json({ data: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.search}</p>;
}

function GroupActions({ cases }: { cases: { shipment: PatientShipment }[] }) {
  return <span>actions for {cases.map((c) => c.shipment.printing_request_id).join(',')}</span>;
}
function CaseLabels({ shipment }: { shipment: PatientShipment }) {
  return <span>labels of {shipment.printing_request_id}</span>;
}

function renderPage(path = '/patients-page') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/patients-page"
            element={
              <>
                <CaseListPage
                  OrganizationName={({ name }) => <span>{name}</span>}
                  CreateBatchDialog={() => null}
                  ShipmentGroupActions={GroupActions}
                  ShipmentCaseLabels={CaseLabels}
                />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the shipping view of the case list', () => {
  it('groups the consecutive rows of one shipment key', () => {
    const groups = groupByShipment([
      row(1, { key: 'a' }),
      row(2, { key: 'a' }),
      row(3, { key: 'b' }),
      row(4, null),
      row(5, null),
      row(6, { key: 'a' }),
    ]);
    expect(groups.map((g) => [g.key, g.rows.map((r) => r.id)])).toEqual([
      ['a', [1, 2]],
      ['b', [3]],
      [null, [4]],
      [null, [5]],
      ['a', [6]],
    ]);
    expect(groups[0]!.cases.map((c) => c.shipment.printing_request_id)).toEqual([101, 102]);
  });

  it('turns on from the toggle: shipments ordered oldest first, one header per group', async () => {
    const user = userEvent.setup();
    renderPage();
    const toggle = await screen.findByRole('switch', { name: 'Shipping' });
    expect(await screen.findByText('Last9, First9')).toBeInTheDocument();
    expect(screen.queryAllByTestId('shipment-group')).toHaveLength(0);
    expect(screen.getByRole('columnheader', { name: 'Batch' })).toBeInTheDocument();

    await user.click(toggle);
    await waitFor(() => expect(screen.getAllByTestId('shipment-group')).toHaveLength(2));
    const last = patientCalls().at(-1)!;
    expect(last.searchParams.get('shipping')).toBe('true');
    expect(last.searchParams.get('sort')).toBe('oldest');
    expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveTextContent('Oldest shipments');
    expect(screen.queryByRole('columnheader', { name: 'Batch' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Shipment' })).toBeInTheDocument();

    const [first, second] = screen.getAllByTestId('shipment-group');
    expect(within(first!).getByRole('heading', { name: 'Denver Office' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Ship date: Dec 1, 2026');
    expect(first).toHaveTextContent('Method: Ground');
    expect(first).toHaveTextContent('2 cases');
    expect(first).toHaveTextContent('actions for 101,102');
    expect(
      within(second!).getByRole('heading', { name: REQUEST_MESSAGES.shippingLocationMissing }),
    ).toBeInTheDocument();
    expect(second).toHaveTextContent('1 case');
    expect(second).toHaveTextContent('Bundle #12 · EZ1000000012');
    expect(screen.getByText('labels of 103')).toBeInTheDocument();

    // Newest shipments first.
    await user.click(screen.getByRole('combobox', { name: 'Sort' }));
    await user.click(screen.getByRole('option', { name: 'Newest shipments' }));
    await waitFor(() => expect(patientCalls().at(-1)!.searchParams.get('sort')).toBe('newest'));

    // Reset Filters leaves the shipping view.
    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    await waitFor(() => expect(screen.queryAllByTestId('shipment-group')).toHaveLength(0));
    expect(patientCalls().at(-1)!.searchParams.get('shipping')).toBeNull();
  });

  it('turns on from filter[shipping]=1, which then leaves the address', async () => {
    renderPage('/patients-page?filter[shipping]=1&keep=1');
    await waitFor(() => expect(screen.getAllByTestId('shipment-group')).toHaveLength(2));
    expect(screen.getByRole('switch', { name: 'Shipping' })).toBeChecked();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\?keep=1$/);
    expect(patientCalls().every((u) => u.searchParams.get('shipping') === 'true')).toBe(true);
  });

  it('is not offered to lab partners nor to staff without the shipping permission', async () => {
    held.roles = ['lab_partner'];
    held.permissions = new Set(['printing-requests.update-shipping-information']);
    const { unmount } = renderPage('/patients-page?filter[shipping]=1');
    expect(await screen.findByText('Last9, First9')).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Shipping' })).not.toBeInTheDocument();
    expect(patientCalls().every((u) => !u.searchParams.has('shipping'))).toBe(true);
    unmount();

    held.roles = ['tech_support'];
    held.permissions = new Set();
    renderPage();
    expect(await screen.findByText('Last9, First9')).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Shipping' })).not.toBeInTheDocument();
  });
});

describe('the on-hold filter of the case list', () => {
  it.each(['admin', 'super_admin'])(
    "%s: reads 'On-hold'; held cases are left to the server's default until it includes them",
    async (role) => {
      held.roles = [role];
      const user = userEvent.setup();
      renderPage();
      const toggle = await screen.findByRole('switch', { name: 'On-hold' });
      expect(screen.queryByRole('switch', { name: 'On-hold Only' })).not.toBeInTheDocument();
      expect(toggle).not.toBeChecked();
      await waitFor(() => expect(patientCalls().length).toBeGreaterThan(0));
      expect(patientCalls().every((u) => !u.searchParams.has('held'))).toBe(true);

      await user.click(toggle);
      await waitFor(() => expect(patientCalls().at(-1)!.searchParams.get('held')).toBe('include'));
      await user.click(toggle);
      await waitFor(() => expect(patientCalls().at(-1)!.searchParams.has('held')).toBe(false));
    },
  );

  it.each(['tech_support', 'supervisor', 'lab_partner'])(
    "%s: reads 'On-hold Only' and asks for held cases only",
    async (role) => {
      held.roles = [role];
      const user = userEvent.setup();
      renderPage();
      const toggle = await screen.findByRole('switch', { name: 'On-hold Only' });
      expect(screen.queryByRole('switch', { name: 'On-hold' })).not.toBeInTheDocument();
      await waitFor(() => expect(patientCalls().length).toBeGreaterThan(0));
      expect(patientCalls().every((u) => !u.searchParams.has('held'))).toBe(true);

      await user.click(toggle);
      await waitFor(() => expect(patientCalls().at(-1)!.searchParams.get('held')).toBe('only'));
    },
  );

  it('turns on from filter[on_hold]=1 with the role’s meaning', async () => {
    held.roles = ['admin'];
    renderPage('/patients-page?filter[on_hold]=1');
    expect(await screen.findByRole('switch', { name: 'On-hold' })).toBeChecked();
    await waitFor(() => expect(patientCalls().at(-1)!.searchParams.get('held')).toBe('include'));
  });
});
