/** Global (profile) roles. Spec: document 1 section 6, document 3 section 1. */
export const MANAGEMENT_ROLES = [
  'super_admin',
  'admin',
  'tech_support',
  'supervisor',
  'lab_partner',
] as const;
export const PRACTICE_ROLES = ['doctor', 'staff_member'] as const;
export const ROLES = [...MANAGEMENT_ROLES, ...PRACTICE_ROLES] as const;
export type Role = (typeof ROLES)[number];
export type ManagementRole = (typeof MANAGEMENT_ROLES)[number];

/** Roles inside an organization (the membership pivot). */
export const ORGANIZATION_ROLES = [
  'organization_owner',
  'organization_manager',
  'organization_member',
] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

/** Staff group: lands on /patients-page; sees batches, organizations & users, settings. */
export const STAFF_ROLES = [
  'super_admin',
  'admin',
  'tech_support',
  'supervisor',
] as const satisfies readonly Role[];
/** Admin group. */
export const ADMIN_ROLES = ['super_admin', 'admin'] as const satisfies readonly Role[];

export const ROLE_LABELS: Record<Role | OrganizationRole, string> = {
  super_admin: 'Super Admin',
  admin: 'Admin',
  tech_support: 'Technician',
  supervisor: 'Supervisor',
  lab_partner: '3rd Party Partner',
  doctor: 'Doctor',
  staff_member: 'Staff Member',
  organization_owner: 'Organization Owner',
  organization_manager: 'Organization Manager',
  organization_member: 'Organization Member',
};

export type Profile = 'management' | 'practice';

/** A user with any management role works in the management profile. */
export function profileOf(roles: readonly string[]): Profile {
  return roles.some((r) => (MANAGEMENT_ROLES as readonly string[]).includes(r)) ? 'management' : 'practice';
}

export function isStaff(roles: readonly string[]): boolean {
  return roles.some((r) => (STAFF_ROLES as readonly string[]).includes(r));
}
