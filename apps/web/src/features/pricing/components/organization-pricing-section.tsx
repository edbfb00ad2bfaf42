import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { usePermissions } from '../../../session/permissions.ts';
import { useOrganizationPricing } from '../api/get-organization-pricing.ts';
import { useResetOrganizationPricing } from '../api/reset-organization-pricing.ts';
import { useUpdateOrganizationPricing } from '../api/update-organization-pricing.ts';
import { PricingForm } from './pricing-form.tsx';

/**
 * The pricing section of the management organization page (organization.pricing.update): the
 * organization's own prices, or the global ones until it gets its own. Hidden without the permission.
 */
export function OrganizationPricingSection({
  organizationId,
  readOnly,
}: {
  organizationId: number;
  readOnly: boolean;
}) {
  const { can } = usePermissions();
  const allowed = can('organization.pricing.update');
  const pricing = useOrganizationPricing(organizationId, allowed);
  const update = useUpdateOrganizationPricing(organizationId);
  const reset = useResetOrganizationPricing(organizationId);
  const [confirming, setConfirming] = useState(false);
  if (!allowed) return null;

  const backToGlobal = async () => {
    try {
      const result = await reset.mutateAsync();
      notifySuccess(result.message);
    } catch (error) {
      notifyError(error);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="organization-pricing-title">
      <CardHeader
        title="Pricing"
        slotProps={{ title: { id: 'organization-pricing-title', component: 'h2', variant: 'h6' } }}
        action={
          pricing.data ? (
            <Chip
              size="small"
              color={pricing.data.is_custom ? 'primary' : 'default'}
              label={pricing.data.is_custom ? 'Customized Fees' : 'Global Fees'}
            />
          ) : undefined
        }
      />
      <CardContent>
        {pricing.isPending ? (
          <PageLoader label="Loading pricing..." />
        ) : pricing.isError ? (
          <Alert severity="error">{errorMessage(pricing.error)}</Alert>
        ) : (
          <>
            {!pricing.data.is_custom && (
              <Alert severity="info" sx={{ mb: 3 }}>
                This organization pays the global prices. Saving gives it prices of its own.
              </Alert>
            )}
            <PricingForm
              pricing={pricing.data}
              canEdit={!readOnly}
              onSave={(body) => update.mutateAsync(body)}
              actions={
                pricing.data.is_custom ? (
                  <Button color="warning" onClick={() => setConfirming(true)} disabled={reset.isPending}>
                    Use Global Fees
                  </Button>
                ) : undefined
              }
            />
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title="Use Global Fees"
        text="The organization's own prices are removed and it pays the global prices again."
        confirmLabel="Use Global Fees"
        color="warning"
        busy={reset.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => void backToGlobal()}
      />
    </Card>
  );
}
