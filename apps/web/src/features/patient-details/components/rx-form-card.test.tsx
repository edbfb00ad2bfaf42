import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import type { PatientRxFormSummary } from '@archline/contracts/patients';
import type { RxForm } from '@archline/contracts/rx-forms';
import { describe, expect, it } from 'vitest';
import { Summary } from './rx-form-card.tsx';

function summary(patch: Partial<PatientRxFormSummary> = {}): PatientRxFormSummary {
  return {
    id: 7,
    status_id: 1,
    ready_at: null,
    completed_at: null,
    cancelled_at: null,
    saved_for_later: false,
    submission_completed_by: 1,
    rush_case: false,
    jaws_id: 3,
    bonding_date: null,
    assignments: { initial_setup: 1, print: 1, tray_design: null, insert_brackets: 1 },
    version: 1,
    submitted_at: null,
    scan_submission_type: 1,
    root_integration_type: 0,
    scanner_type: 1,
    custom_scanner_type_name: null,
    export_type: 1,
    intraoral_scan_date: null,
    rush_case_authorized_by: null,
    custom_setup: false,
    expedited_shipping: false,
    special_instructions: null,
    easy_rx_prescription_id: null,
    location_id: null,
    shipping_location_id: null,
    shipping_method_id: null,
    created_by_user_id: null,
    teeth: {},
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...patch,
  };
}

const full = {
  user: { id: 3, full_name: 'Dana Doctor' },
  created_by_user: null,
  bracket_libraries: [{ id: 1, label: 'Damon Q2', file_name: 'damon-q2.zip' }],
  arch_wires: [],
  custom_bracket_set: null,
  location: null,
  shipping_location: null,
  shipping_method: null,
  custom_field_values: {},
  form_builder_data: null,
} as unknown as RxForm;

const valueOf = (label: string) => screen.queryByText(label, { selector: 'dt' })?.nextElementSibling;

describe('the RxForm summary', () => {
  it('shows no scanner for an uploaded scan (the scanner is only a choice with SCANNER)', () => {
    render(<Summary summary={summary({ scan_submission_type: 1, scanner_type: 1 })} full={full} />);
    expect(screen.getByText('UPLOAD')).toBeInTheDocument();
    expect(valueOf('Scanner')).toBeUndefined();
    expect(screen.queryByText('iTero')).not.toBeInTheDocument();
  });

  it('shows the scanner the doctor chose when the scan method is SCANNER', () => {
    render(<Summary summary={summary({ scan_submission_type: 2, scanner_type: 1 })} full={full} />);
    expect(valueOf('Scanner')).toHaveTextContent('iTero');
  });

  it("names the bracket libraries by their name, not their file", () => {
    render(<Summary summary={summary()} full={full} />);
    expect(valueOf('Bracket Libraries')).toHaveTextContent(/^Damon Q2$/);
    expect(screen.queryByText(/damon-q2\.zip/)).not.toBeInTheDocument();
  });
});
