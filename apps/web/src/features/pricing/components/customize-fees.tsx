import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePermissions } from '../../../session/permissions.ts';
import { useGlobalPricing } from '../api/get-global-pricing.ts';
import { useUpdateGlobalPricing } from '../api/update-global-pricing.ts';
import { PricingForm } from './pricing-form.tsx';

/** Settings tab 1, Customize Fees: the global price list (pricing.update). */
export function CustomizeFees() {
  const { can } = usePermissions();
  const pricing = useGlobalPricing();
  const update = useUpdateGlobalPricing();
  return (
    <Card component="section" aria-labelledby="customize-fees-title">
      <CardHeader
        title="Customize Fees"
        subheader="The global prices: every organization without its own prices pays these."
        slotProps={{ title: { id: 'customize-fees-title', component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {pricing.isPending ? (
          <PageLoader label="Loading fees..." />
        ) : pricing.isError ? (
          <Alert severity="error">{errorMessage(pricing.error)}</Alert>
        ) : (
          <PricingForm
            pricing={pricing.data}
            canEdit={can('pricing.update')}
            onSave={(body) => update.mutateAsync(body)}
          />
        )}
      </CardContent>
    </Card>
  );
}
