import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PatientDetails } from '@archline/contracts/patients';
import { describe, expect, it } from 'vitest';
import { CaseProgressSummary } from './case-progress-summary.tsx';
import { NotePanel, notePanelTitle } from './note-panel.tsx';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

const patient = {
  list_status: 'in_progress',
  requests: [
    { type: 'customer_request', id: 4, customer_request_id: 4, status_id: 2, oldest_open_at: hoursAgo(20) },
    { type: 'printing_request', id: 9, customer_request_id: 4, status_id: 2, oldest_open_at: hoursAgo(2) },
  ],
  ship_date: '2020-01-15',
  ship_completed: false,
} as unknown as PatientDetails;

describe('the case progress on patient details', () => {
  it('shows the open requests with the age colours, the overdue ship date and the status', () => {
    render(<CaseProgressSummary patient={patient} />);
    const progress = screen.getByLabelText('Case progress');
    expect(within(progress).getByText('In Progress')).toBeInTheDocument();
    const request = within(progress).getByText('Request: In Progress').closest('.MuiChip-root')!;
    expect(request).toHaveAttribute('data-tone', 'danger');
    const printing = within(progress).getByText('Printing: In Progress').closest('.MuiChip-root')!;
    expect(printing).toHaveAttribute('data-tone', 'ok');
    const ship = within(progress).getByText(/Jan 15, 2020/).closest('[data-tone]')!;
    expect(ship).toHaveAttribute('data-tone', 'overdue');
  });

  it("explains the chip's colour in its tooltip", async () => {
    const user = userEvent.setup();
    render(<CaseProgressSummary patient={patient} />);
    await user.hover(screen.getByText('Printing: In Progress'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'The colour is the age of the oldest open item: green up to 6 h, amber up to 12 h, red beyond.',
    );
  });
});

describe('note panel titles', () => {
  it('say N/A inside one pair of brackets', () => {
    expect(notePanelTitle('Internal Notes (Doctor)', true)).toBe('Internal Notes (Doctor, N/A)');
    expect(notePanelTitle('Atoms', true)).toBe('Atoms (N/A)');
    expect(notePanelTitle('Atoms', false)).toBe('Atoms');
  });

  it('show what a spec name means under it', () => {
    render(
      <NotePanel title="Atoms" subtitle="Physical technician notes" empty>
        x
      </NotePanel>,
    );
    expect(screen.getByRole('button', { name: /Atoms \(N\/A\)\s*Physical technician notes/ })).toBeInTheDocument();
  });
});
