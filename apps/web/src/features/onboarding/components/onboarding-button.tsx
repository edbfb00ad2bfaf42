import ChecklistIcon from '@mui/icons-material/Checklist';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { shouldAutoOpenOnboarding } from '@archline/contracts/onboarding';
import { lazy, Suspense, useEffect, useState } from 'react';
import { currentOrganizationOf, type MeUser } from '../../../session/me.ts';
import { userCan } from '../../../session/permissions.ts';
import { useOnboardingChannel } from './use-onboarding-channel.ts';

const OnboardingDialog = lazy(async () => ({
  default: (await import('./onboarding-dialog.tsx')).OnboardingDialog,
}));

/** sessionStorage key: the checklist opened by itself once for this user and organization. */
export const autoOpenKey = (userId: number, organizationId: number) =>
  `archline.onboarding-auto-opened.${userId}.${organizationId}`;

function claimAutoOpen(key: string): boolean {
  try {
    if (window.sessionStorage.getItem(key)) return false;
    window.sessionStorage.setItem(key, '1');
    return true;
  } catch {
    // Storage unavailable (private mode quotas): open it anyway, once per page load.
    return true;
  }
}

/**
 * The top bar's onboarding icon for practice users whose current organization has an onboarding
 * and who hold organization.onboarding.view. Opens the 'Onboarding Checklist' dialog; the dialog
 * also opens by itself once per browser session while the onboarding is not completed and below
 * step 8. Listens to the organization's onboarding-changes.
 */
export function OnboardingButton({ user }: { user: MeUser }) {
  const organization = currentOrganizationOf(user);
  if (!organization?.onboarding || !userCan(user, 'organization.onboarding.view')) return null;
  return (
    <OnboardingLauncher
      key={organization.id}
      userId={user.id}
      organizationId={organization.id}
      organizationName={organization.name}
      onboarding={organization.onboarding}
      canProceed={userCan(user, 'organization.onboarding.proceed')}
    />
  );
}

function OnboardingLauncher({
  userId,
  organizationId,
  organizationName,
  onboarding,
  canProceed,
}: {
  userId: number;
  organizationId: number;
  organizationName: string;
  onboarding: { id: number; status: number; current_step: number };
  canProceed: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  useOnboardingChannel(organizationId, { refreshMe: true });
  const autoOpen = shouldAutoOpenOnboarding(onboarding);

  useEffect(() => {
    if (autoOpen && claimAutoOpen(autoOpenKey(userId, organizationId))) {
      setLoaded(true);
      setOpen(true);
    }
  }, [autoOpen, userId, organizationId]);

  return (
    <>
      <Tooltip title="Onboarding Checklist">
        <IconButton
          color="inherit"
          aria-label="Onboarding Checklist"
          aria-haspopup="dialog"
          onClick={() => {
            setLoaded(true);
            setOpen(true);
          }}
        >
          <ChecklistIcon />
        </IconButton>
      </Tooltip>
      {loaded && (
        <Suspense fallback={null}>
          <OnboardingDialog
            onboardingId={onboarding.id}
            organizationName={organizationName}
            canProceed={canProceed}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
