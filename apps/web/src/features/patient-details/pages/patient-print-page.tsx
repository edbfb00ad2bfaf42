import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatPatientName, PATIENT_STATUS } from '@archline/contracts/patients';
import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useQuery } from '@tanstack/react-query';
import { patientQuery } from '../api/get-patient.ts';
import { rxFormQuery } from '../api/get-rx-form.ts';
import { RxFormCard } from '../components/rx-form-card.tsx';
import { formatDateTime } from '../../../lib/format.ts';

/**
 * /patient-details/{id}/print ('Print Patient Summary', no layout): the patient and its Rx form
 * summary; opens the browser's print dialog, then returns to the details page. Without the
 * patient (it failed to load) it goes straight back there.
 */
export function PatientPrintPage() {
  const id = Number(useParams().id);
  // Printed from fresh data: both are fetched again even when the details page has them.
  const query = useQuery({ ...patientQuery(id), refetchOnMount: 'always' });
  const navigate = useNavigate();
  const detailsPath = `/patient-details/${id}`;
  const patient = query.data;
  // The summary is printed complete: with the Rx form's names once they have loaded (or failed).
  const rxForm = useQuery({ ...rxFormQuery(patient?.rx_form?.id ?? null), refetchOnMount: 'always' });
  const ready =
    patient !== undefined && !query.isFetching && (patient.rx_form === null || !rxForm.isFetching);

  useEffect(() => {
    const previous = document.title;
    document.title = 'Print Patient Summary';
    return () => {
      document.title = previous;
    };
  }, []);

  useEffect(() => {
    if (!ready) return;
    // One frame for the summary to paint before the dialog takes its snapshot of the page.
    const timer = window.setTimeout(() => {
      window.print();
      void navigate(detailsPath, { replace: true });
    }, 300);
    return () => window.clearTimeout(timer);
  }, [ready, navigate, detailsPath]);

  if (query.isError) return <Navigate to={detailsPath} replace />;
  if (!patient) return <PageLoader label="Preparing the patient summary..." />;

  return (
    <Box component="main" sx={{ p: 3, maxWidth: 900, mx: 'auto', bgcolor: 'background.paper' }}>
      <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
        Print Patient Summary
      </Typography>
      <Typography variant="h2" component="p" sx={{ mb: 2 }}>
        {formatPatientName(patient)}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, mb: 3 }}
      >
        {[
          [
            'Organization',
            `${patient.organization.name}${patient.organization.account_number ? ` (${patient.organization.account_number})` : ''}`,
          ],
          ['Doctor', patient.user.full_name],
          ['Status', patient.patient_status_id === PATIENT_STATUS.complete ? 'Complete' : 'Active'],
          ['Creation Date', formatDateTime(patient.created_at)],
          ['Modification Date', formatDateTime(patient.updated_at)],
          ...(patient.deleted_at ? [['Deletion Date', formatDateTime(patient.deleted_at)]] : []),
          ...(patient.is_on_hold ? [['On Hold', formatDateTime(patient.held_at)]] : []),
        ].map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <RxFormCard summary={patient.rx_form} readOnly />
    </Box>
  );
}
