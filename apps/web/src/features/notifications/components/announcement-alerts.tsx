import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useAnnouncements } from '../api/get-announcements.ts';

/**
 * The announcements of the caller's profile as alerts (the server already hides doctor
 * announcements from staff and internal ones from practices). Shown on the patient lists only.
 */
export function AnnouncementAlerts() {
  const { data } = useAnnouncements();
  const announcements = data?.announcements ?? [];
  if (announcements.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }} aria-label="Announcements" component="section">
      {announcements.map((a) => (
        <Alert key={a.id} severity="info" sx={{ whiteSpace: 'pre-line' }}>
          {a.body}
        </Alert>
      ))}
    </Stack>
  );
}
