import TablePagination from '@mui/material/TablePagination';
import { PATIENTS_PAGE_SIZES, PATIENTS_TOTAL_CAP, type ListPatientsResponse } from '@archline/contracts';

/**
 * Paging under a patient list. The server counts matches only up to PATIENTS_TOTAL_CAP; past it
 * the pager says "more than 10,000" and keeps Next enabled while full pages come back.
 */
export function PatientsPagination({
  data,
  page,
  perPage,
  onPageChange,
  onPerPageChange,
}: {
  data: ListPatientsResponse | undefined;
  page: number;
  perPage: number;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
}) {
  const capped = data?.meta.total_capped ?? false;
  // An unknown count (-1) lets MUI page on until a short page arrives.
  const count = !data
    ? 0
    : capped
      ? data.data.length < perPage
        ? page * perPage + data.data.length
        : -1
      : data.meta.total;
  const shownPage = data && !capped ? Math.min(page, Math.max(0, data.meta.last_page - 1)) : page;
  return (
    <TablePagination
      component="div"
      count={count}
      page={shownPage}
      rowsPerPage={perPage}
      rowsPerPageOptions={[...PATIENTS_PAGE_SIZES]}
      labelDisplayedRows={({ from, to, count: c }) =>
        c === -1
          ? `${from}–${to} of more than ${PATIENTS_TOTAL_CAP.toLocaleString('en-US')}`
          : `${from}–${to} of ${c.toLocaleString('en-US')}`
      }
      onPageChange={(_event, next) => onPageChange(next)}
      onRowsPerPageChange={(event) => onPerPageChange(Number(event.target.value))}
    />
  );
}
