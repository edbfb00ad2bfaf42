import {
  ROLE_LABELS,
  profileOf,
  sidebarEntries,
  type OrganizationRole,
  type Role,
} from '@archline/contracts';
import { roleNames, type MeUser } from '../../session/me.ts';
import { toRouteUser } from '../../session/access.ts';
import { permissionsOf } from '../../session/permissions.ts';
import { isBuiltPath } from '../../lib/built-routes.ts';
import { visibleSettingsTabs } from '../../features/settings/settings-tabs.ts';

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
    lines: [
      organization.name,
      organization.account_number ? `Account Number: ${organization.account_number}` : '',
      labelOf(organization.pivot.role),
    ].filter(Boolean),
  };
}

export interface SidebarItem {
  key: string;
  label: string;
  path: string;
  disabled: boolean;
}

/**
 * The sidebar entries for the signed-in user: the sidebar table in @archline/contracts, limited to
 * the pages this portal has built (`isBuilt`), so no entry leads nowhere.
 */
export function sidebarItems(user: MeUser, isBuilt: (path: string) => boolean = isBuiltPath): SidebarItem[] {
  return (
    sidebarEntries(toRouteUser(user))
      .filter((e) => isBuilt(e.path))
      // Settings appears once a built settings tab is open to the user.
      .filter((e) => e.key !== 'settings' || visibleSettingsTabs(permissionsOf(user)).length > 0)
      .map((e) => ({ key: e.key, label: e.label, path: e.path, disabled: e.disabled }))
  );
}
