import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useSession } from '../../../session/session.tsx';
import { usePatientFiles } from '../api/list-patient-files.ts';
import { usePatientImages } from '../api/list-patient-images.ts';
import type { FilesPatient } from '../api/types.ts';
import { fileAccess, isImageType } from '../file-access.ts';
import { FileSectionPanel } from './file-section-panel.tsx';

export interface PatientFilesSectionProps {
  patient: FilesPatient;
}

/**
 * The file sections of the patient-details page (IOS Files, STL Files, Photos, Dicom Files, X-Ray
 * Images, IDB Tray Images, Other Photos, Other Files, as the server lists them for the caller),
 * each with its files, downloads, deletes and uploads as the caller's permissions allow.
 */
export function PatientFilesSection({ patient }: PatientFilesSectionProps) {
  const { user } = useSession();
  const query = usePatientFiles(patient.id);
  const hasImages = query.data?.sections.some((s) => isImageType(s.type) && s.files.length > 0) ?? false;
  const images = usePatientImages(patient.id, hasImages);
  const imageUrls = useMemo(() => new Map((images.data ?? []).map((i) => [i.id, i.url])), [images.data]);
  const access = useMemo(
    () => (user && query.data ? fileAccess(user, query.data, patient.deleted_at !== null) : null),
    [user, query.data, patient.deleted_at],
  );

  if (!user) return null;

  return (
    <Card component="section" aria-labelledby="patient-files-title">
      <CardHeader
        title="Files"
        slotProps={{ title: { id: 'patient-files-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {query.isPending ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 2 }}>
            <CircularProgress size={20} aria-hidden="true" /> Loading files...
          </Box>
        ) : query.isError || !access ? (
          <Typography role="alert" color="error">
            The files could not be loaded.
          </Typography>
        ) : (
          query.data.sections.map((section) => (
            <FileSectionPanel
              key={section.type}
              section={section}
              patientId={patient.id}
              patientHasIos={query.data.has_ios_file}
              access={access}
              imageUrls={isImageType(section.type) ? imageUrls : null}
            />
          ))
        )}
      </CardContent>
    </Card>
  );
}
