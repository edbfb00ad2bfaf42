import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  INVITE_ROLES,
  InviteMemberRequest,
  ORGANIZATION_MEMBER_ROLES,
  ROLE_LABELS,
  profileOf,
  type OrganizationMember,
} from '@archline/contracts';
import { formatDate } from '../../../lib/format.ts';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { roleNames, type MeOrganization, type MeUser } from '../../../session/me.ts';
import { permissionsOf } from '../../../session/permissions.ts';
import { useMembers } from '../../../lib/api/list-members.ts';
import { useChangeMemberRole } from '../api/change-member-role.ts';
import { useInviteMember } from '../api/invite-member.ts';
import { useAssignedLocations } from '../api/list-assigned-locations.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { BillingAddressCard } from './billing-address-card.tsx';
import { ContactsCard } from './contacts-card.tsx';
import { DeleteOrganizationCard } from './delete-organization-card.tsx';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';

type InviteValues = z.input<typeof InviteMemberRequest>;
type InviteOutput = z.output<typeof InviteMemberRequest>;

const roleLabel = (role: string) => ROLE_LABELS[role as keyof typeof ROLE_LABELS] ?? role;

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardHeader title={title} slotProps={{ title: { id, component: 'h2', variant: 'h6' } }} />
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <CircularProgress size={20} aria-hidden="true" /> {label}
    </Box>
  );
}

function OrganizationInformation({ organization }: { organization: MeOrganization }) {
  return (
    <Section id="organization-information-title" title="Organization Information">
      <Stack spacing={1}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
            {organization.name}
          </Typography>
          {organization.disabled_at && <Chip color="error" size="small" label="Organization Disabled" />}
        </Box>
        <Typography>Account Number: {organization.account_number ?? '—'}</Typography>
        <Typography>Your Role: {roleLabel(organization.pivot.role)}</Typography>
      </Stack>
    </Section>
  );
}

function InviteMember({ organizationId }: { organizationId: number }) {
  const invite = useInviteMember();
  const form = useForm<InviteValues, unknown, InviteOutput>({
    resolver: zodResolver(InviteMemberRequest),
    defaultValues: { email: '', role: 'organization_member' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await invite.mutateAsync({ organizationId, body: values });
      form.reset({ email: '', role: 'organization_member' });
      notifySuccess(result.message);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['email', 'role'])) notifyError(error);
    }
  });
  return (
    <Section id="invite-member-title" title="Invite Member">
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="invite-member-title"
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <TextField
          {...form.register('email')}
          label="Email"
          type="email"
          required
          autoComplete="off"
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
          sx={{ flex: '2 1 260px' }}
        />
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <TextField
              select
              label="Role"
              value={field.value ?? 'organization_member'}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={Boolean(errors.role)}
              helperText={errors.role?.message}
              sx={{ flex: '1 1 200px' }}
            >
              {INVITE_ROLES.map((role) => (
                <MenuItem key={role} value={role}>
                  {roleLabel(role)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Button type="submit" variant="contained" disabled={isSubmitting} sx={{ mt: 3 }}>
          {isSubmitting ? 'Sending...' : 'Invite'}
        </Button>
      </Box>
    </Section>
  );
}

function AssignedLocations({ organizationId }: { organizationId: number }) {
  const locations = useAssignedLocations(organizationId);
  return (
    <Section id="assigned-locations-title" title="Assigned Locations">
      {locations.isPending ? (
        <Loading label="Loading locations..." />
      ) : (locations.data ?? []).length === 0 ? (
        <Typography color="text.secondary">No assigned locations.</Typography>
      ) : (
        <ScrollableTable label="Assigned Locations">
          <Table size="small" aria-labelledby="assigned-locations-title">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Address</TableCell>
                <TableCell>Created At</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {locations.data!.map((l) => (
                <TableRow key={l.id}>
                  <TableCell>{l.location_name}</TableCell>
                  <TableCell>{l.full_address}</TableCell>
                  <TableCell>{formatDate(l.created_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTable>
      )}
    </Section>
  );
}

/** Removing needs organization.update; a manager also organizations.remove-manager, an owner organizations.manage. */
function canRemove(permissions: ReadonlySet<string>, member: OrganizationMember): boolean {
  if (permissions.has('organizations.manage')) return true;
  if (!permissions.has('organization.update')) return false;
  if (member.pivot.role === 'organization_manager') return permissions.has('organizations.remove-manager');
  return member.pivot.role === 'organization_member';
}

function Members({
  user,
  organizationId,
  permissions,
}: {
  user: MeUser;
  organizationId: number;
  permissions: ReadonlySet<string>;
}) {
  const members = useMembers(organizationId);
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const mayChangeRoles =
    permissions.has('organizations.change-member-role') || permissions.has('organizations.manage');
  const rows = members.data ?? [];
  return (
    <Section id="members-title" title="Members">
      {members.isPending ? (
        <Loading label="Loading members..." />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">No members.</Typography>
      ) : (
        <ScrollableTable label="Members">
          <Table size="small" aria-labelledby="members-title">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Email</TableCell>
                <TableCell>Role</TableCell>
                <TableCell>Member Since</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((member) => {
                const self = member.id === user.id;
                return (
                  <TableRow key={member.id}>
                    <TableCell>{member.full_name}</TableCell>
                    <TableCell>{member.email}</TableCell>
                    <TableCell>
                      {mayChangeRoles && !self ? (
                        <TextField
                          select
                          size="small"
                          margin="none"
                          label={`Role of ${member.full_name}`}
                          value={member.pivot.role}
                          disabled={changeRole.isPending}
                          onChange={(e) =>
                            changeRole.mutate(
                              {
                                organizationId,
                                body: {
                                  user_id: member.id,
                                  role: e.target.value as (typeof ORGANIZATION_MEMBER_ROLES)[number],
                                },
                              },
                              { onSuccess: (result) => notifySuccess(result.message) },
                            )
                          }
                        >
                          {ORGANIZATION_MEMBER_ROLES.map((role) => (
                            <MenuItem key={role} value={role}>
                              {roleLabel(role)}
                            </MenuItem>
                          ))}
                        </TextField>
                      ) : (
                        roleLabel(member.pivot.role)
                      )}
                    </TableCell>
                    <TableCell>{formatDate(member.pivot.created_at)}</TableCell>
                    <TableCell align="right">
                      {!self && canRemove(permissions, member) && (
                        <Button
                          color="error"
                          size="small"
                          disabled={remove.isPending}
                          aria-label={`Remove ${member.full_name}`}
                          onClick={() =>
                            remove.mutate(
                              { organizationId, userId: member.id },
                              {
                                onSuccess: (result) => notifySuccess(result.message),
                              },
                            )
                          }
                        >
                          Remove
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </ScrollableTable>
      )}
    </Section>
  );
}

/**
 * Account tab 6 'Organization' of the current organization: information, invite, assigned
 * locations, members and billing address. Invite, members and billing need organization.update and are hidden while the
 * organization is disabled.
 */
export function OrganizationTab({ user }: { user: MeUser }) {
  const organization = user.organizations.find((o) => o.id === user.current_organization_id);
  if (!organization) return <Typography color="text.secondary">No organization.</Typography>;
  const permissions = permissionsOf(user);
  const manages = permissions.has('organization.update') && !organization.disabled_at;
  return (
    <Stack spacing={3}>
      <OrganizationInformation organization={organization} />
      {manages && <InviteMember organizationId={organization.id} />}
      <AssignedLocations organizationId={organization.id} />
      {manages && <ContactsCard organizationId={organization.id} />}
      {manages && <Members user={user} organizationId={organization.id} permissions={permissions} />}
      {manages && <BillingAddressCard organizationId={organization.id} />}
      {permissions.has('organization.update') && profileOf(roleNames(user)) === 'practice' && (
        <DeleteOrganizationCard organizationId={organization.id} name={organization.name} />
      )}
    </Stack>
  );
}
