import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BONDING_MAX_DAYS_AFTER_SUBMISSION,
  BUSINESS_DAY_MESSAGES,
  addDays,
  daysBetween,
  dayOfWeek,
  daysInMonth,
} from '@archline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { checkBusinessDate, useBondingBounds, useCalendarDays } from '../api/case-entry.ts';

/** localStorage key of the 30-days note's don't-show-again choice. */
export const HIDE_30_DAYS_NOTE_KEY = 'archline.case-entry.hide-bonding-30-days-note';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function formatDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}/${y}`;
}

function todayLocal(): string {
  const n = new Date();
  return `${n.getFullYear()}-${String(n.getMonth() + 1).padStart(2, '0')}-${String(n.getDate()).padStart(2, '0')}`;
}

function readHide(): boolean {
  try {
    return window.localStorage.getItem(HIDE_30_DAYS_NOTE_KEY) === '1';
  } catch {
    return false;
  }
}

interface Props {
  value: string | null;
  onChange: (value: string | null) => void;
  /** The chosen shipping method (its transit days move the minimum). */
  shippingMethod: number | null | undefined;
  disabled?: boolean;
  /** Reports a failed business-date check (the form stays invalid meanwhile). */
  onErrorChange?: (message: string | null) => void;
}

/**
 * The bonding date: a calendar popover against the lab's business-day calendar (next business date
 * to 6 months ahead, non-business days disabled), the check of the picked date, the first-pick note
 * and the 30-days-after-submission note (with a don't-show-again choice kept in this browser).
 */
export function BondingDateField({ value, onChange, shippingMethod, disabled, onErrorChange }: Props) {
  const queryClient = useQueryClient();
  const bounds = useBondingBounds(shippingMethod);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState(false);
  const [hide30, setHide30] = useState(readHide);
  const min = bounds.data?.next_business_date;
  const max = bounds.data?.max_business_date;
  const [month, setMonth] = useState<string | null>(null);
  const shown = month ?? (value ?? min ?? todayLocal()).slice(0, 7);
  const calendar = useCalendarDays(shown, anchor !== null);
  const inputId = useId();
  const gridRef = useRef<HTMLDivElement>(null);
  const [focusDate, setFocusDate] = useState<string | null>(null);

  useEffect(() => onErrorChange?.(error), [error, onErrorChange]);

  const businessDays = new Set(
    (calendar.data?.data ?? []).filter((d) => d.is_business_day).map((d) => d.date),
  );
  const selectable = (d: string) =>
    Boolean(calendar.data) && businessDays.has(d) && (!min || d >= min) && (!max || d <= max);

  const [year, mon] = shown.split('-').map(Number) as [number, number];
  const first = `${shown}-01`;
  const lead = dayOfWeek(first);
  const count = daysInMonth(year, mon);
  const dates = Array.from({ length: count }, (_, i) => addDays(first, i));

  useEffect(() => {
    if (!anchor || !focusDate) return;
    const el = gridRef.current?.querySelector<HTMLElement>(`[data-date="${focusDate}"]`);
    el?.focus();
  }, [anchor, focusDate, calendar.data]);

  const moveMonth = (delta: number) => {
    const m0 = year * 12 + (mon - 1) + delta;
    const next = `${Math.floor(m0 / 12)}-${String((m0 % 12) + 1).padStart(2, '0')}`;
    setMonth(next);
    setFocusDate(`${next}-01`);
  };

  const pick = async (date: string) => {
    setAnchor(null);
    onChange(date);
    setPicked(true);
    setChecking(true);
    try {
      const result = await checkBusinessDate(queryClient, date, shippingMethod);
      setError(result.is_valid ? null : BUSINESS_DAY_MESSAGES.invalidBusinessDate);
    } catch {
      setError(BUSINESS_DAY_MESSAGES.serverError);
    } finally {
      setChecking(false);
    }
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!focusDate) return;
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    const delta = moves[event.key];
    if (delta === undefined) return;
    event.preventDefault();
    const next = addDays(focusDate, delta);
    if (next.slice(0, 7) !== shown) setMonth(next.slice(0, 7));
    setFocusDate(next);
  };

  const after30 =
    value !== null && daysBetween(todayLocal(), value) > BONDING_MAX_DAYS_AFTER_SUBMISSION && !hide30;

  return (
    <Stack spacing={1}>
      <TextField
        id={inputId}
        label="Bonding Date"
        value={value ? formatDate(value) : ''}
        placeholder="MM/DD/YYYY"
        disabled={disabled}
        error={Boolean(error)}
        helperText={error ?? (min && max ? `Between ${formatDate(min)} and ${formatDate(max)}` : ' ')}
        onClick={(e) => {
          if (disabled) return;
          setAnchor(e.currentTarget);
          setFocusDate(value ?? min ?? null);
        }}
        slotProps={{
          htmlInput: { readOnly: true, 'data-testid': 'bonding-date-input' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                {checking && <CircularProgress size={18} aria-label="Checking the date" />}
                <IconButton
                  aria-label="Choose the bonding date"
                  disabled={disabled || bounds.isLoading}
                  onClick={(e) => {
                    e.stopPropagation();
                    setAnchor(e.currentTarget);
                    setFocusDate(value ?? min ?? null);
                  }}
                >
                  <CalendarMonthIcon />
                </IconButton>
                {value && (
                  <Button
                    size="small"
                    disabled={disabled}
                    onClick={(e) => {
                      e.stopPropagation();
                      onChange(null);
                      setError(null);
                    }}
                  >
                    Clear
                  </Button>
                )}
              </InputAdornment>
            ),
          },
        }}
      />
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': 'Bonding date calendar' } }}
      >
        <Box sx={{ p: 2, width: 320 }}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
            <IconButton aria-label="Previous month" onClick={() => moveMonth(-1)}>
              <ChevronLeftIcon />
            </IconButton>
            <Typography component="h2" variant="subtitle1" aria-live="polite">
              {MONTHS[mon - 1]} {year}
            </Typography>
            <IconButton aria-label="Next month" onClick={() => moveMonth(1)}>
              <ChevronRightIcon />
            </IconButton>
          </Stack>
          {calendar.isLoading ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress aria-label="Loading the calendar" />
            </Box>
          ) : calendar.isError ? (
            <Alert severity="error">{BUSINESS_DAY_MESSAGES.serverError}</Alert>
          ) : (
            <Box
              ref={gridRef}
              role="grid"
              aria-label={`${MONTHS[mon - 1]} ${year}`}
              onKeyDown={onKeyDown}
              sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 0.5 }}
            >
              <Box role="row" sx={{ display: 'contents' }}>
                {WEEKDAYS.map((w) => (
                  <Typography
                    key={w}
                    role="columnheader"
                    variant="caption"
                    sx={{ textAlign: 'center', fontWeight: 600 }}
                  >
                    {w}
                  </Typography>
                ))}
              </Box>
              {chunk([...Array<null>(lead).fill(null), ...dates], 7).map((week, i) => (
                <Box role="row" key={i} sx={{ display: 'contents' }}>
                  {week.map((d, j) =>
                    d === null ? (
                      <Box role="gridcell" key={`e${j}`} />
                    ) : (
                      <Box role="gridcell" key={d} aria-selected={d === value}>
                        <ButtonBase
                          data-date={d}
                          disabled={!selectable(d)}
                          tabIndex={d === (focusDate ?? value ?? min) ? 0 : -1}
                          onFocus={() => setFocusDate(d)}
                          onClick={() => void pick(d)}
                          aria-label={`${MONTHS[mon - 1]} ${Number(d.slice(8))}, ${year}${selectable(d) ? '' : ' (not available)'}`}
                          sx={{
                            width: 36,
                            height: 36,
                            borderRadius: '50%',
                            fontSize: 14,
                            color: selectable(d) ? 'text.primary' : 'text.disabled',
                            bgcolor: d === value ? 'primary.main' : 'transparent',
                            ...(d === value ? { color: 'primary.contrastText' } : {}),
                            '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
                            '&.Mui-disabled': { color: 'text.secondary', textDecoration: 'line-through' },
                          }}
                        >
                          {Number(d.slice(8))}
                        </ButtonBase>
                      </Box>
                    ),
                  )}
                </Box>
              ))}
            </Box>
          )}
        </Box>
      </Popover>
      {picked && value && !error && <Alert severity="info">{BUSINESS_DAY_MESSAGES.firstPickNote}</Alert>}
      {after30 && (
        <Alert
          severity="warning"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                try {
                  window.localStorage.setItem(HIDE_30_DAYS_NOTE_KEY, '1');
                } catch {
                  // Storage unavailable: hide for this page only.
                }
                setHide30(true);
              }}
            >
              Don&apos;t show again
            </Button>
          }
        >
          {BUSINESS_DAY_MESSAGES.within30DaysNote}
        </Alert>
      )}
    </Stack>
  );
}

function chunk<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
