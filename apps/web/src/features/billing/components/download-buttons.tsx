import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { notifyError } from '../../../lib/notify.tsx';
import { downloadInvoice } from '../api/download-invoice.ts';

/** Download PDF and Download CSV of one invoice (a failure shows the server's message). */
export function DownloadButtons({ orderId, label }: { orderId: number; label: string }) {
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);
  const download = async (type: 'pdf' | 'csv') => {
    setBusy(type);
    try {
      await downloadInvoice(orderId, type);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {(['pdf', 'csv'] as const).map((type) => (
        <Button
          key={type}
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={busy !== null}
          onClick={() => void download(type)}
          aria-label={`Download ${label} as ${type.toUpperCase()}`}
        >
          {busy === type ? 'Downloading...' : type.toUpperCase()}
        </Button>
      ))}
    </Box>
  );
}
