import BusinessIcon from '@mui/icons-material/Business';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useOrganizations } from '../../features/organizations/api/list-organizations.ts';
import { setOrganizationFilter, useOrganizationFilter } from '../../session/organization-filter.ts';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../lib/use-debounced-value.ts';

const PAGE_SIZE = 25;

function OrganizationFilterDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const selected = useOrganizationFilter();
  const [search, setSearch] = useState('');
  const searchString = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useOrganizations({
    searchString: searchString || undefined,
    orderBy: 'name',
    page: 1,
    perPage: PAGE_SIZE,
  });
  const rows = open ? (query.data?.data ?? []) : [];
  const total = query.data?.meta.total ?? 0;

  const choose = (organization: Parameters<typeof setOrganizationFilter>[0]) => {
    setOrganizationFilter(organization);
    onClose();
  };

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 360 } } } }}
    >
      <Box
        role="dialog"
        aria-labelledby="organization-filter-title"
        sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1, height: '100%' }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id="organization-filter-title" variant="h6" component="h2">
            Filter by organization
          </Typography>
          <IconButton aria-label="Close organization filter" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
        <TextField
          label="Search organizations"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          helperText="Name or account number"
          autoFocus
          fullWidth
        />
        <Button variant="outlined" onClick={() => choose(null)} disabled={!selected}>
          All organizations
        </Button>
        <Box sx={{ flex: 1, overflow: 'auto' }}>
          {query.isPending ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
              <CircularProgress aria-label="Loading organizations" />
            </Box>
          ) : rows.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              No organizations found.
            </Typography>
          ) : (
            <List aria-label="Organizations" dense>
              {rows.map((organization) => (
                <ListItem key={organization.id} disablePadding>
                  <ListItemButton
                    selected={selected?.id === organization.id}
                    onClick={() =>
                      choose({
                        id: organization.id,
                        name: organization.name,
                        account_number: organization.account_number,
                      })
                    }
                  >
                    <ListItemText
                      primary={organization.name}
                      secondary={
                        organization.account_number ? `Account ${organization.account_number}` : undefined
                      }
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
          {total > rows.length && rows.length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
              {`Showing ${rows.length} of ${total}: search to narrow the list.`}
            </Typography>
          )}
        </Box>
      </Box>
    </Drawer>
  );
}

/**
 * Management top bar: the organization the list pages are narrowed to, as a chip opening the
 * filter drawer; its delete icon goes back to all organizations.
 */
export function OrganizationFilterChip() {
  const selected = useOrganizationFilter();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Chip
        icon={<BusinessIcon />}
        label={selected ? selected.name : 'All organizations'}
        aria-label={
          selected
            ? `Organization filter: ${selected.name}. Change`
            : 'Organization filter: all organizations. Change'
        }
        onClick={() => setOpen(true)}
        onDelete={selected ? () => setOrganizationFilter(null) : undefined}
        sx={{
          bgcolor: 'rgba(255,255,255,0.16)',
          color: 'inherit',
          '& .MuiChip-icon, & .MuiChip-deleteIcon': { color: 'inherit' },
          maxWidth: 260,
        }}
      />
      <OrganizationFilterDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
}
