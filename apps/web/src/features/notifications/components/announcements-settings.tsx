import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ANNOUNCEMENT_MAX_LENGTH,
  ANNOUNCEMENT_MAX_LENGTH_MESSAGE,
  type Announcement,
  type AnnouncementVisibility,
} from '@archline/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useAllAnnouncements, useUpdateAnnouncement } from '../api/announcement-settings.ts';

const AUDIENCES: { visibility: AnnouncementVisibility; title: string; subheader: string }[] = [
  {
    visibility: 'doctor',
    title: 'Doctor Announcement',
    subheader: 'Shown to doctors and practice members above their patient list.',
  },
  {
    visibility: 'internal',
    title: 'Internal Announcement',
    subheader: "Shown to the provider's staff above the management patient list.",
  },
];

/** Settings tab 2, Announcements (announcement.update): the doctor and the internal announcement. */
export function AnnouncementsSettings() {
  const announcements = useAllAnnouncements();
  if (announcements.isPending) return <PageLoader label="Loading announcements..." />;
  if (announcements.isError) return <Alert severity="error">{errorMessage(announcements.error)}</Alert>;
  const byVisibility = new Map(announcements.data.announcements.map((a) => [a.visibility, a]));
  return (
    <Stack spacing={3}>
      {AUDIENCES.map((audience) => {
        const current = byVisibility.get(audience.visibility) ?? null;
        return (
          <AnnouncementEditor
            // Starts again from the saved text after each save.
            key={`${audience.visibility}|${current?.id ?? 'none'}|${current?.updated_at ?? ''}`}
            {...audience}
            current={current}
          />
        );
      })}
    </Stack>
  );
}

function AnnouncementEditor({
  visibility,
  title,
  subheader,
  current,
}: {
  visibility: AnnouncementVisibility;
  title: string;
  subheader: string;
  current: Announcement | null;
}) {
  const [body, setBody] = useState(current?.body ?? '');
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateAnnouncement();
  const titleId = `announcement-${visibility}-title`;
  const tooLong = body.length > ANNOUNCEMENT_MAX_LENGTH;
  const changed = body !== (current?.body ?? '');
  const empty = body.trim() === '';

  const save = async (text: string) => {
    try {
      const result = await update.mutateAsync({ visibility, body: text });
      notifySuccess(result.message);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader
        title={title}
        subheader={subheader}
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        <TextField
          label={`${title} text`}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          multiline
          minRows={4}
          fullWidth
          error={tooLong}
          helperText={
            tooLong
              ? ANNOUNCEMENT_MAX_LENGTH_MESSAGE
              : current
                ? 'Saving an empty text removes the announcement.'
                : 'No announcement is shown. Write one and save it to show it.'
          }
        />
        {current && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Last updated {formatDateTime(current.updated_at)}
            {current.last_updated_by ? ` by ${current.last_updated_by}` : ''}.
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        {current && (
          <Button color="error" disabled={update.isPending} onClick={() => setConfirming(true)}>
            Delete
          </Button>
        )}
        <Button
          variant="contained"
          disabled={!changed || tooLong || update.isPending || (empty && !current)}
          onClick={() => void save(body)}
        >
          Save
        </Button>
      </CardActions>
      <ConfirmDialog
        open={confirming}
        title={`Delete the ${title.toLowerCase()}?`}
        text="It stops showing at once."
        confirmLabel="Delete"
        color="error"
        busy={update.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => void save('').finally(() => setConfirming(false))}
      />
    </Card>
  );
}
