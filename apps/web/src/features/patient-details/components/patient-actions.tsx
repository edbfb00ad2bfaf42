import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  canNotifyDoctor,
  canPatientAction,
  needsCompletedSetupNotice,
  PATIENT_MESSAGES,
  PATIENT_STATUS,
  type PatientDetails,
} from '@archline/contracts/patients';
import { isStaff, type Profile } from '@archline/contracts/roles';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useCaseReversalCheck, usePatientAction, type PatientActionCall } from '../api/patient-actions.ts';
import { ConfirmDialog, NoticeDialog } from '../../../components/confirm-dialog.tsx';
import { ReasonDialog, type ReasonValues } from './reason-dialog.tsx';

type Open =
  | 'hold'
  | 'archive'
  | 'delete'
  | 'restore'
  | 'complete'
  | 'reverse'
  | 'notify'
  | 'restore_backup_ios'
  | 'notice'
  | null;

export interface ActionsUser {
  full_name: string;
  roles: readonly string[];
  profile: Profile;
  permissions: ReadonlySet<string>;
  homePath: string;
}

/**
 * The patient's action buttons, each behind its permission gate (canPatientAction) and the
 * patient's state, each with its dialog. Hold, archive and delete of an approved case show the
 * completed-setup notice to practice users instead of the reason dialog.
 */
export function PatientActions({ patient, user }: { patient: PatientDetails; user: ActionsUser }) {
  const navigate = useNavigate();
  const action = usePatientAction(patient.id);
  const [open, setOpen] = useState<Open>(null);
  const can = (a: Parameters<typeof canPatientAction>[1]) => canPatientAction(user.permissions, a);
  const deleted = patient.deleted_at !== null;
  const rx = patient.rx_form;
  const management = user.profile === 'management';

  const show = {
    hold: !deleted && can('hold'),
    archive: !deleted && can('archive'),
    delete: !deleted && can('delete'),
    restore: deleted && can('restore'),
    complete: !deleted && patient.patient_status_id === PATIENT_STATUS.active && can('complete'),
    reverse: !deleted && can('reverse'),
    notify: !deleted && canNotifyDoctor(user.permissions, rx),
    restore_backup_ios: !deleted && patient.has_tech_ios_backup && can('restore_backup_ios'),
    print: can('print') && isStaff(user.roles),
  };
  const reversal = useCaseReversalCheck(patient.id, show.reverse);
  const reversible = show.reverse && reversal.data?.is_compliant === true;
  const notice = needsCompletedSetupNotice(user.profile, rx);
  const allowDelete = patient.metadata.allow_delete;

  const ask = (which: Exclude<Open, null>) => {
    if ((which === 'hold' || which === 'archive' || which === 'delete') && notice) setOpen('notice');
    else setOpen(which);
  };

  const perform = (call: PatientActionCall, after?: () => void) => {
    action.mutate(call, {
      onSuccess: (result) => {
        setOpen(null);
        notifySuccess(result.message);
        after?.();
      },
    });
  };
  const listPath = management ? '/patients-page' : '/patients';
  const onReason = (values: ReasonValues) => {
    if (open === 'hold')
      perform({
        kind: 'hold',
        body: { name: values.name, reason: values.reason, notify_office: management && values.notify_office },
      });
    if (open === 'archive')
      perform(
        { kind: 'archive', body: { archived_by_name: values.name, archived_reason: values.reason } },
        () => void navigate(user.homePath),
      );
    if (open === 'delete')
      perform(
        { kind: 'delete', body: { deleted_by_name: values.name, deleted_reason: values.reason } },
        () => void navigate(user.homePath),
      );
  };

  const held = patient.is_on_hold;
  const reasonDialogs = {
    hold: held
      ? {
          title: 'Remove Patient From Hold',
          text: 'The patient is taken off hold. Say who does it and why.',
          label: 'Remove Hold',
        }
      : {
          title: 'Put Patient On Hold',
          text: 'The case stops until it is taken off hold. Say who does it and why.',
          label: 'Put On Hold',
        },
    archive: {
      title: 'Archive Patient',
      text: 'The patient is archived and becomes read-only. Say who does it and why.',
      label: 'Archive',
    },
    delete: {
      title: 'Delete Patient',
      text: 'The patient is deleted and becomes read-only. Say who does it and why.',
      label: 'Delete',
    },
  };
  const reason = open === 'hold' || open === 'archive' || open === 'delete' ? reasonDialogs[open] : null;
  const staffName = management ? user.full_name : null;

  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', alignSelf: 'flex-start' }}
      role="group"
      aria-label="Patient actions"
    >
      {show.notify && (
        <Button variant="contained" onClick={() => setOpen('notify')}>
          Notify Doctor
        </Button>
      )}
      {show.complete && (
        <Button variant="contained" color="success" onClick={() => setOpen('complete')}>
          Complete
        </Button>
      )}
      {show.hold && (
        <Button variant="outlined" onClick={() => ask('hold')}>
          {held ? 'Unhold' : 'Hold'}
        </Button>
      )}
      {reversible && (
        <Button variant="outlined" color="warning" onClick={() => setOpen('reverse')}>
          Reverse Case
        </Button>
      )}
      {show.restore_backup_ios && (
        <Button variant="outlined" onClick={() => setOpen('restore_backup_ios')}>
          Restore Backup IOS
        </Button>
      )}
      {show.print && (
        <Button variant="outlined" component={RouterLink} to={`/patient-details/${patient.id}/print`}>
          Print
        </Button>
      )}
      {show.restore && (
        <Button variant="contained" onClick={() => setOpen('restore')}>
          Restore
        </Button>
      )}
      {show.archive && (
        <Button variant="outlined" color="warning" onClick={() => ask('archive')}>
          Archive
        </Button>
      )}
      {show.delete &&
        (allowDelete.allow ? (
          <Button variant="outlined" color="error" onClick={() => ask('delete')}>
            Delete
          </Button>
        ) : (
          <Tooltip title={allowDelete.message ?? ''} describeChild>
            {/* A disabled button receives no pointer events: the wrapper carries the tooltip. */}
            <span tabIndex={0}>
              <Button variant="outlined" color="error" disabled>
                Delete
              </Button>
            </span>
          </Tooltip>
        ))}

      <ReasonDialog
        kind={open === 'archive' || open === 'delete' ? open : 'hold'}
        open={reason !== null}
        title={reason?.title ?? ''}
        text={reason?.text ?? ''}
        confirmLabel={reason?.label ?? ''}
        color={open === 'delete' ? 'error' : 'primary'}
        busy={action.isPending}
        lockedName={staffName}
        showNotifyOffice={open === 'hold' && management}
        onConfirm={onReason}
        onClose={() => setOpen(null)}
      />
      <NoticeDialog
        open={open === 'notice'}
        title="Initial Setup Completed"
        text={PATIENT_MESSAGES.completedSetupNotice}
        onClose={() => setOpen(null)}
      />
      <ConfirmDialog
        open={open === 'restore'}
        title="Restore Patient"
        text="Restore this patient? It becomes active and editable again."
        confirmLabel="Restore"
        busy={action.isPending}
        onConfirm={() => perform({ kind: 'restore' }, () => void navigate(listPath))}
        onClose={() => setOpen(null)}
      />
      <ConfirmDialog
        open={open === 'complete'}
        title="Complete Patient"
        text="Mark this patient as complete?"
        confirmLabel="Complete"
        busy={action.isPending}
        onConfirm={() => perform({ kind: 'complete' }, () => void navigate(listPath))}
        onClose={() => setOpen(null)}
      />
      <ConfirmDialog
        open={open === 'reverse'}
        title="Reverse Case"
        text="Reverse this case? The Rx form is cancelled and the patient is archived."
        confirmLabel="Reverse Case"
        color="warning"
        busy={action.isPending}
        onConfirm={() => perform({ kind: 'reverse' }, () => void navigate(user.homePath))}
        onClose={() => setOpen(null)}
      >
        {(reversal.data?.warnings.length ?? 0) > 0 && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            <Typography variant="subtitle2" component="p">
              Warnings
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {reversal.data?.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </Box>
          </Alert>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'notify'}
        title="Notify Doctor"
        text="Mark the Rx form as ready and notify the doctor to approve the setup?"
        confirmLabel="Notify Doctor"
        busy={action.isPending}
        onConfirm={() => rx && perform({ kind: 'notify', rxFormId: rx.id })}
        onClose={() => setOpen(null)}
      />
      <ConfirmDialog
        open={open === 'restore_backup_ios'}
        title="Restore Backup IOS"
        text="Restore the technician's backup as the patient's IOS file?"
        confirmLabel="Restore Backup"
        busy={action.isPending}
        onConfirm={() => perform({ kind: 'restore_backup_ios' })}
        onClose={() => setOpen(null)}
      />
    </Box>
  );
}
