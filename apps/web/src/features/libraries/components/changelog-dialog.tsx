import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LIBRARY_MESSAGES, type BracketLibrary } from '@archline/contracts';
import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useInventoryChangelog } from '../api/inventory.ts';

/** The inventory changes of a library, newest first, 10 a page, each with its per-tooth differences. */
export function ChangelogDialog({
  organizationId,
  library,
  onClose,
}: {
  organizationId: number;
  library: BracketLibrary;
  onClose: () => void;
}) {
  const id = useId();
  const [page, setPage] = useState(1);
  const query = useInventoryChangelog(organizationId, library.id, page);
  const items = query.data?.data ?? [];
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${id}-title`}>Changelog: {library.label}</DialogTitle>
      <DialogContent tabIndex={0} role="region" aria-label="Changelog entries">
        {query.isPending ? (
          <Stack sx={{ alignItems: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading changelog" />
          </Stack>
        ) : query.isError ? (
          <Alert severity="error">{errorMessage(query.error)}</Alert>
        ) : items.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>{LIBRARY_MESSAGES.empty}</Typography>
        ) : (
          <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Changes">
            {items.map((item) => (
              <li key={item.id}>
                <Typography variant="subtitle2">
                  {formatDateTime(item.timestamp)}
                  {item.user ? ` · ${item.user}` : ''}
                </Typography>
                <Typography>{item.description}</Typography>
                {item.changes.length > 0 && (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {item.changes
                      .map(
                        (c) =>
                          `${c.tooth_number}: ${c.before} → ${c.after} (${c.diff > 0 ? '+' : ''}${c.diff})`,
                      )
                      .join(', ')}
                  </Typography>
                )}
              </li>
            ))}
          </Stack>
        )}
        {(query.data?.meta.last_page ?? 1) > 1 && (
          <Pagination
            sx={{ mt: 2 }}
            count={query.data!.meta.last_page}
            page={page}
            onChange={(_e, p) => setPage(p)}
            aria-label="Changelog pages"
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
