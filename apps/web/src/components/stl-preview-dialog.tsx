import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { ApiError } from '../lib/api-client.ts';

type PreviewState =
  { kind: 'loading' } | { kind: 'ready'; triangles: number } | { kind: 'error'; message: string };

/** The file previewed: its id (for its download link) and name. */
export interface StlPreviewFile {
  id: number;
  name: string;
}

export interface StlPreviewDialogProps {
  file: StlPreviewFile | null;
  /** A short-lived address of the file's bytes (GET /patient_files/{id}/download_link). */
  fetchUrl: (fileId: number) => Promise<string>;
  onClose: () => void;
}

/**
 * 3D preview of an STL file in the browser. The bytes come through the file's download link; the
 * three.js scene is loaded on demand (its own chunk), so pages that offer a preview do not carry it.
 */
export function StlPreviewDialog({ file, fetchUrl, onClose }: StlPreviewDialogProps) {
  const id = useId();
  const [state, setState] = useState<PreviewState>({ kind: 'loading' });
  const [container, setContainer] = useState<HTMLDivElement | null>(null);

  useEffect(() => {
    if (!file || !container) return;
    let disposed = false;
    let dispose: (() => void) | null = null;
    const controller = new AbortController();
    setState({ kind: 'loading' });
    (async () => {
      const [viewer, bytes] = await Promise.all([
        import('./stl-viewer.ts'),
        fetchUrl(file.id).then(async (url) => {
          const response = await fetch(url, { signal: controller.signal });
          if (!response.ok) throw new Error(`The file could not be read (${response.status}).`);
          return response.arrayBuffer();
        }),
      ]);
      if (disposed) return;
      try {
        const handle = viewer.mountStlViewer(container, bytes, `3D preview of ${file.name}`);
        dispose = handle.dispose;
        setState({ kind: 'ready', triangles: handle.triangles });
      } catch (error) {
        setState({
          kind: 'error',
          message:
            error instanceof viewer.WebGLUnavailableError
              ? 'This browser cannot show 3D graphics (WebGL is off). Download the file to view it.'
              : 'The file could not be shown as a 3D model.',
        });
      }
    })().catch((error: unknown) => {
      if (disposed) return;
      setState({
        kind: 'error',
        message: error instanceof ApiError ? error.message : 'The preview could not be loaded.',
      });
    });
    return () => {
      disposed = true;
      controller.abort();
      dispose?.();
    };
  }, [file, container, fetchUrl]);

  return (
    <Dialog open={file !== null} onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="md" fullWidth>
      <DialogTitle id={`${id}-title`} sx={{ pr: 7, overflowWrap: 'anywhere' }}>
        {file?.name}
      </DialogTitle>
      <IconButton
        aria-label="Close preview"
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent>
        <Box
          ref={setContainer}
          sx={{
            position: 'relative',
            height: { xs: 320, md: 480 },
            bgcolor: 'grey.100',
            borderRadius: 1,
            overflow: 'hidden',
          }}
        >
          {state.kind === 'loading' && (
            <Box
              role="status"
              sx={{
                position: 'absolute',
                inset: 0,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                gap: 1,
              }}
            >
              <CircularProgress size={24} aria-hidden="true" /> Loading 3D preview...
            </Box>
          )}
          {state.kind === 'error' && (
            <Box
              sx={{
                position: 'absolute',
                inset: 0,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                p: 2,
              }}
            >
              <Alert severity="error">{state.message}</Alert>
            </Box>
          )}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {state.kind === 'ready' && `${state.triangles.toLocaleString()} triangles. `}
          Drag to rotate, right-drag or arrow keys (on the focused model) to pan, scroll to zoom.
        </Typography>
      </DialogContent>
    </Dialog>
  );
}
