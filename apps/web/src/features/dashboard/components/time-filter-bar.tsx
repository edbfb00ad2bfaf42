import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  DASHBOARD_MAX_DATE,
  DASHBOARD_MIN_DATE,
  DASHBOARD_TIME_FILTER_LABELS,
  DASHBOARD_TIME_FILTERS,
  DashboardQuery,
  type DashboardTimeFilter,
} from '@archline/contracts';
import { useState } from 'react';
import type { DashboardFilter } from '../api/get-dashboard.ts';

/** The custom range's field errors, by the API's own rule (DashboardQuery). */
export function customRangeErrors(from: string, to: string): { from?: string; to?: string } {
  const parsed = DashboardQuery.safeParse({
    timeFilter: 'custom',
    ...(from ? { dateFilterFrom: from } : {}),
    ...(to ? { dateFilterTo: to } : {}),
  });
  if (parsed.success) return {};
  const errors: { from?: string; to?: string } = {};
  for (const issue of parsed.error.issues) {
    if (issue.path[0] === 'dateFilterFrom') errors.from ??= issue.message;
    if (issue.path[0] === 'dateFilterTo') errors.to ??= issue.message;
  }
  return errors;
}

/**
 * The dashboard's date-range filter: a time filter, and for 'Custom range' two date fields. A
 * custom range is applied once both dates are valid; until then the fields say what is missing.
 */
export function TimeFilterBar({
  value,
  onChange,
}: {
  value: DashboardFilter;
  onChange: (next: DashboardFilter) => void;
}) {
  const [from, setFrom] = useState(value.from ?? '');
  const [to, setTo] = useState(value.to ?? '');
  const [touched, setTouched] = useState(false);
  const custom = value.timeFilter === 'custom';
  const errors = custom && touched ? customRangeErrors(from, to) : {};

  const applyCustom = (nextFrom: string, nextTo: string) => {
    setTouched(true);
    if (Object.keys(customRangeErrors(nextFrom, nextTo)).length === 0)
      onChange({ timeFilter: 'custom', from: nextFrom, to: nextTo });
  };

  return (
    <Box
      role="group"
      aria-label="Date range"
      sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      <TextField
        select
        label="Time filter"
        margin="none"
        value={value.timeFilter}
        onChange={(e) => {
          const timeFilter = e.target.value as DashboardTimeFilter;
          if (timeFilter === 'custom') {
            setTouched(false);
            onChange({ timeFilter, from, to });
          } else onChange({ timeFilter });
        }}
        sx={{ width: { xs: '100%', sm: 220 } }}
      >
        {DASHBOARD_TIME_FILTERS.map((f) => (
          <MenuItem key={f} value={f}>
            {DASHBOARD_TIME_FILTER_LABELS[f]}
          </MenuItem>
        ))}
      </TextField>
      {custom && (
        <>
          <TextField
            label="From"
            type="date"
            margin="none"
            value={from}
            onChange={(e) => {
              setFrom(e.target.value);
              applyCustom(e.target.value, to);
            }}
            error={Boolean(errors.from)}
            helperText={errors.from ?? ' '}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { min: DASHBOARD_MIN_DATE, max: DASHBOARD_MAX_DATE },
            }}
            sx={{ width: { xs: '100%', sm: 180 } }}
          />
          <TextField
            label="To"
            type="date"
            margin="none"
            value={to}
            onChange={(e) => {
              setTo(e.target.value);
              applyCustom(from, e.target.value);
            }}
            error={Boolean(errors.to)}
            helperText={errors.to ?? ' '}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { min: from || DASHBOARD_MIN_DATE, max: DASHBOARD_MAX_DATE },
            }}
            sx={{ width: { xs: '100%', sm: 180 } }}
          />
        </>
      )}
    </Box>
  );
}
