import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { NotePanel } from './note-panel.tsx';

/** Where an EasyRx prescription opens (the EasyRx portal, by prescription id). */
export const EASY_RX_PRESCRIPTION_URL = 'https://app.easyrxortho.com/prescriptions/';

/** EasyRx: the link to the prescription the case was imported from. */
export function EasyRxPanel({ prescriptionId }: { prescriptionId: string }) {
  return (
    <NotePanel title="EasyRx" empty={false}>
      <Typography>
        Prescription{' '}
        <Link
          href={`${EASY_RX_PRESCRIPTION_URL}${encodeURIComponent(prescriptionId)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {prescriptionId} (opens EasyRx in a new tab)
        </Link>
      </Typography>
    </NotePanel>
  );
}
