import Typography from '@mui/material/Typography';
import { releaseNoteLines } from '@archline/contracts/installers';
import { Fragment } from 'react';

/** Release notes with their line breaks shown as breaks. */
export function ReleaseNotes({ notes }: { notes: string }) {
  const lines = releaseNoteLines(notes);
  return (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </Typography>
  );
}
