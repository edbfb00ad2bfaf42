/**
 * CSV as RFC 4180 writes it (comma separated, CRLF line ends, a field with a comma, quote or line
 * break quoted with its quotes doubled), for spreadsheet programs: the file starts with a UTF-8
 * byte order mark so accents read right, and a text cell starting with = + - @, a tab or a
 * carriage return gets a leading apostrophe so it is never run as a formula.
 */

export const UTF8_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  // Numbers are written as numbers (a negative amount stays a number, not a guarded text).
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  let s = value;
  if (FORMULA_START.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** A numeric cell (money, counts): a plain number is written as it is, anything else as text. */
export function csvNumberCell(value: CsvValue): string {
  if (typeof value === 'number') return csvCell(value);
  if (typeof value === 'string' && PLAIN_NUMBER.test(value)) return value;
  return csvCell(value);
}

export function csvLine(values: readonly CsvValue[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) line += ',';
    line += csvCell(values[i]);
  }
  return line + CSV_LINE_END;
}
