import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { TechWorkflow, TechWorkflowProcess } from '@archline/contracts/tech-workflows';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PendingTaskNotice } from './pending-task-notice.tsx';
import { ProcessTable } from './process-table.tsx';

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
