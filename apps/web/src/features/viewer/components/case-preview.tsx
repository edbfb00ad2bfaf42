import ViewInArIcon from '@mui/icons-material/ViewInAr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatPatientName } from '@archline/contracts/patients';
import { useState } from 'react';
import { StlPreviewDialog, type StlPreviewFile } from '../../../components/stl-preview-dialog.tsx';
import { fetchStlUrl, useViewerPatient, useViewerStlFiles } from '../api/case-preview.ts';

/** The patient id in `?q=`, or null when there is none. */
export function patientIdOf(q: string | null): number | null {
  const id = Number(q);
  return q && Number.isInteger(id) && id > 0 ? id : null;
}

/** Names the case the viewer opens ("Last, First, case number"), or null while it loads. */
export function CaseName({ patientId }: { patientId: number | null }) {
  const patient = useViewerPatient(patientId);
  if (patientId === null) return null;
  if (patient.isPending) return <CircularProgress size={20} aria-label="Loading the case..." />;
  if (patient.isError) return <Alert severity="warning">The case could not be loaded.</Alert>;
  return (
    <Typography variant="h2" component="p" sx={{ fontSize: '1.25rem', overflowWrap: 'anywhere' }}>
      {formatPatientName(patient.data)}
    </Typography>
  );
}

/**
 * The case's STL scans, each opened in the in-browser 3D preview: the way to look at a case
 * without the desktop application.
 */
export function StlScansPreview({ patientId }: { patientId: number }) {
  const files = useViewerStlFiles(patientId);
  const [previewing, setPreviewing] = useState<StlPreviewFile | null>(null);
  return (
    <Box component="section" aria-labelledby="viewer-scans-title" sx={{ mt: 4 }}>
      <Typography id="viewer-scans-title" variant="h6" component="h2">
        Preview in the browser
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        No DIBS on this computer? Look at the case's scans here in 3D.
      </Typography>
      {files.isPending && <CircularProgress size={20} aria-label="Loading the scans..." />}
      {files.isError && <Alert severity="warning">The scans could not be loaded.</Alert>}
      {files.data?.length === 0 && <Typography>The case has no STL scans yet.</Typography>}
      {files.data && files.data.length > 0 && (
        <List dense aria-label="STL scans">
          {files.data.map((file) => (
            <ListItem
              key={file.id}
              disableGutters
              secondaryAction={
                <Button
                  size="small"
                  startIcon={<ViewInArIcon />}
                  onClick={() => setPreviewing({ id: file.id, name: file.name })}
                  aria-label={`Preview ${file.name} in 3D`}
                >
                  3D Preview
                </Button>
              }
            >
              <ListItemText primary={file.name} sx={{ pr: 16, overflowWrap: 'anywhere' }} />
            </ListItem>
          ))}
        </List>
      )}
      <StlPreviewDialog file={previewing} fetchUrl={fetchStlUrl} onClose={() => setPreviewing(null)} />
    </Box>
  );
}
