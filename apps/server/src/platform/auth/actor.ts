import type { OrganizationRole, Profile, Role } from '@archline/contracts';

/**
 * The signed-in caller of a request, resolved from the bearer token.
 * Every use case receives it and authorizes against `permissions`.
 */
export interface Actor {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  /** Global roles (super_admin, admin, ..., doctor). */
  roles: Role[];
  profile: Profile;
  /** The auth_tokens row of this session. */
  tokenId: number;
  currentOrganizationId: number | null;
  /** The caller's role inside the current organization, if a member. */
  organizationRole: OrganizationRole | null;
  /** Every organization the caller belongs to. */
  organizationIds: number[];
  /** Effective permissions: role matrix + current organization pivot + custom toggles. */
  permissions: ReadonlySet<string>;
}
