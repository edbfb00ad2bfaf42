import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { customControls, type FormControl, type LayoutItem } from '@archline/contracts/form-builder';
import { rxFormLabel, type PatientRxFormSummary } from '@archline/contracts/patients';
import {
  ASSIGNMENT_NAMES,
  EXPORT_TYPES,
  JAW_TYPES,
  ROOT_INTEGRATION_TYPES,
  SCAN_SUBMISSION,
  SCAN_SUBMISSION_NAMES,
  SCANNER_TYPE_OTHER,
  SCANNER_TYPES,
  type RxForm,
} from '@archline/contracts/rx-forms';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { isBuiltPath } from '../../../lib/built-routes.ts';
import { useRxForm } from '../api/get-rx-form.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatCalendarDate, formatDateTime } from '../../../lib/format.ts';
import { ToothChart } from './tooth-chart.tsx';

const LABEL_COLOURS = { CANCELLED: 'error', PENDING: 'warning', COMPLETED: 'success' } as const;

const nameOf = (list: readonly { id: number; name: string }[], id: number | null | undefined) =>
  list.find((x) => x.id === id)?.name ?? '';
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The text of a custom control's value: option names for choices, file names for files. */
function customValueText(control: FormControl | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const option = (id: unknown) => control?.props.options?.find((o) => o.id === id)?.name ?? String(id);
  if (Array.isArray(value))
    return value
      .map((v) =>
        v && typeof v === 'object' && 'name' in v ? String((v as { name: unknown }).name) : option(v),
      )
      .filter(Boolean)
      .join(', ');
  if (control?.system_type === 'terms')
    return value === 1 || value === true || value === '1' ? 'Accepted' : '';
  if (control && ['dropdown', 'radios'].includes(control.system_type)) return option(value);
  if (typeof value === 'object') return '';
  return String(value);
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  if (children === '' || children === null || children === undefined) return null;
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {children}
      </Typography>
    </Box>
  );
}

/** The summary fields; the full Rx form (names of libraries, locations, custom values) when loaded. */
export function Summary({ summary, full }: { summary: PatientRxFormSummary; full: RxForm | undefined }) {
  // The scanner is the doctor's choice only when the scan method uses one (an upload keeps the default).
  const scanner =
    summary.scan_submission_type !== SCAN_SUBMISSION.scanner
      ? ''
      : summary.scanner_type === SCANNER_TYPE_OTHER && summary.custom_scanner_type_name
        ? `Other (${summary.custom_scanner_type_name})`
        : nameOf(SCANNER_TYPES, summary.scanner_type);
  const layout = (full?.form_builder_data?.form_data ?? []) as LayoutItem[];
  const controls = customControls(layout);
  const custom = Object.entries(full?.custom_field_values ?? {})
    .map(([key, value]) => {
      const control = controls.find((c) => c.custom_system_name === key);
      return { key, label: control?.props.label ?? key, text: customValueText(control, value) };
    })
    .filter((v) => v.text !== '');
  return (
    <>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(140px, max-content) 1fr',
          columnGap: 2,
          rowGap: 0.75,
          m: 0,
        }}
      >
        <Field label="Doctor">{full?.user.full_name ?? ''}</Field>
        <Field label="Created By">{full?.created_by_user?.full_name ?? ''}</Field>
        <Field label="Version">{summary.version}</Field>
        <Field label="Submitted">{summary.submitted_at && formatDateTime(summary.submitted_at)}</Field>
        <Field label="Ready">{summary.ready_at && formatDateTime(summary.ready_at)}</Field>
        <Field label="Approved">{summary.completed_at && formatDateTime(summary.completed_at)}</Field>
        <Field label="Cancelled">{summary.cancelled_at && formatDateTime(summary.cancelled_at)}</Field>
        <Field label="Saved for Later">{summary.saved_for_later ? 'Yes' : ''}</Field>
        <Field label="Scan Submission">
          {summary.scan_submission_type ? SCAN_SUBMISSION_NAMES[summary.scan_submission_type] : ''}
        </Field>
        <Field label="Scanner">{scanner}</Field>
        <Field label="Intraoral Scan Date">
          {summary.intraoral_scan_date && formatCalendarDate(summary.intraoral_scan_date)}
        </Field>
        <Field label="Bonding Date">{summary.bonding_date && formatCalendarDate(summary.bonding_date)}</Field>
        <Field label="Rush Case">
          {summary.rush_case
            ? `Yes${summary.rush_case_authorized_by ? ` (authorized by ${summary.rush_case_authorized_by})` : ''}`
            : 'No'}
        </Field>
        <Field label="Custom Setup">{yesNo(summary.custom_setup)}</Field>
        <Field label="Root Integration">
          {nameOf(ROOT_INTEGRATION_TYPES, summary.root_integration_type)}
        </Field>
        <Field label="Arch">{nameOf(JAW_TYPES, summary.jaws_id)}</Field>
        <Field label="Export Type">{nameOf(EXPORT_TYPES, summary.export_type)}</Field>
        <Field label="Print Assignment">{ASSIGNMENT_NAMES[summary.assignments.print ?? 0] ?? ''}</Field>
        <Field label="Tray Design Assignment">
          {ASSIGNMENT_NAMES[summary.assignments.tray_design ?? 0] ?? ''}
        </Field>
        <Field label="Insert Brackets Assignment">
          {ASSIGNMENT_NAMES[summary.assignments.insert_brackets ?? 0] ?? ''}
        </Field>
        <Field label="Bracket Libraries">
          {full?.bracket_libraries.map((b) => b.label).join(', ') ?? ''}
        </Field>
        <Field label="Custom Bracket Set">{full?.custom_bracket_set?.name ?? ''}</Field>
        <Field label="Arch Wires">{full?.arch_wires.map((w) => w.label).join(', ') ?? ''}</Field>
        <Field label="Location">{full?.location?.location_name ?? ''}</Field>
        <Field label="Shipping Location">
          {full?.shipping_location
            ? `${full.shipping_location.location_name}, ${full.shipping_location.full_address}`
            : ''}
        </Field>
        <Field label="Shipping Method">{full?.shipping_method?.name ?? ''}</Field>
        <Field label="Notes">{summary.special_instructions ?? ''}</Field>
        {custom.map((c) => (
          <Field key={c.key} label={c.label}>
            {c.text}
          </Field>
        ))}
      </Box>
      <Box sx={{ mt: 2 }}>
        <ToothChart teeth={summary.teeth} />
      </Box>
    </>
  );
}

/**
 * The 'RxForm' card: the label (CANCELLED / PENDING / COMPLETED), the summary with the tooth chart
 * and custom control values, and 'Edit' (after the 'Modify Rx form' confirmation) when the server
 * returned modification rules that allow changes and the modify page exists.
 */
export function RxFormCard({
  summary,
  readOnly = false,
}: {
  summary: PatientRxFormSummary | null;
  /** The print view: no Edit. */
  readOnly?: boolean;
}) {
  const navigate = useNavigate();
  const full = useRxForm(summary?.id ?? null);
  const [confirming, setConfirming] = useState(false);
  const label = summary ? rxFormLabel(summary).label : null;
  const rules = full.data?.metadata.modification_rules;
  const modifyPath = summary ? `/rx-forms/${summary.id}/modify` : null;
  const canEdit = Boolean(!readOnly && rules?.can_modify && modifyPath && isBuiltPath(modifyPath));

  return (
    <Card component="section" aria-labelledby="rx-form-title">
      <CardHeader
        title={
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
            RxForm
            {label && <Chip size="small" label={label} color={LABEL_COLOURS[label]} />}
          </Box>
        }
        slotProps={{ title: { id: 'rx-form-title', component: 'h2', variant: 'h6' } }}
        action={
          canEdit ? (
            <Button variant="outlined" onClick={() => setConfirming(true)}>
              Edit
            </Button>
          ) : undefined
        }
      />
      <CardContent>
        {!summary ? (
          <Typography color="text.secondary">This patient has no Rx form.</Typography>
        ) : (
          <>
            {full.isPending && (
              <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
                <CircularProgress size={16} aria-hidden="true" />
                <Typography variant="body2">Loading Rx form...</Typography>
              </Box>
            )}
            {full.isError && (
              <Alert severity="warning" sx={{ mb: 1 }}>
                The full Rx form could not be loaded.
              </Alert>
            )}
            <Summary summary={summary} full={full.data?.rx_form} />
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title="Modify Rx form"
        text={
          rules?.show_approved_warning
            ? 'This case has already been approved. If you open and modify this case, any changes made will not be implemented.'
            : 'Do you want to modify this Rx form?'
        }
        confirmLabel="Modify"
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          if (modifyPath) void navigate(modifyPath);
        }}
      />
    </Card>
  );
}
