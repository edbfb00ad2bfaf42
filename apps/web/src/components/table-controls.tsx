import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TableCell from '@mui/material/TableCell';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';

/** A list page's search box: a search input with its icon, labelled for screen readers. */
export function SearchField({
  placeholder,
  label = placeholder,
  value,
  onChange,
  width = 280,
}: {
  placeholder: string;
  /** The accessible name (the placeholder by default). */
  label?: string;
  value: string;
  onChange: (value: string) => void;
  /** The width from the small breakpoint up; full width below it. */
  width?: number;
}) {
  return (
    <TextField
      type="search"
      placeholder={placeholder}
      margin="none"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{
        htmlInput: { 'aria-label': label },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon aria-hidden="true" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ width: { xs: '100%', sm: width } }}
    />
  );
}

export interface TableSort<C extends string> {
  orderBy: C;
  order: 'asc' | 'desc';
  /** A header cell that sorts by the column: ascending first, then the other way. */
  header: (column: C, label: ReactNode) => ReactNode;
}

/**
 * The sort of a list page's table: which column, which way, and its header cells. `onChange` runs
 * after every change (a list goes back to its first page).
 */
export function useTableSort<C extends string>(
  initial: { orderBy: C; order: 'asc' | 'desc' },
  onChange: () => void,
): TableSort<C> {
  const [orderBy, setOrderBy] = useState<C>(initial.orderBy);
  const [order, setOrder] = useState<'asc' | 'desc'>(initial.order);
  const header = (column: C, label: ReactNode) => (
    <TableCell key={column} sortDirection={orderBy === column ? order : false} sx={{ whiteSpace: 'nowrap' }}>
      <TableSortLabel
        active={orderBy === column}
        direction={orderBy === column ? order : 'asc'}
        onClick={() => {
          setOrder(column === orderBy && order === 'asc' ? 'desc' : 'asc');
          setOrderBy(column);
          onChange();
        }}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );
  return { orderBy, order, header };
}
