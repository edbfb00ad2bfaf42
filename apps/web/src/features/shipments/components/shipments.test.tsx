import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  BUNDLE_MESSAGES,
  REQUEST_MESSAGES,
  type PatientListItem,
  type PatientShipment,
} from '@archline/contracts';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { snackbars } from '../../../lib/snackbar-host.tsx';
import type { ShipmentCase } from '../shipment-rules.ts';

const held = vi.hoisted(() => ({ permissions: new Set<string>() }));
vi.mock('../../../session/permissions.ts', () => ({
  usePermissions: () => ({
    permissions: held.permissions,
    can: (...anyOf: string[]) => anyOf.some((p) => held.permissions.has(p)),
  }),
}));

const { ShipmentGroupActions } = await import('./shipment-group-actions.tsx');
const { ShipmentCaseLabels } = await import('./shipment-case-labels.tsx');

const ALL = [
  'printing-requests.update-shipping-information',
  'customer-requests.complete',
  'customer-requests.apply-custom-shipping-fee',
  'customer-requests.apply-internal-shipping-cost',
];

type Bundle = NonNullable<PatientShipment['bundle']>;

function bundleOf(patch: Partial<Bundle> = {}): Bundle {
  return {
    id: 12,
    tracking_number: 'EZ1000000012',
    custom_shipping_fee_cents: null,
    internal_shipping_cost_cents: null,
    shipping_label_printed: true,
    completed_at: null,
    ...patch,
  };
}

function caseOf(id: number, patch: Partial<PatientShipment> = {}): ShipmentCase {
  const patient = {
    id,
    organization_id: 1,
    user_id: 2,
    first_name: `First${id}`,
    last_name: `Last${id}`,
    full_name: `First${id} Last${id}`,
    formatted_name: `Last${id}, First${id}, C-${id}`,
    case_number_text: `C-${id}`,
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
    user: { id: 2, full_name: 'Dana Doctor' },
    rx_form: { jaws_id: 3 },
    notes_availability: { case: false },
    requests: [],
    ship_date: '2026-12-01',
    ship_completed: false,
    ios_file_id: null,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
  } as unknown as PatientListItem;
  const shipment: PatientShipment = {
    key: '2026-12-01|7|',
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
    ...patch,
  };
  return { patient, shipment };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const pdf = () =>
  new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'content-type': 'application/pdf' } });

let fetchMock: Mock<(url: string, init?: RequestInit) => Promise<Response>>;
let saved: string[];
const calls = () =>
  fetchMock.mock.calls.map(([url, init]) => ({
    path: String(url),
    method: init?.method,
    body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
  }));

beforeEach(() => {
  held.permissions = new Set(ALL);
  fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:label');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  const { closeSnackbar } = await snackbars;
  act(() => closeSnackbar());
});

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
}

function renderGroup(cases: ShipmentCase[]) {
  const onChanged = vi.fn();
  wrap(<ShipmentGroupActions cases={cases} onChanged={onChanged} />);
  return { onChanged };
}

/** Both labels printed: the bundle's shipping label and every case's patient labels. */
const printed = (id: number, patch: Partial<PatientShipment> = {}) =>
  caseOf(id, { bundle: bundleOf(), patient_label_printed: true, shipping_label_printed: true, ...patch });

describe('a shipping group: Complete', () => {
  it('is enabled only once the shipping label and every patient label are printed', () => {
    const { unmount } = wrap(
      <ShipmentGroupActions cases={[printed(1), printed(2)]} onChanged={() => undefined} />,
    );
    expect(screen.getByRole('button', { name: 'Complete' })).toBeEnabled();
    unmount();

    // One patient label missing.
    const view = wrap(
      <ShipmentGroupActions
        cases={[printed(1), printed(2, { patient_label_printed: false })]}
        onChanged={() => undefined}
      />,
    );
    expect(screen.getByRole('button', { name: 'Complete' })).toBeDisabled();
    expect(screen.getByLabelText(`Complete: ${BUNDLE_MESSAGES.labelsFirst}`)).toBeInTheDocument();
    view.unmount();

    // No shipping label yet (no bundle).
    renderGroup([caseOf(1, { patient_label_printed: true }), caseOf(2, { patient_label_printed: true })]);
    expect(screen.getByRole('button', { name: 'Complete' })).toBeDisabled();
    expect(screen.getByLabelText(`Complete: ${BUNDLE_MESSAGES.labelsFirst}`)).toBeInTheDocument();
  });

  it('is not offered without the completion permission, nor once the group is completed', () => {
    held.permissions = new Set(['printing-requests.update-shipping-information']);
    const { unmount } = wrap(<ShipmentGroupActions cases={[printed(1)]} onChanged={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Complete' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print Shipping Label' })).toBeEnabled();
    unmount();

    held.permissions = new Set(ALL);
    renderGroup([printed(1, { status_id: 3, bundle: bundleOf({ completed_at: '2026-12-01T12:00:00Z' }) })]);
    expect(screen.queryByRole('button', { name: 'Complete' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tracking' })).toBeEnabled();
  });

  it('completes the open cases with the tracking number and the fees in dollars', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(
      json({ bundled_shipment: { id: 12 }, message: 'The shipment has been completed.' }),
    );
    const { onChanged } = renderGroup([printed(1), printed(2)]);
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    const dialog = screen.getByRole('dialog', { name: 'Bundled Shipping' });
    expect(within(dialog).getByText(/Completes 2 cases shipping to Denver Office/)).toBeInTheDocument();
    // Prefilled from the bundle's label.
    expect(within(dialog).getByRole('textbox', { name: /Tracking Number/ })).toHaveValue('EZ1000000012');
    await user.type(within(dialog).getByRole('textbox', { name: 'Custom Shipping Fee' }), '12.5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Internal Shipping Cost' }), '8');
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));

    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls()).toEqual([
      {
        path: '/services/api/v2/bundled_completion',
        method: 'POST',
        body: {
          ids: [101, 102],
          tracking_number: 'EZ1000000012',
          custom_shipping_fee: 12.5,
          internal_shipping_cost: 8,
        },
      },
    ]);
    expect(await screen.findByText('The shipment has been completed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('the Bundled Shipping form', () => {
  async function openComplete(cases = [printed(1)]) {
    const user = userEvent.setup();
    renderGroup(cases);
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    return { user, dialog: screen.getByRole('dialog', { name: 'Bundled Shipping' }) };
  }

  it('shows the fee fields only with their permissions and sends only those', async () => {
    held.permissions = new Set([
      'printing-requests.update-shipping-information',
      'customer-requests.complete',
      'customer-requests.apply-internal-shipping-cost',
    ]);
    fetchMock.mockResolvedValueOnce(json({ bundled_shipment: { id: 12 }, message: 'Done' }));
    const { user, dialog } = await openComplete();
    expect(within(dialog).queryByRole('textbox', { name: 'Custom Shipping Fee' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Internal Shipping Cost' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(calls()[0]!.body).toEqual({
      ids: [101],
      tracking_number: 'EZ1000000012',
      internal_shipping_cost: null,
    });
  });

  it('hides both fee fields without the permissions', async () => {
    held.permissions = new Set(['customer-requests.manage']);
    fetchMock.mockResolvedValueOnce(json({ bundled_shipment: { id: 12 }, message: 'Done' }));
    const { user, dialog } = await openComplete();
    expect(within(dialog).getAllByRole('textbox')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(calls()[0]!.body).toEqual({ ids: [101], tracking_number: 'EZ1000000012' });
  });

  it('needs a tracking number and fees that are numbers of at least zero', async () => {
    const { user, dialog } = await openComplete([
      printed(1, { bundle: bundleOf({ tracking_number: null }) }),
    ]);
    const fee = within(dialog).getByRole('textbox', { name: 'Custom Shipping Fee' });
    const cost = within(dialog).getByRole('textbox', { name: 'Internal Shipping Cost' });
    await user.type(fee, 'abc');
    await user.type(cost, '-2');
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await within(dialog).findByText(REQUEST_MESSAGES.trackingNumberRequired)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Tracking Number/ })).toHaveAccessibleDescription(
      REQUEST_MESSAGES.trackingNumberRequired,
    );
    expect(fee).toHaveAccessibleDescription(BUNDLE_MESSAGES.invalidNumber);
    expect(cost).toHaveAccessibleDescription(BUNDLE_MESSAGES.negative);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("puts the server's field messages under the fields and any other in a snackbar", async () => {
    fetchMock
      .mockResolvedValueOnce(
        json({ message: 'Invalid', errors: { tracking_number: ['The tracking number is taken.'] } }, 422),
      )
      .mockResolvedValueOnce(
        json({ message: BUNDLE_MESSAGES.labelsFirst, errors: { ids: [BUNDLE_MESSAGES.labelsFirst] } }, 422),
      );
    const { user, dialog } = await openComplete();
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await within(dialog).findByText('The tracking number is taken.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText(BUNDLE_MESSAGES.labelsFirst)).toBeInTheDocument();
    expect(within(dialog).queryByText(BUNDLE_MESSAGES.labelsFirst)).not.toBeInTheDocument();
  });
});

describe('a shipping group: Print Shipping Label', () => {
  it('is disabled, saying why, when no open case can ship', () => {
    renderGroup([caseOf(1, { assigned_to: 3 }), caseOf(2, { assigned_to: 3 })]);
    expect(screen.getByRole('button', { name: 'Print Shipping Label' })).toBeDisabled();
    expect(
      screen.getByLabelText(`Print Shipping Label: ${REQUEST_MESSAGES.assignedToThirdParty}`),
    ).toBeInTheDocument();
  });

  it('preselects the open cases of the provider with a location and explains the others', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(pdf());
    const { onChanged } = renderGroup([
      caseOf(1),
      caseOf(2, { location: null }),
      caseOf(3, { assigned_to: 3 }),
      caseOf(4, { assigned_to: 2 }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Print Shipping Label' }));
    const dialog = screen.getByRole('dialog', { name: 'Print Shipping Label' });
    const box = (n: number) => within(dialog).getByRole('checkbox', { name: `Last${n}, First${n}, C-${n}` });
    expect(box(1)).toBeChecked();
    expect(box(2)).not.toBeChecked();
    expect(box(2)).toBeDisabled();
    expect(box(2)).toHaveAccessibleDescription(REQUEST_MESSAGES.shippingLocationMissing);
    expect(box(3)).toBeDisabled();
    expect(box(3)).toHaveAccessibleDescription(REQUEST_MESSAGES.assignedToThirdParty);
    // In-office: it may ship, but is not chosen first.
    expect(box(4)).toBeEnabled();
    expect(box(4)).not.toBeChecked();

    await user.click(box(4));
    await user.click(within(dialog).getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls()).toEqual([
      { path: '/services/api/v2/shipment/print-shipping-label', method: 'POST', body: { ids: [101, 104] } },
    ]);
    expect(saved).toEqual(['shipping-label-101-104.pdf']);
  });

  it('prints only a non-empty selection that ships to one location', async () => {
    const user = userEvent.setup();
    renderGroup([caseOf(1), caseOf(2, { location: { id: 8, name: 'Boulder Office' } })]);
    await user.click(screen.getByRole('button', { name: 'Print Shipping Label' }));
    const dialog = screen.getByRole('dialog', { name: 'Print Shipping Label' });
    const print = within(dialog).getByRole('button', { name: 'Print' });
    expect(print).toBeDisabled();
    expect(print).toHaveAccessibleDescription(REQUEST_MESSAGES.differentLocations);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Last2, First2, C-2' }));
    expect(print).toBeEnabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Last1, First1, C-1' }));
    expect(print).toBeDisabled();
    expect(print).toHaveAccessibleDescription('Choose the cases that go on the label.');
  });

  it("reprints a bundle's label, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    fetchMock
      .mockResolvedValueOnce(json({ message: BUNDLE_MESSAGES.noLabel }, 422))
      .mockResolvedValueOnce(pdf());
    const { onChanged } = renderGroup([printed(1), printed(2)]);
    await user.click(screen.getByRole('button', { name: 'Print Shipping Label' }));
    const dialog = screen.getByRole('dialog', { name: 'Print Shipping Label' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reprint' }));
    expect(await screen.findByText(BUNDLE_MESSAGES.noLabel)).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Reprint' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls().map((c) => c.body)).toEqual([{ bundled_shipment_id: 12 }, { bundled_shipment_id: 12 }]);
    expect(saved).toEqual(['shipping-label-bundle-12.pdf']);
  });
});

describe('a completed bundle: Tracking', () => {
  it('updates the tracking number and fees, shown as dollars', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(json({ bundled_shipment: { id: 12 }, message: BUNDLE_MESSAGES.updated }));
    const bundle = bundleOf({
      completed_at: '2026-12-01T12:00:00Z',
      custom_shipping_fee_cents: 1250,
      internal_shipping_cost_cents: 800,
    });
    const { onChanged } = renderGroup([printed(1, { status_id: 3, bundle })]);
    expect(screen.getByText('Fee $12.50 · Cost $8.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tracking' }));
    const dialog = screen.getByRole('dialog', { name: 'Update Bundled Shipping' });
    expect(within(dialog).getByRole('textbox', { name: 'Custom Shipping Fee' })).toHaveValue('12.50');
    expect(within(dialog).getByRole('textbox', { name: 'Internal Shipping Cost' })).toHaveValue('8.00');
    const tracking = within(dialog).getByRole('textbox', { name: /Tracking Number/ });
    await user.clear(tracking);
    await user.type(tracking, 'EZ2000000099');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls()).toEqual([
      {
        path: '/services/api/v2/bundled-shipments/12',
        method: 'PATCH',
        body: { tracking_number: 'EZ2000000099', custom_shipping_fee: 12.5, internal_shipping_cost: 8 },
      },
    ]);
    expect(await screen.findByText(BUNDLE_MESSAGES.updated)).toBeInTheDocument();
  });
});

describe("a case's labels in the shipping view", () => {
  it('shows the patient label state and why the case cannot ship', () => {
    const c = caseOf(1, { location: null });
    wrap(<ShipmentCaseLabels {...c} onChanged={() => undefined} />);
    expect(screen.getByText('Patient label not printed')).toBeInTheDocument();
    expect(screen.getByText(REQUEST_MESSAGES.shippingLocationMissing)).toBeInTheDocument();
  });

  it('prints the patient labels from the Patient Label dialog', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(pdf());
    const onChanged = vi.fn();
    const c = caseOf(1, { assigned_to: 3 });
    wrap(<ShipmentCaseLabels {...c} onChanged={onChanged} />);
    expect(screen.getByText(REQUEST_MESSAGES.assignedToThirdParty)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Patient Label of First1 Last1' }));
    const dialog = screen.getByRole('dialog', { name: 'Patient Label' });
    expect(within(dialog).getByText('Last1, First1, C-1')).toBeInTheDocument();
    expect(within(dialog).getByText('Both')).toBeInTheDocument();
    expect(within(dialog).getByText('Not printed')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls()).toEqual([
      { path: '/services/api/v2/printing_requests/101/patient_labels', method: 'POST', body: undefined },
    ]);
    expect(saved).toEqual(['patient-labels-101.pdf']);
  });

  it('offers no Patient Label without the shipping permission', () => {
    held.permissions = new Set(['customer-requests.complete']);
    const c = caseOf(1, { patient_label_printed: true });
    wrap(<ShipmentCaseLabels {...c} onChanged={() => undefined} />);
    expect(screen.getByText('Patient label printed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Patient Label/ })).not.toBeInTheDocument();
  });
});
