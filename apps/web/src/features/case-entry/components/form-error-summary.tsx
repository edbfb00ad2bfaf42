import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { customControls, type LayoutItem } from '@archline/contracts';
import type { FieldErrors } from 'react-hook-form';

/** The labels of the RxForm fields as the form shows them. */
export const RX_FORM_FIELD_LABELS: Record<string, string> = {
  user_id: 'Doctor',
  location_id: 'Location',
  first_name: 'First Name',
  last_name: 'Last Name',
  case_number_text: 'Case Number',
  intraoral_scan_date: 'Intraoral Scan Date',
  submission_completed_by: 'Submission Completed By',
  rush_case: 'Rush Case',
  rush_case_authorized_by: 'Rush Authorized By',
  scan_submission_type: 'Scan Method',
  scanner_type: 'Scanner Type',
  custom_scanner_type_name: 'Scanner Name',
  stl_files: 'STL Files',
  rx_intraoral_photos: 'Intraoral Photos',
  dicom_files: 'DICOM File',
  jaws_id: 'Arch',
  export_type: 'Export Type',
  root_integration_type: 'Root Integration',
  custom_setup: 'Custom Setup',
  teeth: 'Teeth',
  bracket_libraries: 'Bracket Libraries',
  custom_bracket_set_id: 'Custom Bracket Set',
  arch_wires: 'Arch Wires',
  initial_setup_assignment: 'Initial Setup Assignment',
  print_assignment: 'Print Assignment',
  tray_design_assignment: 'Tray Design',
  insert_brackets_assignment: 'Insert Brackets Assignment',
  shipping_location_id: 'Shipping Location',
  shipping_method: 'Shipping Method',
  bonding_date: 'Bonding Date',
  special_instructions: 'Special Instructions',
  saved_for_later_info: 'Extra Information',
};

export interface FieldIssue {
  /** The field's path in the form ('stl_files.0.tag', 'custom_field_values.x'). */
  name: string;
  label: string;
  message: string;
}

/** Every message of react-hook-form's nested errors, in the order of the fields, with its label. */
export function fieldIssues(errors: FieldErrors, layout: readonly LayoutItem[] = []): FieldIssue[] {
  const controls = customControls(layout);
  const issues: FieldIssue[] = [];
  const labelOf = (path: string[]) => {
    const [top, second] = path;
    if (top === 'custom_field_values' && second)
      return controls.find((c) => c.custom_system_name === second)?.props.label ?? second;
    return RX_FORM_FIELD_LABELS[top ?? ''] ?? top ?? '';
  };
  const walk = (node: unknown, path: string[]) => {
    if (!node || typeof node !== 'object') return;
    const message = (node as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '') {
      issues.push({ name: path.join('.'), label: labelOf(path), message });
      return;
    }
    for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
      if (key === 'ref' || key === 'root') continue;
      walk(child, [...path, key]);
    }
  };
  walk(errors, []);
  const order = Object.keys(RX_FORM_FIELD_LABELS);
  const rank = (name: string) => {
    const i = order.indexOf(name.split('.')[0] ?? '');
    return i === -1 ? order.length : i;
  };
  return issues.sort((a, b) => rank(a.name) - rank(b.name));
}

/** Brings a field into view and puts the focus on it (or on the first control of its block). */
export function focusField(name: string, setFocus: (name: string) => void) {
  const before = document.activeElement;
  try {
    setFocus(name);
  } catch {
    // A field without a focusable reference: found by its block below.
  }
  let target = document.activeElement !== before ? (document.activeElement as HTMLElement | null) : null;
  if (!target || target === document.body) {
    // A text field hands its reference to its frame: its input carries the field's name.
    target = document.querySelector<HTMLElement>(
      `input[name="${CSS.escape(name)}"], textarea[name="${CSS.escape(name)}"]`,
    );
    target?.focus({ preventScroll: true });
  }
  if (!target || target === document.body) {
    const top = name.split('.')[0] ?? name;
    const block =
      document.querySelector<HTMLElement>(`[data-field="${CSS.escape(name)}"]`) ??
      document.querySelector<HTMLElement>(`[data-field="${CSS.escape(top)}"]`);
    if (!block) return;
    target =
      block.querySelector<HTMLElement>(
        'input:not([type="hidden"]):not([disabled]), [role="combobox"], button:not([disabled]), textarea',
      ) ?? block;
    target.focus({ preventScroll: true });
  }
  target.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
}

/**
 * 'N fields need attention' with a link to each field: shown after a first attempt to submit while
 * fields are invalid.
 */
export function FormErrorSummary({
  issues,
  onFocus,
}: {
  issues: FieldIssue[];
  onFocus: (name: string) => void;
}) {
  if (issues.length === 0) return null;
  const count = new Set(issues.map((i) => i.name.split('.').slice(0, 2).join('.'))).size;
  return (
    <Alert severity="error" role="alert" aria-labelledby="form-error-summary-title">
      <AlertTitle id="form-error-summary-title">
        {count === 1 ? '1 field needs attention' : `${count} fields need attention`}
      </AlertTitle>
      <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
        {issues.map((issue) => (
          <li key={issue.name}>
            <Link
              component="button"
              type="button"
              variant="body2"
              sx={{ textAlign: 'left', verticalAlign: 'baseline' }}
              onClick={() => onFocus(issue.name)}
            >
              {issue.label}
            </Link>
            : {issue.message}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
