import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { INSTALLER_MESSAGES } from '@archline/contracts/installers';
import { useId, useState } from 'react';
import { DataTable } from '../../../components/data-table.tsx';
import { formatDate } from '../../../lib/format.ts';
import { notifyError } from '../../../lib/notify.tsx';
import { downloadInstaller, useAvailableInstallers } from '../api/installers.ts';
import { ReleaseNotes } from './release-notes.tsx';

/** The account page's Installer tab: the DIBS installers the user may download, newest first. */
export function AccountInstallerTab() {
  const id = useId();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const query = useAvailableInstallers(page + 1, perPage);
  const rows = query.data?.data ?? [];
  return (
    <Card component="section" aria-labelledby={`${id}-title`} variant="outlined">
      <CardContent>
        <Typography id={`${id}-title`} variant="h6" component="h2" sx={{ mb: 1 }}>
          DIBS Installers
        </Typography>
        <DataTable
          label="Installers"
          head={
            <>
              <TableCell>Version</TableCell>
              <TableCell>Release Notes</TableCell>
              <TableCell>Released</TableCell>
              <TableCell align="right">Download</TableCell>
            </>
          }
          loading={query.isPending}
          empty={!query.isPending && rows.length === 0}
          emptyText={INSTALLER_MESSAGES.noInstallers}
          colSpan={4}
          paging={{
            count: query.data?.meta.total ?? 0,
            page,
            rowsPerPage: perPage,
            rowsPerPageOptions: [5, 10, 25],
            onPageChange: setPage,
            onRowsPerPageChange: (n) => {
              setPerPage(n);
              setPage(0);
            },
          }}
        >
          {rows.map((installer) => (
            <TableRow key={installer.id}>
              <TableCell sx={{ fontWeight: 600 }}>{installer.version}</TableCell>
              <TableCell sx={{ minWidth: 180 }}>
                <ReleaseNotes notes={installer.release_notes} />
              </TableCell>
              <TableCell>{formatDate(installer.created_at)}</TableCell>
              <TableCell align="right">
                <Button
                  size="small"
                  startIcon={<DownloadIcon />}
                  aria-label={`Download ${installer.version}`}
                  onClick={() => downloadInstaller(installer.id).catch(notifyError)}
                >
                  Download
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </DataTable>
      </CardContent>
    </Card>
  );
}
