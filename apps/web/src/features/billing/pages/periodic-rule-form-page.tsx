import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { GUARD_MESSAGES, PERIODIC_RULE_MESSAGES } from '@archline/contracts';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { MessagePage } from '../../../components/message-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePermissions } from '../../../session/permissions.ts';
import { usePeriodicRule } from '../api/periodic-rules.ts';
import { PeriodicRuleForm } from '../components/periodic-rule-form.tsx';

/** After a save or Cancel: back to the previous page, or the subscription when opened directly. */
function useBack(contractId: number) {
  const navigate = useNavigate();
  return () => {
    if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) void navigate(-1);
    else void navigate(`/subscriptions/${contractId}`);
  };
}

function Heading({ contractId }: { contractId: number }) {
  return (
    <>
      <Box sx={{ mb: 2 }}>
        <Link component={RouterLink} to={`/subscriptions/${contractId}`}>
          Subscription
        </Link>
      </Box>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        Periodic Rules
      </Typography>
    </>
  );
}

const validId = (n: number) => Number.isInteger(n) && n > 0;

/** /subscriptions/{contract_id}/periodic-rules/add */
export function NewPeriodicRulePage() {
  const { can } = usePermissions();
  const contractId = Number(useParams().contract_id);
  const back = useBack(contractId);
  if (!can('periodic-rules.manage'))
    return <MessagePage title="New Periodic Rule" message={GUARD_MESSAGES.page} />;
  if (!validId(contractId))
    return (
      <MessagePage
        title="New Periodic Rule"
        message={PERIODIC_RULE_MESSAGES.contractNotFound}
        severity="error"
      />
    );
  return (
    <Box>
      <Heading contractId={contractId} />
      <PeriodicRuleForm contractId={contractId} onDone={back} />
    </Box>
  );
}

/** /subscriptions/{contract_id}/periodic-rules/{id} */
export function EditPeriodicRulePage() {
  const { can } = usePermissions();
  const params = useParams();
  const contractId = Number(params.contract_id);
  const id = Number(params.id);
  const back = useBack(contractId);
  const allowed = can('periodic-rules.manage');
  const rule = usePeriodicRule(contractId, id, allowed && validId(contractId));
  if (!allowed) return <MessagePage title="Periodic Rule" message={GUARD_MESSAGES.page} />;
  const notFound = (message: string) => (
    <MessagePage
      title="Periodic Rule"
      message={message}
      severity="error"
      action={
        validId(contractId)
          ? { label: 'Back to Subscription', to: `/subscriptions/${contractId}` }
          : undefined
      }
    />
  );
  if (!validId(contractId) || !validId(id)) return notFound(PERIODIC_RULE_MESSAGES.notFound);
  if (rule.isPending) return <PageLoader label="Loading periodic rule..." />;
  if (rule.isError) return notFound(errorMessage(rule.error));
  return (
    <Box>
      <Heading contractId={contractId} />
      <PeriodicRuleForm
        key={`${rule.data.id}|${rule.data.updated_at}`}
        contractId={contractId}
        rule={rule.data}
        onDone={back}
      />
    </Box>
  );
}
