import FormControl from '@mui/material/FormControl';
import MenuItem from '@mui/material/MenuItem';
import Select, { type SelectChangeEvent } from '@mui/material/Select';
import type { MeUser } from '../../session/me.ts';
import { notifySuccess } from '../../lib/notify.tsx';
import { useSwitchOrganization } from './api/switch-organization.ts';

/**
 * The current organization of a practice user. Hidden with one organization (or none); a switch
 * changes it on the server and reloads what depends on it.
 */
export function OrganizationSwitcher({ user }: { user: MeUser }) {
  const switcher = useSwitchOrganization();
  if (user.organizations.length < 2) return null;
  const value = user.current_organization_id ?? '';
  const change = (event: SelectChangeEvent<number | ''>) => {
    const id = Number(event.target.value);
    if (!id || id === user.current_organization_id) return;
    switcher.mutate(id, { onSuccess: (result) => notifySuccess(result.message) });
  };
  return (
    <FormControl
      size="small"
      sx={{ minWidth: { xs: 0, sm: 200 }, maxWidth: { xs: 150, sm: 320 }, flexShrink: 1 }}
    >
      <Select<number | ''>
        value={value}
        onChange={change}
        disabled={switcher.isPending}
        displayEmpty
        inputProps={{ 'aria-label': 'Current organization' }}
        sx={{
          color: 'inherit',
          '.MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.7)' },
          '.MuiSvgIcon-root': { color: 'inherit' },
        }}
      >
        {user.current_organization_id === null && (
          <MenuItem value="" disabled>
            Select an organization
          </MenuItem>
        )}
        {user.organizations.map((o) => (
          <MenuItem key={o.id} value={o.id}>
            {o.account_number ? `${o.name} (${o.account_number})` : o.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
