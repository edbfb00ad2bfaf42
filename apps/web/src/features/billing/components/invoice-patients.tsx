import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TemplatePatient } from '@archline/contracts';
import { formatCents, formatDate } from '../../../lib/format.ts';

/** The per-patient layout of a version 2 invoice: each case with its base fee, deductions and add-ons. */
export function InvoicePatients({ patients, invoice }: { patients: TemplatePatient[]; invoice: string }) {
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Cases
      </Typography>
      <Box
        sx={{ overflowX: 'auto' }}
        tabIndex={0}
        role="region"
        aria-label={`Cases of invoice ${invoice}, scrollable`}
      >
        <Table size="small" aria-label={`Cases of invoice ${invoice}`}>
          <TableHead>
            <TableRow>
              <TableCell>Patient</TableCell>
              <TableCell>Doctor</TableCell>
              <TableCell>Case Number</TableCell>
              <TableCell>Created</TableCell>
              <TableCell align="right">Base Fee</TableCell>
              <TableCell>Deductions</TableCell>
              <TableCell>Add-ons</TableCell>
              <TableCell align="right">Total</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {patients.map((p, i) => (
              <TableRow key={`${p.case_number_text ?? p.patient_name}-${i}`}>
                <TableCell>{p.patient_name}</TableCell>
                <TableCell>
                  {p.doctor_name}
                  {p.doctor_account_number && (
                    <Typography variant="body2" color="text.secondary">
                      {p.doctor_account_number}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{p.case_number_text ?? '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(p.creation_date)}</TableCell>
                <TableCell align="right">{formatCents(p.base_fee)}</TableCell>
                <TableCell>
                  {p.deductions.length === 0
                    ? '—'
                    : p.deductions.map((d) => (
                        <div key={d.label}>
                          {d.label}: {formatCents(-d.value)}
                        </div>
                      ))}
                </TableCell>
                <TableCell>
                  {p.add_ons.length === 0
                    ? '—'
                    : p.add_ons.map((a) => (
                        <div key={a.label}>
                          {a.label}
                          {a.details ? ` (${a.details})` : ''}: {formatCents(a.value)}
                        </div>
                      ))}
                </TableCell>
                <TableCell align="right">{formatCents(p.total)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
