import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type {
  PatientWorkflowHeader,
  PatientWorkflowRequest,
  TechWorkflow,
  TechWorkflowProcess,
} from '@archline/contracts/tech-workflows';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequestPager, visibleRequests } from './request-pager.tsx';
import { WorkflowHeader } from './workflow-header.tsx';

function process(patch: Partial<TechWorkflowProcess> = {}): TechWorkflowProcess {
  return {
    id: 1,
    tech_workflow_id: 10,
    step: 1,
    process: 'S1',
    status: 'PENDING',
    tech_name: null,
    user_id: null,
    started_at: null,
    finished_at: null,
    production_time: null,
    lag_time: null,
    has_started: false,
    has_finished: false,
    is_prerequisite_finished: true,
    next_step: true,
    can_start: false,
    can_finish: false,
    ...patch,
  };
}

function workflow(processes: TechWorkflowProcess[], patch: Partial<TechWorkflow> = {}): TechWorkflow {
  return {
    id: 10,
    type: 'initial_case_setup',
    patient_id: 5,
    customer_request_id: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    production_time: 0,
    finished: false,
    processes,
    ...patch,
  };
}

const request = (patch: Partial<PatientWorkflowRequest>): PatientWorkflowRequest => ({
  id: 1,
  type: 'printing_request',
  status_id: 2,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  batch_id: null,
  workflow: null,
  ...patch,
});

describe('the request pager', () => {
  const requests = [
    request({ id: 30, status_id: 5 }),
    request({ id: 20, type: 'flawed_tray', workflow: workflow([process({ process: 'CFT' })]) }),
    request({ id: 10, type: 'tray_design' }),
  ];

  it('leaves canceled requests out unless All is ticked', () => {
    expect(visibleRequests(requests, false).map((r) => r.id)).toEqual([20, 10]);
    expect(visibleRequests(requests, true).map((r) => r.id)).toEqual([30, 20, 10]);
  });

  it('shows one request at a time with its workflow, and All brings the canceled one in', () => {
    render(
      <MemoryRouter>
        <RequestPager
          requests={requests}
          renderWorkflow={(w, label) => <p>{`${label}: ${w.processes[0]!.process}`}</p>}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Flawed Tray Correction #20' })).toBeVisible();
    expect(screen.getByText('Flawed Tray Correction #20 workflow: CFT')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Request 2 of 2' }));
    expect(screen.getByRole('heading', { name: 'Tray Design #10' })).toBeVisible();
    expect(screen.getByText('This request has no technician workflow.')).toBeVisible();
    fireEvent.click(screen.getByRole('checkbox', { name: 'All' }));
    expect(screen.getByRole('heading', { name: 'Print Request #30' })).toBeVisible();
    expect(screen.getByText('Canceled')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Request 3 of 3' })).toBeVisible();
  });
});

const header: PatientWorkflowHeader = {
  id: 5,
  full_name: 'Ana Lopez',
  formatted_name: 'Lopez, Ana',
  organization: { id: 2, name: 'Bright Smiles', account_number: 'BS-1' },
  doctor: { id: 3, full_name: 'Dana Doctor' },
  list_status: 'in_progress',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
  submitted_at: '2026-11-20T11:00:00.000Z',
  ready_at: null,
  completed_at: null,
  cancelled_at: null,
  setup_completed_at: null,
  rush_case: true,
  ios_file: { id: 9, name: 'scan.zip' },
  authorized_third_party: 'Parker Partner',
  overall_production_time: 3600,
};

describe('the workflow header', () => {
  it('links the patient, the organization and its brackets, and shows the case’s facts', () => {
    render(
      <MemoryRouter>
        <WorkflowHeader patient={header} canViewUsers />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Lopez, Ana' })).toHaveAttribute('href', '/patient-details/5');
    expect(screen.getByRole('link', { name: 'Bright Smiles' })).toHaveAttribute('href', '/organizations/2');
    expect(screen.getByText('(BS-1)', { exact: false })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Brackets of Bright Smiles' })).toHaveAttribute(
      'href',
      '/organizations/2#brackets',
    );
    expect(screen.getByRole('link', { name: 'Dana Doctor' })).toHaveAttribute('href', '/users/3');
    expect(screen.getByText('scan.zip')).toBeVisible();
    expect(screen.getByText('Parker Partner')).toBeVisible();
    expect(screen.getByText('In Progress')).toBeVisible();
    expect(screen.getByText('1h 00m')).toBeVisible();
  });

  it('names the organization with the component the app gives (the staff quick glance)', () => {
    render(
      <MemoryRouter>
        <WorkflowHeader
          patient={header}
          canViewUsers
          OrganizationName={({ id, name }) => <button type="button">{`${name} #${id} at a glance`}</button>}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Bright Smiles #2 at a glance' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Bright Smiles' })).toBeNull();
  });

  it('names the doctor without a link for callers who may not see users', () => {
    render(
      <MemoryRouter>
        <WorkflowHeader patient={header} canViewUsers={false} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Dana Doctor')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Dana Doctor' })).toBeNull();
  });
});
