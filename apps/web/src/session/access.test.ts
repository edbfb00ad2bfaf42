import { describe, expect, it } from 'vitest';
import type { MeUser } from './me.ts';
import { decideAccess, GUARD_MESSAGES, homePathFor, needsInitialSetup, signInLandingFor } from './access.ts';

function user(
  overrides: {
    roles?: string[];
    organizationRole?: string;
    setupRequired?: boolean;
    organizations?: 'none' | 'one';
    currentOrganizationId?: number | null;
  } = {},
): MeUser {
  const organizations =
    overrides.organizations === 'none'
      ? []
      : [
          {
            id: 7,
            name: "Noel Newman's Account",
            account_number: 'NN-1',
            disabled_at: null,
            webhooks_enabled: null,
            enable_custom_bracket_sets: false,
            contract: null,
            onboarding: { id: 2, status: 1, current_step: 0 },
            pivot: { role: overrides.organizationRole ?? 'organization_owner', all_permissions: [] },
          },
        ];
  return {
    id: 1,
    first_name: 'Noel',
    last_name: 'Newman',
    full_name: 'Noel Newman',
    email: 'newdoctor@example.test',
    account_number: null,
    created_at: '2026-01-01T00:00:00.000Z',
    email_verified_at: '2026-01-01T00:00:00.000Z',
    lab_partner_applied_at: null,
    roles: (overrides.roles ?? ['doctor']).map((name) => ({ name })),
    all_permissions: [],
    additional_emails: [],
    organizations,
    current_organization_id:
      overrides.currentOrganizationId !== undefined
        ? overrides.currentOrganizationId
        : organizations.length
          ? 7
          : null,
    initial_setup_required: overrides.setupRequired ?? false,
  } as MeUser;
}

const allBuilt = { hasRoute: () => true };

describe('decideAccess and the initial setup', () => {
  it('reads initial_setup_required from /me', () => {
    expect(needsInitialSetup(user({ setupRequired: true }))).toBe(true);
    expect(needsInitialSetup(user())).toBe(false);
  });

  it('sends every signed-in page to /initial-setup while the setup is required', () => {
    const owner = user({ setupRequired: true });
    for (const path of ['/', '/patients', '/patient-details/12', '/account', '/locations', '/licenses']) {
      expect(decideAccess(owner, path, allBuilt), path).toEqual({ kind: 'redirect', to: '/initial-setup' });
    }
  });

  it('opens the wizard itself for the owner who needs it', () => {
    expect(decideAccess(user({ setupRequired: true }), '/initial-setup', allBuilt)).toEqual({
      kind: 'allow',
    });
  });

  it('leaves public pages alone', () => {
    const owner = user({ setupRequired: true });
    for (const path of ['/login', '/sign-up', '/verify-user', '/reset-password']) {
      expect(decideAccess(owner, path, allBuilt), path).toEqual({ kind: 'allow' });
    }
  });

  it('redirects /initial-setup to /patients once the organization is set up', () => {
    expect(decideAccess(user(), '/initial-setup', allBuilt)).toEqual({ kind: 'redirect', to: '/patients' });
    expect(decideAccess(user(), '/patients', allBuilt)).toEqual({ kind: 'allow' });
  });

  it('also redirects a user without organizations whose setup is required', () => {
    expect(decideAccess(user({ setupRequired: true, organizations: 'none' }), '/patients', allBuilt)).toEqual(
      {
        kind: 'redirect',
        to: '/initial-setup',
      },
    );
  });

  it('keeps the organization messages when no setup is required', () => {
    expect(decideAccess(user({ organizations: 'none' }), '/patients', allBuilt)).toEqual({
      kind: 'message',
      message: GUARD_MESSAGES.noOrganizations,
    });
    expect(decideAccess(user({ currentOrganizationId: null }), '/patients', allBuilt)).toEqual({
      kind: 'message',
      message: GUARD_MESSAGES.noOrganizationSelected,
    });
  });

  it('does not redirect while the wizard page is not part of the build', () => {
    expect(decideAccess(user({ setupRequired: true }), '/patients', { hasRoute: () => false })).toEqual({
      kind: 'allow',
    });
  });

  it('refuses the wizard to members who do not own the organization', () => {
    expect(
      decideAccess(
        user({ setupRequired: true, organizationRole: 'organization_member' }),
        '/initial-setup',
        allBuilt,
      ),
    ).toEqual({ kind: 'message', message: GUARD_MESSAGES.page });
  });

  it('does not apply to management users', () => {
    const admin = user({ roles: ['admin'], setupRequired: true });
    expect(decideAccess(admin, '/patients', allBuilt)).toEqual({ kind: 'allow' });
  });
});

describe('where each role lands', () => {
  const built = () => true;
  it('after signing in without a wanted path: staff on the dashboard, practices at the root', () => {
    for (const role of ['super_admin', 'admin', 'tech_support', 'supervisor', 'lab_partner']) {
      expect(signInLandingFor(user({ roles: [role] }), built)).toBe('/dashboard');
    }
    expect(signInLandingFor(user({ roles: ['doctor'] }), built)).toBe('/');
    expect(signInLandingFor(user({ roles: ['staff_member'] }), built)).toBe('/');
  });

  it('the root: staff to the case list, lab partners to the dashboard, practices to their patients', () => {
    expect(homePathFor(user({ roles: ['admin'] }), built)).toBe('/patients-page');
    expect(homePathFor(user({ roles: ['supervisor'] }), built)).toBe('/patients-page');
    expect(homePathFor(user({ roles: ['lab_partner'] }), built)).toBe('/dashboard');
    expect(homePathFor(user({ roles: ['doctor'] }), built)).toBe('/patients');
  });
});
