import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import TextField from '@mui/material/TextField';
import type { OrganizationDetail } from '@archline/contracts';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useUpdateOrganization } from '../api/update-organization.ts';

/** EasyRx Setup: the organization's EasyRx practice id. */
export function EasyRxCard({
  organization,
  canEdit,
}: {
  organization: OrganizationDetail;
  canEdit: boolean;
}) {
  const update = useUpdateOrganization(organization.id);
  const saved = organization.easy_rx_practice_id ?? '';
  const [practiceId, setPracticeId] = useState(saved);
  const [fieldError, setFieldError] = useState<string | undefined>();

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFieldError(undefined);
    if (practiceId.trim().length > 255) {
      setFieldError('Must contain max 255 characters.');
      return;
    }
    try {
      const result = await update.mutateAsync({
        name: organization.name,
        easy_rx_practice_id: practiceId.trim() || null,
      });
      setPracticeId(result.organization.easy_rx_practice_id ?? '');
      notifySuccess(result.message);
    } catch (error) {
      const message = error instanceof ApiError ? error.errors.easy_rx_practice_id?.[0] : undefined;
      if (message) setFieldError(message);
      else notifyError(error);
    }
  };

  return (
    <Card component="section" aria-labelledby="easy-rx-title">
      <CardHeader
        title="EasyRx Setup"
        slotProps={{ title: { id: 'easy-rx-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          aria-labelledby="easy-rx-title"
          sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
        >
          <TextField
            label="Practice ID"
            value={practiceId}
            onChange={(e) => setPracticeId(e.target.value)}
            disabled={!canEdit}
            error={Boolean(fieldError)}
            helperText={fieldError}
            sx={{ flex: '1 1 280px', maxWidth: 420 }}
          />
          {canEdit && (
            <Button
              type="submit"
              variant="contained"
              disabled={practiceId.trim() === saved || update.isPending}
              sx={{ mt: 1 }}
            >
              {update.isPending ? 'Saving...' : 'Save'}
            </Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
