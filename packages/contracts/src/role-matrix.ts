/**
 * The default role-to-permission matrix of Archline, in one place. docs/permissions.md shows it
 * as a table and explains each choice. The spec names the gates but not each role's full list;
 * the rule followed here is "each role can do its job and no more".
 */
import { PERMISSIONS, isManagementOnly, type Permission } from './permissions.ts';
import { profileOf, type OrganizationRole, type Profile, type Role } from './roles.ts';

/** Production work on cases shared by technicians, supervisors and admins. */
const PRODUCTION: readonly Permission[] = [
  'patients.update',
  'patients.toggle-hold',
  'patients.complete-setup',
  'patients.ios.restore-tech-backup',
  'organization.patients.view-any',
  'organization.patients.update-management-data',
  'organization.add-arch',
  'patient-files.create',
  'patient-files.delete',
  'patient-files.relu.flag-job',
  'patient-files.relu.reprocess-job',
  'printing-files.view',
  'rx-forms.mark-as-ready',
  'rx-forms.update-management-data',
  'customer-requests.complete-assigned',
  'customer-requests.update-management-data',
  'organization.customer-requests.view-any',
  'printing-request-items.update',
  'printing-requests.update-shipping-information',
  'flawed-trays.update',
  'flawed-trays.correct',
  'tray-design-requests.manage',
  'batches.manage',
  'organizations.view-any',
  'organization.view',
  'organization.locations.view-any',
  'bracket-libraries.view',
  'bracket-libraries.manage-inventory',
  'arch-wires.list',
  'users.view',
  'licenses.view',
];

/** Supervision: everything a technician does plus steering cases, requests and members. */
const SUPERVISION: readonly Permission[] = [
  ...PRODUCTION,
  'patients.supervise',
  'patients.archive',
  'patients.case-reversal',
  'patients.view-archived',
  'patient-files.manage',
  'rx-forms.manage',
  'rx-forms.select-doctor',
  'rx-forms.assign',
  'customer-requests.manage',
  'customer-requests.cancel',
  'customer-requests.complete',
  'printing-request-items.manage',
  'printing-request-items.delete',
  'printing-requests.manage',
  'printing-requests.assign',
  'flawed-trays.manage',
  'organization.view-archived',
  'locations.create',
  'locations.update',
  'organization.locations.create',
  'organization.locations.update',
  'onboardings.update-metadata',
  'onboardings.proceed',
  'bracket-libraries.update',
  'arch-wires.create',
  'arch-wires.update',
  'users.create',
  'users.manage-limited',
  'users.view-dashboard',
  'promotion-codes.manage',
];

/** Global roles. Management roles are used as they are; practice roles get the pivot on top. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  // Owns the platform: every permission, including the reports.
  super_admin: [...PERMISSIONS],
  // Runs the business day to day: everything except the super_admin-only reports.
  admin: PERMISSIONS.filter((p) => !p.startsWith('reports.')),
  supervisor: SUPERVISION,
  // Technicians produce cases; no billing, no user or organization administration.
  tech_support: PRODUCTION,
  // Third-party lab: works only on the organizations assigned to it, only through organization.* scoped permissions.
  lab_partner: [
    'organization.view',
    'organization.patients.view-any',
    'organization.add-arch',
    'organization.patient-files.create',
    'organization.patient-files.delete',
    'organization.customer-requests.view-any',
    'customer-requests.complete-assigned',
    'organization.printing-request-items.update',
    'organization.printing-requests.update-shipping-information',
    'organization.printing-requests.assign',
    'organization.locations.view-any',
    'organization.locations.create',
    'organization.locations.update',
    'organization.bracket-libraries.view',
    'organization.bracket-libraries.view-inventory',
    'users.view',
  ],
  // Practice role: the doctor of an organization works on the cases of their organizations.
  doctor: [
    'organization.view',
    'organization.patients.toggle-hold',
    'organization.patients.case-reversal',
    'organization.add-arch',
    'organization.patient-files.create',
    'organization.patient-files.delete',
    'organization.printing-requests.update-shipping-information',
    'organization.bracket-libraries.view',
    'organization.bracket-libraries.view-inventory',
    'organization.onboarding.view',
  ],
  // Practice staff seen in the bracket area: reads the organization's brackets.
  staff_member: [
    'organization.view',
    'organization.bracket-libraries.view',
    'organization.bracket-libraries.view-inventory',
  ],
};

const MEMBER: readonly Permission[] = [
  'organization.view',
  'organization.patient-files.create',
  'organization.bracket-libraries.view',
  'organization.bracket-libraries.view-inventory',
  'organization.onboarding.view',
];

const MANAGER: readonly Permission[] = [
  ...MEMBER,
  'organization.update',
  'organization.patients.view-any',
  'organization.patients.toggle-hold',
  'organization.patients.delete',
  'organization.patient-files.delete',
  'organization.rx-forms.select-doctor',
  'organization.rx-forms.assign',
  'organization.customer-requests.view-any',
  'organization.locations.view-any',
  'organization.locations.create',
  'organization.locations.update',
  'organization.notification-settings.update',
  'organization.onboarding.proceed',
  'organization.get-current-order',
  'organization.arch-wires.update',
];

/** The organization pivot: what a membership role adds inside the current organization (practice profile). */
export const ORGANIZATION_ROLE_PERMISSIONS: Record<OrganizationRole, readonly Permission[]> = {
  organization_member: MEMBER,
  organization_manager: MANAGER,
  // The owner also holds the money and integrations of the practice.
  organization_owner: [
    ...MANAGER,
    'organization.locations.delete',
    'organization.f_m_payment_methods.update',
    'organization.webhooks.manage',
  ],
};

export interface CustomPermission {
  permission: Permission;
  label: string;
  description: string;
  /** Which users the toggle applies to (by profile). */
  profiles: readonly Profile[];
}

/**
 * Per-user toggles ("Additional User Permissions"), granted on top of the matrix by a holder of
 * permissions.manage. Only these may be toggled, so a toggle can never hand out, say, billing.
 */
export const CUSTOM_PERMISSIONS: readonly CustomPermission[] = [
  {
    permission: 'organization.rx-forms.authorize-rush-case',
    label: 'Rush Case Approval',
    description: 'Can authorize rush cases when starting a case.',
    profiles: ['practice'],
  },
  {
    permission: 'organization.rx-forms.select-doctor',
    label: 'Select Doctor',
    description: 'Can choose the doctor of a case when starting it.',
    profiles: ['practice'],
  },
  {
    permission: 'users.view-dashboard',
    label: 'Dashboard View',
    description: 'Can open the dashboard with the organization statistics.',
    profiles: ['practice'],
  },
  {
    permission: 'organization.patients.view-any',
    label: 'View All Patients',
    description: "Can see and search every doctor's patients of the organization.",
    profiles: ['practice'],
  },
  {
    permission: 'organization.customer-requests.view-any',
    label: 'View All Requests',
    description: "Can see and search every doctor's requests of the organization.",
    profiles: ['practice'],
  },
  {
    permission: 'organization.patients.delete',
    label: 'Delete Patients',
    description: 'Can delete patients of the organization.',
    profiles: ['practice'],
  },
  {
    permission: 'patients.view-archived',
    label: 'View Archived Patients',
    description: 'Can open archived patients.',
    profiles: ['management'],
  },
  {
    permission: 'patients.case-reversal',
    label: 'Case Reversal',
    description: 'Can reverse a case after its compliance check.',
    profiles: ['management'],
  },
  {
    permission: 'batches.manage',
    label: 'Manage Batches',
    description: 'Can create and edit print batches.',
    profiles: ['management'],
  },
  {
    permission: 'reports.technicians.export',
    label: 'Export Technicians Report',
    description: 'Can download the technicians report.',
    profiles: ['management'],
  },
];

/** The custom toggles that apply to a user of the given roles. */
export function customPermissionsFor(roles: readonly string[]): readonly CustomPermission[] {
  const profile = profileOf(roles);
  return CUSTOM_PERMISSIONS.filter((c) => c.profiles.includes(profile));
}

export interface PermissionsInput {
  roles: readonly string[];
  /** The caller's role in the current organization, if any (used for the practice profile only). */
  organizationRole?: OrganizationRole | string | null;
  /** The user's enabled custom toggles. */
  custom?: readonly string[];
}

/**
 * Effective permissions: the roles' permissions, plus for practice users the current
 * organization's pivot permissions, plus the enabled custom toggles that apply to the profile.
 * Unknown names are ignored, and a practice user never ends up with a management-only permission.
 */
export function permissionsFor(input: PermissionsInput): Set<Permission> {
  const profile = profileOf(input.roles);
  const result = new Set<Permission>();
  for (const role of input.roles) {
    for (const p of ROLE_PERMISSIONS[role as Role] ?? []) result.add(p);
  }
  if (profile === 'practice' && input.organizationRole) {
    for (const p of ORGANIZATION_ROLE_PERMISSIONS[input.organizationRole as OrganizationRole] ?? [])
      result.add(p);
  }
  const allowed = new Set(customPermissionsFor(input.roles).map((c) => c.permission as string));
  for (const p of input.custom ?? []) {
    if (allowed.has(p)) result.add(p as Permission);
  }
  if (profile === 'practice') {
    for (const p of result) if (isManagementOnly(p)) result.delete(p);
  }
  return result;
}
