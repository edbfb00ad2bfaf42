import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { ACCOUNT_SETUP_STEPS } from '@archline/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { MessagePage } from '../../../components/message-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { GUARD_MESSAGES } from '../../../session/access.ts';
import { useSession } from '../../../session/session.tsx';
import { AccountDetailsStep } from '../components/account-details-step.tsx';
import { OrderStep } from '../components/order-step.tsx';
import { PaymentMethodStep } from '../components/payment-method-step.tsx';
import { SetupLayout } from '../components/setup-layout.tsx';
import { WelcomeStep } from '../components/welcome-step.tsx';
import { stepLabel, type SetupStep } from '../setup-helpers.ts';

/**
 * /initial-setup: the account setup wizard a new organization owner completes before the portal
 * opens (Welcome, Account Details, Choose Payment Method, Review your Order). Full page, no sidebar.
 */
export function InitialSetupPage() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const [step, setStep] = useState<SetupStep>(0);
  const [loggingOut, setLoggingOut] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Moving between steps puts the focus on the new step's heading (screen readers announce it).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  if (!user) return <PageLoader />;
  const organizationId = user.current_organization_id;
  const logOut = () => {
    setLoggingOut(true);
    void signOut().finally(() => setLoggingOut(false));
  };

  return (
    <SetupLayout userName={user.full_name} onLogout={logOut} loggingOut={loggingOut}>
      <Typography variant="h1" component="h1" sx={{ mb: 3, textAlign: 'center' }}>
        Set Up Your Archline Account
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Stepper activeStep={step} alternativeLabel aria-label="Account setup steps" sx={{ mb: 4 }}>
          {ACCOUNT_SETUP_STEPS.map((label, index) => (
            <Step key={label} completed={index < step}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <Typography
          id="setup-step-title"
          ref={headingRef}
          tabIndex={-1}
          variant="h2"
          component="h2"
          sx={{ mb: 2, outline: 'none' }}
        >
          {stepLabel(step)}
        </Typography>
        {organizationId === null ? (
          <MessagePage message={GUARD_MESSAGES.noOrganizationSelected} />
        ) : step === 0 ? (
          <WelcomeStep firstName={user.first_name} onNext={() => setStep(1)} />
        ) : step === 1 ? (
          <AccountDetailsStep
            organizationId={organizationId}
            user={user}
            onBack={() => setStep(0)}
            onSaved={() => setStep(2)}
          />
        ) : step === 2 ? (
          <PaymentMethodStep
            organizationId={organizationId}
            onBack={() => setStep(1)}
            onNext={() => setStep(3)}
          />
        ) : (
          <OrderStep
            organizationId={organizationId}
            onBack={() => setStep(2)}
            onPlaced={() => navigate('/patients', { replace: true })}
          />
        )}
      </Paper>
    </SetupLayout>
  );
}
