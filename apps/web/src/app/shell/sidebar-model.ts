import { ROLE_LABELS, profileOf, sidebarEntries, type OrganizationRole, type Role } from '@archline/contracts';
import { roleNames, type MeUser } from '../../features/auth/api/me.ts';

export interface SidebarHeader {
  name: string;
  /** Practice: organization name, account number, organization role. Management: the role. */
  lines: string[];
}

function labelOf(role: string): string {
  return ROLE_LABELS[role as Role | OrganizationRole] ?? role;
}

export function sidebarHeader(user: MeUser): SidebarHeader {
  const roles = roleNames(user);
  if (profileOf(roles) === 'management') {
    return { name: user.full_name, lines: roles.map(labelOf) };
  }
  const organization = user.organizations.find((o) => o.id === user.current_organization_id);
  if (!organization) return { name: user.full_name, lines: [] };
  return {
    name: user.full_name,
    lines: [organization.name, organization.account_number ? `Account Number: ${organization.account_number}` : '', labelOf(organization.pivot.role)].filter(Boolean),
  };
}

export interface SidebarItem {
  key: string;
  label: string;
  path: string;
  disabled: boolean;
}

/**
 * The sidebar entries for the signed-in user, from the sidebar table in @archline/contracts.
 * The current user payload does not carry the organization's contract or custom bracket set
 * flag yet: until it does, the contract counts as active and custom bracket sets as off.
 */
export function sidebarItems(user: MeUser): SidebarItem[] {
  const roles = roleNames(user);
  const organization = user.organizations.find((o) => o.id === user.current_organization_id);
  const entries = sidebarEntries({
    roles,
    profile: profileOf(roles),
    organizationRole: (organization?.pivot.role as OrganizationRole | undefined) ?? null,
    hasOrganization: Boolean(organization),
    contractSuspended: false,
    customBracketSetsEnabled: false,
    currentOrganizationId: organization?.id ?? null,
    permissions: user.all_permissions,
  });
  return entries.map((e) => ({ key: e.key, label: e.label, path: e.path, disabled: e.disabled }));
}
