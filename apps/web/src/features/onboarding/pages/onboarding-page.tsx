import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { onboardingStep } from '@archline/contracts';
import { Link as RouterLink, useParams } from 'react-router';
import { usePermissions } from '../../../session/permissions.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useOnboarding } from '../api/get-onboarding.ts';
import { OnboardingChecklist } from '../components/onboarding-checklist.tsx';
import { OnboardingDetailsForm } from '../components/onboarding-details-form.tsx';
import { useOnboardingChannel } from '../components/use-onboarding-channel.ts';

/**
 * /onboardings/{id} (staff): titled with the organization name; the checklist with Proceed, the
 * steps the practice completes itself, and the checklist inputs. Live on onboarding-changes.
 */
export function OnboardingPage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const onboarding = useOnboarding(valid ? id : null);
  useOnboardingChannel(onboarding.data?.organization_id ?? null);
  const { can } = usePermissions();
  const canProceed = can('onboardings.proceed', 'onboardings.manage', 'organization.onboarding.proceed');
  const canEdit = can('onboardings.update-metadata', 'onboardings.manage');

  const back = (
    <Button component={RouterLink} to="/onboardings" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
      Onboardings
    </Button>
  );
  if (!valid || onboarding.isError)
    return (
      <Box>
        {back}
        <Alert severity="error">{valid ? errorMessage(onboarding.error) : 'Not found.'}</Alert>
      </Box>
    );
  if (!onboarding.data)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading the onboarding" />
      </Box>
    );

  const data = onboarding.data;
  const allowed = data.doctor_allowed_steps;
  return (
    <Box>
      {back}
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        {data.organization.name}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' },
          alignItems: 'start',
        }}
      >
        <Card component="section" aria-labelledby="onboarding-checklist-title">
          <CardContent>
            <Typography
              id="onboarding-checklist-title"
              variant="h2"
              component="h2"
              sx={{ fontSize: 20, mb: 2 }}
            >
              Onboarding Checklist
            </Typography>
            <OnboardingChecklist onboarding={data} mode="management" canProceed={canProceed} />
          </CardContent>
        </Card>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Card component="section" aria-labelledby="onboarding-practice-steps-title">
            <CardContent>
              <Typography
                id="onboarding-practice-steps-title"
                variant="h2"
                component="h2"
                sx={{ fontSize: 20, mb: 1 }}
              >
                Steps the Practice Completes
              </Typography>
              {allowed.length === 0 ? (
                <Typography color="text.secondary">None: our team completes every step.</Typography>
              ) : (
                <Box component="ul" sx={{ m: 0, pl: 3 }} data-testid="doctor-allowed-steps">
                  {allowed.map((step) => (
                    <li key={step}>
                      <Typography>
                        {step}. {onboardingStep(step)?.title ?? 'Unknown step'}
                      </Typography>
                    </li>
                  ))}
                </Box>
              )}
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                Signed up {formatDate(data.created_at)}
              </Typography>
            </CardContent>
          </Card>
          {canEdit && (
            <Card component="section" aria-labelledby="onboarding-details-title">
              <CardContent>
                <Typography id="onboarding-details-title" variant="h2" component="h2" sx={{ fontSize: 20 }}>
                  Onboarding Details
                </Typography>
                <OnboardingDetailsForm onboarding={data} />
              </CardContent>
            </Card>
          )}
        </Box>
      </Box>
    </Box>
  );
}
