import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ASSIGNMENT_LABELS, type AssignmentValue } from '@archline/contracts';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { EMPTY_VALUE } from '../../../lib/format.ts';

/** 'Provider', 'In-Office' or 'Third Party'. */
export const assignmentLabel = (value: number) => ASSIGNMENT_LABELS[value as AssignmentValue] ?? EMPTY_VALUE;

/**
 * Who prints the request: provider, in-office or the organization's third party, chosen while the
 * request is new by a caller who may assign (the options come from the server: the third party only
 * when the organization has one). A refusal shows under the field and the choice stays as it was.
 */
export function PrintAssignment({
  label = 'Assigned To',
  assignedTo,
  options,
  busy,
  onAssign,
}: {
  /** The field's label (the initial setup's assignment uses the same control). */
  label?: string;
  assignedTo: number;
  options: readonly number[];
  busy: boolean;
  onAssign: (value: AssignmentValue) => Promise<unknown>;
}) {
  const [error, setError] = useState<string | null>(null);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={assignedTo}
      disabled={busy}
      error={error !== null}
      helperText={error ?? ' '}
      fullWidth={false}
      sx={{ width: { xs: '100%', sm: 280 } }}
      onChange={(e) => {
        const value = Number(e.target.value) as AssignmentValue;
        if (value === assignedTo) return;
        setError(null);
        onAssign(value).catch((err: unknown) => {
          const message =
            err instanceof ApiError
              ? (err.errors.assign_to?.[0] ?? err.message)
              : 'The assignment could not be saved.';
          setError(message);
        });
      }}
    >
      {options.map((value) => (
        <MenuItem key={value} value={value}>
          {assignmentLabel(value)}
        </MenuItem>
      ))}
    </TextField>
  );
}
