import {
  fileExtension,
  type PatientFile,
  type PatientFileSection,
  type PatientFileTypeId,
} from '@archline/contracts/patient-files';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FlagIcon from '@mui/icons-material/Flag';
import ReplayIcon from '@mui/icons-material/Replay';
import UploadIcon from '@mui/icons-material/Upload';
import ViewInArIcon from '@mui/icons-material/ViewInAr';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ImageList from '@mui/material/ImageList';
import ImageListItem from '@mui/material/ImageListItem';
import ImageListItemBar from '@mui/material/ImageListItemBar';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useDeletePatientFile } from '../api/delete-file.ts';
import { downloadFile, fetchDownloadLink } from '../api/download-link.ts';
import { useReprocessReluJob } from '../api/relu.ts';
import type { FileAccess } from '../file-access.ts';
import { formatBytes } from '../file-format.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ReluFlagDialog } from './relu-flag-dialog.tsx';
import { StlPreviewDialog } from '../../../components/stl-preview-dialog.tsx';
import { UploadDialog } from './upload-dialog.tsx';

export interface FileSectionPanelProps {
  section: PatientFileSection;
  patientId: number;
  patientHasIos: boolean;
  access: FileAccess;
  /** Image sections: signed inline addresses by file id (GET /patients/{id}/images). */
  imageUrls: ReadonlyMap<number, string> | null;
}

const TAG_LABELS: Record<string, string> = {
  stl_maxillary: 'Maxillary',
  stl_mandibular: 'Mandibular',
  tech_backup: 'Backup',
  relu: 'Relu',
};

/** Dark shades: the outlined chips keep WCAG AA contrast on white. */
const RELU_COLORS = {
  pending: 'info.dark',
  success: 'success.dark',
  failed: 'error.dark',
  flagged: '#8a4b00',
} as const;

const RELU_LABELS = { pending: 'Pending', success: 'Success', failed: 'Failed', flagged: 'Flagged' } as const;

/**
 * One collapsible file section: its files as a 3-column image grid (row height 160) or as rows
 * (name, date, size), with download, delete, 3D preview of STL files, relu job status and actions
 * for internal staff, and the section's Upload button.
 */
export function FileSectionPanel({
  section,
  patientId,
  patientHasIos,
  access,
  imageUrls,
}: FileSectionPanelProps) {
  const [deleting, setDeleting] = useState<PatientFile | null>(null);
  const [flagging, setFlagging] = useState<PatientFile | null>(null);
  const [previewing, setPreviewing] = useState<PatientFile | null>(null);
  const [uploading, setUploading] = useState(false);
  const remove = useDeletePatientFile(patientId);
  const reprocess = useReprocessReluJob(patientId);
  const files = section.files;
  const slug = section.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const headerId = `files-${slug}-header`;
  const regionId = `files-${slug}-content`;
  const canUpload = access.upload(section.type as PatientFileTypeId);

  const iconSx = (light: boolean) => (light ? { color: 'common.white' } : undefined);

  const actionsFor = (file: PatientFile, light = false): ReactNode => (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      {fileExtension(file.name) === '.stl' && (
        <Tooltip title="3D Preview">
          <IconButton
            aria-label={`Preview ${file.name}`}
            onClick={() => setPreviewing(file)}
            sx={iconSx(light)}
          >
            <ViewInArIcon />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title="Download">
        <IconButton
          aria-label={`Download ${file.name}`}
          onClick={() => downloadFile(file).catch(notifyError)}
          sx={iconSx(light)}
        >
          <DownloadIcon />
        </IconButton>
      </Tooltip>
      {access.flagRelu(file) && (
        <Tooltip title="Flag relu job">
          <IconButton
            aria-label={`Flag relu job of ${file.name}`}
            onClick={() => setFlagging(file)}
            sx={iconSx(light)}
          >
            <FlagIcon />
          </IconButton>
        </Tooltip>
      )}
      {access.reprocessRelu(file) && (
        <Tooltip title="Re-process relu job">
          <IconButton
            aria-label={`Re-process relu job of ${file.name}`}
            disabled={reprocess.isPending}
            onClick={() =>
              reprocess.mutate(file.id, { onSuccess: (result) => notifySuccess(result.message) })
            }
            sx={iconSx(light)}
          >
            <ReplayIcon />
          </IconButton>
        </Tooltip>
      )}
      {access.remove(file) && (
        <Tooltip title="Delete">
          <IconButton aria-label={`Delete ${file.name}`} onClick={() => setDeleting(file)} sx={iconSx(light)}>
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );

  const chipsFor = (file: PatientFile): ReactNode => (
    <>
      {file.tag && TAG_LABELS[file.tag] && <Chip size="small" label={TAG_LABELS[file.tag]} sx={{ ml: 1 }} />}
      {access.seesRelu && file.relu_status && (
        <Tooltip title={file.relu_request?.message ?? ''}>
          <Chip
            size="small"
            variant="outlined"
            label={`Relu: ${RELU_LABELS[file.relu_status]}`}
            sx={{ ml: 1, color: RELU_COLORS[file.relu_status], borderColor: RELU_COLORS[file.relu_status] }}
          />
        </Tooltip>
      )}
    </>
  );

  return (
    <Accordion disableGutters variant="outlined" defaultExpanded={files.length > 0}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={headerId} aria-controls={regionId}>
        <Typography component="span" sx={{ fontWeight: 500 }}>
          {section.name} {files.length === 0 ? '(N/A)' : `(${files.length})`}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id={regionId}>
        {canUpload && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
            <Button
              variant="outlined"
              size="small"
              startIcon={<UploadIcon />}
              onClick={() => setUploading(true)}
              aria-label={`Upload ${section.name}`}
            >
              Upload
            </Button>
          </Box>
        )}
        {files.length === 0 ? (
          <Typography color="text.secondary">No files yet.</Typography>
        ) : imageUrls ? (
          <ImageList cols={3} rowHeight={160} gap={8} aria-label={section.name}>
            {files.map((file) => {
              const url = imageUrls.get(file.id);
              const isPdf = fileExtension(file.name) === '.pdf';
              return (
                <ImageListItem key={file.id}>
                  {url && !isPdf ? (
                    <img
                      src={url}
                      alt={file.name}
                      loading="lazy"
                      style={{ height: 160, objectFit: 'cover' }}
                    />
                  ) : (
                    <Box
                      sx={{
                        height: 160,
                        bgcolor: 'grey.200',
                        display: 'flex',
                        alignItems: 'center',
                        justifyContent: 'center',
                        color: 'text.secondary',
                      }}
                    >
                      {isPdf ? 'PDF' : 'No preview'}
                    </Box>
                  )}
                  <ImageListItemBar
                    title={file.name}
                    subtitle={
                      <>
                        {formatDateTime(file.created_at)}
                        {file.size_bytes !== null && ` · ${formatBytes(file.size_bytes)}`}
                      </>
                    }
                    actionIcon={actionsFor(file, true)}
                  />
                </ImageListItem>
              );
            })}
          </ImageList>
        ) : (
          <List dense aria-label={section.name} disablePadding>
            {files.map((file) => (
              <ListItem key={file.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                <Box sx={{ minWidth: 0, flex: '1 1 240px' }}>
                  <Typography sx={{ overflowWrap: 'anywhere' }}>
                    {file.name}
                    {chipsFor(file)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatDateTime(file.created_at)}
                    {file.size_bytes !== null && ` · ${formatBytes(file.size_bytes)}`}
                  </Typography>
                </Box>
                {actionsFor(file)}
              </ListItem>
            ))}
          </List>
        )}
      </AccordionDetails>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete File"
        text={`Are you sure you want to delete the file ${deleting?.name ?? ''}?`}
        confirmLabel="Delete"
        color="error"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: (result) => {
              setDeleting(null);
              notifySuccess(result.message);
            },
          });
        }}
      />
      <ReluFlagDialog file={flagging} patientId={patientId} onClose={() => setFlagging(null)} />
      <StlPreviewDialog file={previewing} fetchUrl={fetchDownloadLink} onClose={() => setPreviewing(null)} />
      {canUpload && (
        <UploadDialog
          open={uploading}
          onClose={() => setUploading(false)}
          patientId={patientId}
          section={section}
          patientHasIos={patientHasIos}
          tagsArches={access.tagsArches}
        />
      )}
    </Accordion>
  );
}
