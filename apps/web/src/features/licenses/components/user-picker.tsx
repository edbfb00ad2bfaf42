import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { UserListItem } from '@archline/contracts';
import { useState } from 'react';
import { useUsers } from '../../../lib/api/list-users.ts';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/** Picks the license holder: searches users by name or e-mail (debounced). */
export function UserPicker({
  value,
  onChange,
  onBlur,
  error,
  helperText,
}: {
  value: UserListItem | null;
  onChange: (user: UserListItem | null) => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: string | undefined;
}) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const users = useUsers({ search, roles: [], page: 1, perPage: 20 });
  const options = users.data?.data ?? [];
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_e, next) => onChange(next)}
      onBlur={onBlur}
      inputValue={input}
      onInputChange={(_e, next) => setInput(next)}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(u) => `${u.full_name} (${u.email})`}
      loading={users.isFetching}
      noOptionsText="No users found."
      renderInput={(params) => (
        <TextField {...params} label="User" required error={error} helperText={helperText} margin="normal" />
      )}
    />
  );
}
