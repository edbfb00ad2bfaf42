import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { profileOf } from '@archline/contracts/roles';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { roleNames } from '../../../session/me.ts';
import { usePermissions } from '../../../session/permissions.ts';
import { useSession } from '../../../session/session.tsx';
import { useSetWebhooksOffer, useWebhooksOffer } from '../api/webhooks-offer.ts';

function practiceState(offer: { offered: boolean; enabled: boolean; endpoints: number }): string {
  if (!offer.offered) return 'The practice has no Webhooks tab.';
  const endpoints = `${offer.endpoints} endpoint${offer.endpoints === 1 ? '' : 's'}`;
  return offer.enabled
    ? `The practice has webhooks on, with ${endpoints}.`
    : `The practice has not switched webhooks on (${endpoints}).`;
}

/**
 * The organization page's Webhooks section (management with organization.webhooks.manage): whether
 * the provider offers webhooks to the practice. Offering shows the practice's owner the Account
 * page's Webhooks tab, with webhooks off until they switch them on; withdrawing hides the tab and
 * stops every delivery, keeping the endpoints for a later offer. Hidden for anyone else.
 */
export function OrganizationWebhooksSection({
  organizationId,
  readOnly,
}: {
  organizationId: number;
  readOnly: boolean;
}) {
  const { user } = useSession();
  const { can } = usePermissions();
  const allowed =
    user !== undefined && profileOf(roleNames(user)) === 'management' && can('organization.webhooks.manage');
  const offer = useWebhooksOffer(organizationId, allowed);
  const save = useSetWebhooksOffer(organizationId);
  if (!allowed) return null;

  return (
    <Card component="section" aria-labelledby="organization-webhooks-title">
      <CardHeader
        title="Webhooks"
        slotProps={{ title: { id: 'organization-webhooks-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {offer.isPending ? (
          <Skeleton variant="rounded" height={56} aria-label="Loading webhooks" />
        ) : offer.isError ? (
          <Alert severity="error">{errorMessage(offer.error)}</Alert>
        ) : (
          <>
            <FormControlLabel
              control={
                <Switch
                  checked={offer.data.offered}
                  disabled={readOnly || save.isPending}
                  onChange={(e) =>
                    save.mutate(e.target.checked, {
                      onSuccess: (data) => notifySuccess(data.message),
                      onError: (error) => notifyError(error),
                    })
                  }
                />
              }
              label="Offer webhooks to this practice"
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {practiceState(offer.data)} The practice&apos;s owner switches webhooks on and adds endpoints on
              the Account page&apos;s Webhooks tab.
            </Typography>
          </>
        )}
      </CardContent>
    </Card>
  );
}
