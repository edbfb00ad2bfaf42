import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client.ts';
import { useBracketLibraries } from '../api/list-bracket-libraries.ts';
import { BracketLibraryList } from '../components/bracket-library-list.tsx';

/**
 * /organizations/{organizationId}/brackets: the practice's bracket libraries and their stock,
 * read-only, with 'Low Inventory Only' and REFRESH. `?id=` opens that library's detail once the
 * list is loaded, then leaves the address.
 */
export function BracketInventoryPage() {
  const { organizationId: param } = useParams();
  const organizationId = Number(param);
  const [search, setSearch] = useSearchParams();
  const [lowOnly, setLowOnly] = useState(false);
  const query = useBracketLibraries(organizationId, Number.isInteger(organizationId) && organizationId > 0);
  const wanted = Number(search.get('id')) || null;
  const libraries = (query.data?.data ?? []).filter((l) => !lowOnly || l.low_stock);

  const dropId = useCallback(
    () =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('id');
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h1" component="h1">
          Bracket Inventory
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <FormControlLabel
            control={<Switch checked={lowOnly} onChange={(e) => setLowOnly(e.target.checked)} />}
            label="Low Inventory Only"
          />
          <Button
            variant="outlined"
            startIcon={<RefreshIcon />}
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            REFRESH
          </Button>
        </Stack>
      </Stack>
      <Card>
        <CardContent>
          {query.isPending ? (
            <Stack sx={{ alignItems: 'center', py: 4 }}>
              <CircularProgress aria-label="Loading bracket libraries" />
            </Stack>
          ) : query.isError ? (
            <Alert severity="error">{errorMessage(query.error)}</Alert>
          ) : (
            <BracketLibraryList
              organizationId={organizationId}
              libraries={libraries}
              abilities={query.data.abilities}
              readOnly
              openId={wanted}
              onOpened={dropId}
            />
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
