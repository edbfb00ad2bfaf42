import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  REQUEST_MESSAGES,
  type PatientFile,
  type PrintingRequest,
  type RxFormResponse,
  type TrayDesignRequest,
} from '@archline/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { CompleteDialog } from './complete-dialog.tsx';
import { InitialSetupCard } from './initial-setup-card.tsx';
import {
  ManagementNotesCard,
  MANAGEMENT_NOTE_MAX,
  MANAGEMENT_NOTE_TOO_LONG,
} from './management-notes-card.tsx';
import { PrintAssignment } from './print-assignment.tsx';
import { TrayDesignCard } from './tray-design-card.tsx';
import { AgeChip } from './request-chips.tsx';
import { ShippingDialog } from './shipping-dialog.tsx';

const NOW = new Date('2026-11-25T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString();

describe('AgeChip', () => {
  it('colours the oldest item by the 6 h and 12 h thresholds', () => {
    const { rerender } = render(<AgeChip oldestAt={hoursAgo(5)} now={NOW} />);
    expect(screen.getByLabelText(/Oldest item 5 h/)).toHaveAttribute('data-tone', 'ok');
    rerender(<AgeChip oldestAt={hoursAgo(11)} now={NOW} />);
    expect(screen.getByLabelText(/Oldest item 11 h/)).toHaveAttribute('data-tone', 'warning');
    rerender(<AgeChip oldestAt={hoursAgo(30)} now={NOW} />);
    expect(screen.getByLabelText(/Oldest item 30 h/)).toHaveAttribute('data-tone', 'danger');
    rerender(<AgeChip oldestAt={null} now={NOW} />);
    expect(screen.getByLabelText(/No items/)).toHaveAttribute('data-tone', 'neutral');
  });
});

describe('CompleteDialog', () => {
  it('asks for the tracking number of a print request and refuses an empty one', async () => {
    const onComplete = vi.fn(() => Promise.resolve());
    render(
      <CompleteDialog open needsTracking busy={false} onClose={() => undefined} onComplete={onComplete} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(screen.getByText(REQUEST_MESSAGES.trackingNumberRequired)).toBeInTheDocument();
    expect(onComplete).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('textbox', { name: /Tracking Number/ }), ' 1Z123 ');
    await userEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(onComplete).toHaveBeenCalledWith('1Z123');
  });

  it('shows the server’s message under the field', async () => {
    const onComplete = vi.fn(() =>
      Promise.reject(new ApiError('Bad', 422, { tracking_number: ['The tracking number is taken.'] })),
    );
    render(
      <CompleteDialog open needsTracking busy={false} onClose={() => undefined} onComplete={onComplete} />,
    );
    await userEvent.type(screen.getByRole('textbox', { name: /Tracking Number/ }), 'X');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('The tracking number is taken.')).toBeInTheDocument();
  });

  it('only confirms when there is no print request', async () => {
    const onComplete = vi.fn(() => Promise.resolve());
    render(
      <CompleteDialog
        open
        needsTracking={false}
        busy={false}
        onClose={() => undefined}
        onComplete={onComplete}
      />,
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(onComplete).toHaveBeenCalledWith(undefined);
  });
});

describe('ShippingDialog', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          new Response(
            JSON.stringify(
              String(url).includes('shipping_methods')
                ? { shipping_methods: [] }
                : {
                    locations: { data: [], meta: { current_page: 1, per_page: 100, total: 0, last_page: 1 } },
                  },
            ),
            { status: 200, headers: { 'content-type': 'application/json' } },
          ),
        ),
      ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('requires every field before it saves', async () => {
    const printing = {
      id: 1,
      location: null,
      shipping_method: null,
      expected_arrival_date: null,
      delivery_date_from: null,
      delivery_date_to: null,
    } as unknown as PrintingRequest;
    const onSave = vi.fn(() => Promise.resolve());
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ShippingDialog
          open
          organizationId={1}
          printingRequest={printing}
          busy={false}
          onClose={() => undefined}
          onSave={onSave}
        />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('The location id field is required.')).toBeInTheDocument());
    expect(screen.getByText('The shipping method id field is required.')).toBeInTheDocument();
    expect(screen.getByText('The expected arrival date field is required.')).toBeInTheDocument();
    expect(screen.getByText('The delivery date from field is required.')).toBeInTheDocument();
    expect(screen.getByText('The delivery date to field is required.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('PrintAssignment', () => {
  it('offers the options the server gives and sends the chosen one', async () => {
    const onAssign = vi.fn(() => Promise.resolve());
    render(<PrintAssignment assignedTo={1} options={[1, 2]} busy={false} onAssign={onAssign} />);
    const select = screen.getByRole('combobox', { name: 'Assigned To' });
    expect(select).toHaveTextContent('Provider');
    await userEvent.click(select);
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Provider', 'In-Office']);
    await userEvent.click(screen.getByRole('option', { name: 'In-Office' }));
    expect(onAssign).toHaveBeenCalledWith(2);
  });

  it('shows the server’s refusal under the field', async () => {
    const onAssign = vi.fn(() =>
      Promise.reject(new ApiError('Invalid', 422, { assign_to: [REQUEST_MESSAGES.assignWithoutPartner] })),
    );
    render(<PrintAssignment assignedTo={1} options={[1, 2, 3]} busy={false} onAssign={onAssign} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Assigned To' }));
    await userEvent.click(screen.getByRole('option', { name: 'Third Party' }));
    expect(await screen.findByText(REQUEST_MESSAGES.assignWithoutPartner)).toBeInTheDocument();
  });
});

describe('TrayDesignCard', () => {
  const design: TrayDesignRequest = {
    id: 4,
    customer_request_id: 9,
    patient_id: 3,
    status_id: 1,
    status_label: 'New',
    jaw_type: 3,
    maxillary_file_id: 11,
    mandibular_file_id: null,
    created_at: NOW.toISOString(),
    updated_at: NOW.toISOString(),
  };
  const file = (id: number, name: string) =>
    ({ id, original_name: name, name, patient_id: 3 }) as unknown as PatientFile;
  const files = [file(11, 'upper.stl'), file(12, 'lower.stl')];

  it('names the chosen files and saves the choice of each arch', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    render(<TrayDesignCard design={design} canEdit files={files} busy={false} onSave={onSave} />);
    expect(screen.getByText('upper.stl')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Choose Files' }));
    const dialog = screen.getByRole('dialog', { name: 'Tray Design Files' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Mandibular File' }));
    await userEvent.click(screen.getByRole('option', { name: 'lower.stl' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ maxillary_file_id: 11, mandibular_file_id: 12 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers only the arch of the design, shows the server’s refusal, and nothing to edit without the permission', async () => {
    const onSave = vi.fn(() =>
      Promise.reject(new ApiError('Invalid', 422, { maxillary_file_id: [REQUEST_MESSAGES.unknownFile] })),
    );
    const { unmount } = render(
      <TrayDesignCard
        design={{ ...design, jaw_type: 1 }}
        canEdit
        files={files}
        busy={false}
        onSave={onSave}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Choose Files' }));
    expect(screen.queryByRole('combobox', { name: 'Mandibular File' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ maxillary_file_id: 11 });
    expect(await screen.findByText(REQUEST_MESSAGES.unknownFile)).toBeInTheDocument();
    unmount();
    render(<TrayDesignCard design={design} canEdit={false} files={undefined} busy={false} onSave={onSave} />);
    expect(screen.getByText('Uploaded')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose Files' })).not.toBeInTheDocument();
  });
});

describe('ManagementNotesCard', () => {
  it('edits the note and keeps the rest of the management data', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    render(
      <ManagementNotesCard
        data={{ note: 'Check the bite', priority: 2 }}
        canEdit
        busy={false}
        onSave={onSave}
      />,
    );
    expect(screen.getByText('Check the bite')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Note' }));
    const field = screen.getByRole('textbox', { name: 'Note' });
    await userEvent.clear(field);
    await userEvent.type(field, '  Call the doctor first  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save Note' }));
    expect(onSave).toHaveBeenCalledWith({ priority: 2, note: 'Call the doctor first' });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Note' })).not.toBeInTheDocument());
  });

  it('clears an emptied note, refuses a note that is too long, and is read-only without the permission', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const { unmount } = render(
      <ManagementNotesCard data={{ note: 'Old' }} canEdit busy={false} onSave={onSave} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit Note' }));
    const field = screen.getByRole('textbox', { name: 'Note' });
    await userEvent.clear(field);
    await userEvent.click(field);
    await userEvent.paste('x'.repeat(MANAGEMENT_NOTE_MAX + 1));
    await userEvent.click(screen.getByRole('button', { name: 'Save Note' }));
    expect(screen.getByText(MANAGEMENT_NOTE_TOO_LONG)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Save Note' }));
    expect(onSave).toHaveBeenCalledWith({});
    unmount();
    render(<ManagementNotesCard data={{}} canEdit={false} busy={false} onSave={onSave} />);
    expect(screen.getByText('No notes yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Note/ })).not.toBeInTheDocument();
  });
});

describe('InitialSetupCard', () => {
  const form = (o: { assign: boolean; notify: boolean; label: 'PENDING' | null }) =>
    ({
      rx_form: {
        id: 8,
        status: 'New',
        label: o.label,
        can_notify_doctor: o.notify,
        submitted_at: NOW.toISOString(),
        ready_at: o.label ? NOW.toISOString() : null,
        initial_setup_assignment: 1,
        user: { id: 3, full_name: 'Dana Doctor' },
      },
      metadata: {
        modification_rules: {
          can_modify: true,
          can_change_assignments: o.assign,
          modifiable_fields: o.assign ? ['initial_setup_assignment'] : [],
          show_approved_warning: false,
          reason: null,
        },
        hidden_fields: [],
      },
    }) as unknown as RxFormResponse;

  it('offers the organization’s setup assignments and Notify Doctor with a confirmation', async () => {
    const onAssign = vi.fn(() => Promise.resolve());
    const onNotify = vi.fn(() => Promise.resolve());
    render(
      <InitialSetupCard
        form={form({ assign: true, notify: true, label: null })}
        error={null}
        options={[2]}
        busy={false}
        onAssign={onAssign}
        onNotify={onNotify}
      />,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Initial Setup By' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Provider', 'In-Office']);
    await userEvent.click(screen.getByRole('option', { name: 'In-Office' }));
    expect(onAssign).toHaveBeenCalledWith(2);
    await userEvent.click(screen.getByRole('button', { name: 'Notify Doctor' }));
    const dialog = screen.getByRole('dialog', { name: 'Notify Doctor' });
    expect(dialog).toHaveTextContent(
      'Dana Doctor will be told that the initial setup is ready for approval.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Notify Doctor' }));
    expect(onNotify).toHaveBeenCalledTimes(1);
  });

  it('reads the label and the assignment when the caller may change neither', () => {
    render(
      <InitialSetupCard
        form={form({ assign: false, notify: false, label: 'PENDING' })}
        error={null}
        options={undefined}
        busy={false}
        onAssign={vi.fn()}
        onNotify={vi.fn()}
      />,
    );
    expect(screen.getByText('PENDING')).toBeInTheDocument();
    expect(screen.getByText('Provider')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Notify Doctor' })).not.toBeInTheDocument();
  });
});
