import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useSession } from '../../../session/session.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { roleNames } from '../../../session/me.ts';
import { permissionsOf } from '../../../session/permissions.ts';
import { useOrganization } from '../api/get-organization.ts';
import { ArchiveCard } from '../components/archive-card.tsx';
import { AssignmentConfigurationCard } from '../components/assignment-configuration-card.tsx';
import { CreditsCard } from '../components/credits-card.tsx';
import { EasyRxCard } from '../components/easy-rx-card.tsx';
import { LocationsCard, MembersCard } from '../components/members-card.tsx';
import { OrganizationInformationForm } from '../components/organization-information-form.tsx';
import { QUICK_GLANCE_ROLES, QuickGlanceContent } from '../components/quick-glance.tsx';
import { StaffLinks } from '../components/staff-links.tsx';

/** The sections the form builder owns; app/ composes them into the page. */
export interface OrganizationPageSections {
  RxFormSections: ComponentType<{ organizationId: number; readOnly: boolean }>;
  /** The installers feature's Installers Management (installers.manage). */
  InstallersSection?: ComponentType<{ organizationId: number; readOnly: boolean }>;
  /** The libraries feature's Brackets and Archwire Libraries sections. */
  LibrarySections: ComponentType<{ organizationId: number; readOnly: boolean }>;
  /** The pricing feature's section (organization.pricing.update). */
  PricingSection?: ComponentType<{ organizationId: number; readOnly: boolean }>;
  /** The notifications feature's Email and Text Notifications (organization.notification-settings.update). */
  NotificationSettingsSection?: ComponentType<{ organizationId: number; readOnly: boolean }>;
  /** The billing feature's contract section (contracts.manage or orders.manage); not for an archived organization. */
  ContractSection?: ComponentType<{ organizationId: number }>;
  /** The webhooks feature's offer switch (management with organization.webhooks.manage). */
  WebhooksSection?: ComponentType<{ organizationId: number; readOnly: boolean }>;
}

/** /organizations/{id}: the organization's information, locations, users, credits, archive and EasyRx. */
export function OrganizationPage({
  RxFormSections,
  LibrarySections,
  PricingSection,
  InstallersSection,
  NotificationSettingsSection,
  ContractSection,
  WebhooksSection,
}: OrganizationPageSections) {
  const { id } = useParams();
  const organizationId = Number(id);
  const { user } = useSession();
  const query = useOrganization(organizationId);
  if (!user) return null;
  if (query.isPending) return <PageLoader label="Loading organization..." />;
  if (query.isError || !query.data) {
    const missing =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403);
    return (
      <Alert severity="error">
        {missing ? 'The organization was not found.' : 'The organization could not be loaded.'}
      </Alert>
    );
  }
  const organization = query.data;
  const permissions = permissionsOf(user);
  const readOnly = Boolean(organization.deleted_at || organization.disabled_at);
  const canEdit =
    !readOnly && (permissions.has('organization.update') || permissions.has('organizations.manage'));
  const canCredit =
    !readOnly && (permissions.has('organizations.update') || permissions.has('organizations.manage'));
  const canSetType =
    permissions.has('organizations.assign-organization-type') || permissions.has('organization-types.manage');
  const canArchive = organization.deleted_at
    ? permissions.has('organization.un-archive')
    : permissions.has('organization.archive');
  const canAddMember =
    !readOnly && (permissions.has('organizations.add_member') || permissions.has('organizations.manage'));
  const canGrantManager =
    permissions.has('organizations.change-member-role') || permissions.has('organizations.manage');
  const glance = roleNames(user).some((r) => QUICK_GLANCE_ROLES.includes(r));

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h1" component="h1">
          {organization.name}
        </Typography>
        <StaffLinks organizationId={organization.id} />
      </Stack>
      {readOnly && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {organization.deleted_at
            ? 'The organization is archived and cannot be changed.'
            : 'The organization is disabled and cannot be changed.'}
        </Alert>
      )}
      <Grid container spacing={3}>
        {glance && (
          <Grid size={{ xs: 12, lg: 4 }}>
            <Card component="section" aria-labelledby="quick-glance-title" sx={{ height: '100%' }}>
              <CardHeader
                title="Quick Glance"
                slotProps={{ title: { id: 'quick-glance-title', component: 'h2', variant: 'h6' } }}
              />
              <CardContent>
                <QuickGlanceContent id={organization.id} titleId="quick-glance-title" />
              </CardContent>
            </Card>
          </Grid>
        )}
        <Grid size={{ xs: 12, lg: glance ? 8 : 12 }}>
          {/* Re-mounted after each save so the form starts from the saved values. */}
          <OrganizationInformationForm
            key={`${organization.name}|${organization.account_number}|${organization.organization_type}|${readOnly}`}
            organization={organization}
            canEdit={canEdit}
            canSetType={canSetType}
          />
        </Grid>
      </Grid>
      <Stack spacing={3} sx={{ mt: 3 }}>
        <LocationsCard organization={organization} />
        <MembersCard
          organization={organization}
          canAddMember={canAddMember}
          canGrantManager={canGrantManager}
          canInvite={canEdit}
        />
        <CreditsCard organization={organization} canEdit={canCredit} />
        {/* An archived organization hides its settings; its contract is not read. */}
        {ContractSection && !organization.deleted_at && <ContractSection organizationId={organization.id} />}
        <RxFormSections organizationId={organization.id} readOnly={readOnly} />
        {PricingSection && <PricingSection organizationId={organization.id} readOnly={readOnly} />}
        {InstallersSection && <InstallersSection organizationId={organization.id} readOnly={readOnly} />}
        {NotificationSettingsSection && (
          <NotificationSettingsSection organizationId={organization.id} readOnly={readOnly} />
        )}
        {WebhooksSection && <WebhooksSection organizationId={organization.id} readOnly={readOnly} />}
        <LibrarySections organizationId={organization.id} readOnly={readOnly} />
        <AssignmentConfigurationCard organizationId={organization.id} readOnly={readOnly} />
        {canArchive && <ArchiveCard organization={organization} />}
        <EasyRxCard
          key={`${organization.easy_rx_practice_id}|${readOnly}`}
          organization={organization}
          canEdit={canEdit}
        />
      </Stack>
    </Box>
  );
}
