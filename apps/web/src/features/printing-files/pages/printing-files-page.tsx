import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  PRINTING_FILE_MESSAGES,
  PRINTING_FILES_DEFAULT_PAGE_SIZE,
  type PrintingFile,
  type PrintingFileOrderColumn,
} from '@archline/contracts/printing-files';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table.tsx';
import { SearchField, useTableSort } from '../../../components/table-controls.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { notifyError } from '../../../lib/notify.tsx';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { downloadPrintingFile } from '../api/download-printing-file.ts';
import { usePrintingFiles } from '../api/list-printing-files.ts';

const COLUMNS = 8;

function caseNumber(file: PrintingFile): string {
  const { case_number_text, numeric_suffix } = file.patient;
  if (!case_number_text && !numeric_suffix) return '—';
  return `${case_number_text ?? ''}${numeric_suffix ? ` (${numeric_suffix})` : ''}`.trim();
}

/** /printing-files (staff): the IOS and STL files of every case, searched, sorted, paged, downloaded. */
export function PrintingFilesPage() {
  const [user, setUser] = useState('');
  const [patient, setPatient] = useState('');
  const [page, setPage] = useState(0);
  const {
    orderBy,
    order,
    header: sortable,
  } = useTableSort<PrintingFileOrderColumn>({ orderBy: 'updated_at', order: 'desc' }, () => setPage(0));
  const [perPage, setPerPage] = useState(PRINTING_FILES_DEFAULT_PAGE_SIZE);
  const [downloading, setDownloading] = useState<number | null>(null);
  const searchByUser = useDebouncedValue(user.trim(), SEARCH_DEBOUNCE_MS);
  const searchByPatient = useDebouncedValue(patient.trim(), SEARCH_DEBOUNCE_MS);
  const files = usePrintingFiles({ searchByUser, searchByPatient, orderBy, order, page: page + 1, perPage });
  const rows = files.data?.data ?? [];

  const download = async (file: PrintingFile) => {
    setDownloading(file.id);
    try {
      await downloadPrintingFile(file);
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Box>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        {PRINTING_FILE_MESSAGES.title}
      </Typography>
      <Card>
        <Box sx={{ p: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <SearchField
            placeholder={PRINTING_FILE_MESSAGES.searchByUser}
            value={user}
            onChange={(v) => {
              setUser(v);
              setPage(0);
            }}
          />
          <SearchField
            placeholder={PRINTING_FILE_MESSAGES.searchByPatient}
            value={patient}
            onChange={(v) => {
              setPatient(v);
              setPage(0);
            }}
          />
        </Box>
        <DataTable
          label={PRINTING_FILE_MESSAGES.title}
          fetchingLabel="Loading printing files"
          fetching={files.isFetching}
          busy={files.isFetching}
          head={
            <>
              {sortable('user', 'User')}
              {sortable('patient', 'Patient')}
              {sortable('case_number', 'Case Number')}
              {sortable('type', 'File Type')}
              {sortable('original_name', 'Original Name')}
              {sortable('file_modification_date', 'Modified')}
              {sortable('updated_at', 'Updated')}
              <TableCell align="right">Actions</TableCell>
            </>
          }
          colSpan={COLUMNS}
          loading={files.isPending}
          empty={rows.length === 0}
          emptyText={files.isError ? 'The printing files could not be loaded.' : PRINTING_FILE_MESSAGES.empty}
          paging={{
            count: files.data?.meta.total ?? 0,
            page,
            rowsPerPage: perPage,
            rowsPerPageOptions: [PRINTING_FILES_DEFAULT_PAGE_SIZE, 25, 50, 100],
            onPageChange: setPage,
            onRowsPerPageChange: (next) => {
              setPerPage(next);
              setPage(0);
            },
          }}
        >
          {rows.map((file) => (
            <TableRow key={file.id} hover data-testid="printing-file-row">
              <TableCell>{file.patient.user?.full_name ?? '—'}</TableCell>
              <TableCell sx={{ minWidth: 140 }}>{file.patient.full_name}</TableCell>
              <TableCell>{caseNumber(file)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{file.patient_file_type.name}</TableCell>
              <TableCell sx={{ minWidth: 160, overflowWrap: 'anywhere' }}>
                {file.original_name}
                {file.name !== file.original_name && (
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {file.name}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(file.file_modification_date)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(file.updated_at)}</TableCell>
              <TableCell align="right">
                <Button
                  size="small"
                  startIcon={<DownloadIcon aria-hidden="true" />}
                  disabled={downloading === file.id}
                  onClick={() => void download(file)}
                  aria-label={`${PRINTING_FILE_MESSAGES.download} ${file.name}`}
                >
                  {PRINTING_FILE_MESSAGES.download}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </DataTable>
      </Card>
    </Box>
  );
}
