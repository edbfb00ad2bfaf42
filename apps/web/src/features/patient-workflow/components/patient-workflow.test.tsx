import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type {
  PatientWorkflowHeader,
  PatientWorkflowRequest,
  TechWorkflow,
  TechWorkflowProcess,
} from '@archline/contracts/tech-workflows';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PendingTaskNotice } from './pending-task-notice.tsx';
import { ProcessTable } from './process-table.tsx';
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

function renderTable(processes: TechWorkflowProcess[], canEdit = false) {
  const handlers = { onStart: vi.fn(), onFinish: vi.fn(), onEdit: vi.fn(async () => undefined) };
  render(
    <ProcessTable
      label="Initial case setup workflow"
      workflow={workflow(processes)}
      canEdit={canEdit}
      assignableUsers={[{ id: 4, full_name: 'Taylor Tech' }]}
      busyId={null}
      {...handlers}
    />,
  );
  return handlers;
}

describe('the process table', () => {
  it('shows each process with its technician, status, times and durations', () => {
    renderTable([
      process({
        status: 'COMPLETED',
        tech_name: 'Taylor Tech',
        user_id: 4,
        started_at: '2026-11-20T10:00:00.000Z',
        finished_at: '2026-11-20T11:20:00.000Z',
        production_time: 4800,
        lag_time: 300,
        has_started: true,
        has_finished: true,
        next_step: false,
      }),
      process({
        id: 2,
        step: 2,
        process: 'S2',
        status: 'NEW',
        is_prerequisite_finished: false,
        next_step: false,
      }),
    ]);
    const table = screen.getByRole('table', { name: 'Initial case setup workflow' });
    const s1 = within(table).getByRole('row', { name: /S1/ });
    expect(s1).toHaveTextContent('Taylor Tech');
    expect(s1).toHaveTextContent('Completed');
    expect(s1).toHaveTextContent('1h 20m');
    expect(s1).toHaveTextContent('5m');
    expect(within(table).getByRole('row', { name: /S2/ })).toHaveTextContent('New');
  });

  it('offers Start and Finish only where the rules allow them, and calls back', () => {
    const h = renderTable([
      process({ can_start: true }),
      process({ id: 2, step: 2, process: 'S2', status: 'IN_PROGRESS', can_finish: true, next_step: false }),
      process({ id: 3, step: 3, process: 'S3', status: 'NEW', next_step: false }),
    ]);
    expect(screen.getAllByRole('button', { name: /^Start/ })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^Finish/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Start S1' }));
    expect(h.onStart).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    fireEvent.click(screen.getByRole('button', { name: 'Finish S2' }));
    expect(h.onFinish).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
  });

  it('asks to confirm the tray STL files before finishing Generate QA', () => {
    const h = renderTable([process({ process: 'Generate QA', status: 'IN_PROGRESS', can_finish: true })]);
    fireEvent.click(screen.getByRole('button', { name: 'Finish Generate QA' }));
    expect(h.onFinish).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Please confirm that all the individual tray STL files are uploaded.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Finish' }));
    expect(h.onFinish).toHaveBeenCalledWith(expect.objectContaining({ process: 'Generate QA' }));
  });

  it('lets an admin change the technician of a process', async () => {
    const h = renderTable([process()], true);
    fireEvent.click(screen.getByRole('button', { name: 'Edit S1' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit S1' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Technician' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Taylor Tech' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(h.onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), { user_id: 4 }),
    );
  });
});

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

describe('the unfinished task notice', () => {
  it('says so and links to the workflow page of the task’s case', () => {
    render(
      <MemoryRouter>
        <PendingTaskNotice
          task={{
            process_id: 1,
            process: 'S2',
            tech_workflow_id: 4,
            patient_id: 77,
            patient_name: 'Bo Li',
            batch_id: null,
            batch_name: null,
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('You have an unfinished task.');
    expect(screen.getByRole('link', { name: 'S2 on Bo Li' })).toHaveAttribute('href', '/patient-workflow/77');
  });

  it('links a batch’s task to its batch', () => {
    render(
      <MemoryRouter>
        <PendingTaskNotice
          task={{
            process_id: 1,
            process: 'Ship QA',
            tech_workflow_id: 4,
            patient_id: null,
            patient_name: '',
            batch_id: 12,
            batch_name: 'Morning run',
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Ship QA on batch Morning run' })).toHaveAttribute(
      'href',
      '/batches/12',
    );
  });
});
