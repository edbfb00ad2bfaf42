import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { GUARD_MESSAGES } from '@archline/contracts';
import { useParams } from 'react-router';
import { MessagePage } from '../../../components/message-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePermissions } from '../../../session/permissions.ts';
import { usePromotionCode } from '../api/get-promotion-code.ts';
import { PromotionCodeForm } from '../components/promotion-code-form.tsx';

function Heading() {
  return (
    <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
      Promotion Codes
    </Typography>
  );
}

/** /promotion-codes/add */
export function NewPromotionCodePage() {
  const { can } = usePermissions();
  if (!can('promotion-codes.manage'))
    return <MessagePage title="Create Promotion Code" message={GUARD_MESSAGES.page} />;
  return (
    <Box>
      <Heading />
      <PromotionCodeForm />
    </Box>
  );
}

/** /promotion-codes/{id}: the code's form (the code itself is fixed; id 1 is read-only). */
export function EditPromotionCodePage() {
  const { can } = usePermissions();
  const id = Number(useParams().id);
  const allowed = can('promotion-codes.manage');
  const code = usePromotionCode(allowed ? id : 0);
  if (!allowed) return <MessagePage title="Promotion Code" message={GUARD_MESSAGES.page} />;
  if (!Number.isInteger(id) || id <= 0)
    return (
      <MessagePage
        title="Promotion Code"
        message="The promotion code was not found."
        severity="error"
        action={{ label: 'Back to Promotion Codes', to: '/promotion-codes' }}
      />
    );
  if (code.isPending) return <PageLoader label="Loading promotion code..." />;
  if (code.isError)
    return (
      <MessagePage
        title="Promotion Code"
        message={errorMessage(code.error)}
        severity="error"
        action={{ label: 'Back to Promotion Codes', to: '/promotion-codes' }}
      />
    );
  return (
    <Box>
      <Heading />
      <PromotionCodeForm key={`${code.data.id}|${code.data.updated_at}`} code={code.data} />
    </Box>
  );
}
