import { describe, expect, it } from 'vitest';
import type { MeUser } from '../../session/me.ts';
import { sidebarItems } from './sidebar-model.ts';

function practiceUser(overrides: { suspended?: boolean; customSets?: boolean } = {}): MeUser {
  return {
    id: 1,
    first_name: 'Dana',
    last_name: 'Doctor',
    full_name: 'Dana Doctor',
    email: 'dana@example.test',
    account_number: null,
    created_at: '2026-01-01T00:00:00.000Z',
    email_verified_at: '2026-01-01T00:00:00.000Z',
    lab_partner_applied_at: null,
    roles: [{ name: 'doctor' }],
    all_permissions: [],
    additional_emails: [],
    current_organization_id: 7,
    initial_setup_required: false,
    organizations: [
      {
        id: 7,
        name: 'Bright Smiles',
        account_number: 'BSO-1',
        disabled_at: null,
        webhooks_enabled: null,
        enable_custom_bracket_sets: overrides.customSets ?? false,
        contract: {
          id: 3,
          suspended_at: overrides.suspended ? '2026-02-01T00:00:00.000Z' : null,
          license: null,
        },
        onboarding: null,
        pivot: { role: 'organization_owner', all_permissions: [] },
      },
    ],
  } as MeUser;
}

function staffUser(role: string): MeUser {
  return {
    ...practiceUser(),
    id: 2,
    first_name: 'Tara',
    last_name: 'Tech',
    full_name: 'Tara Tech',
    roles: [{ name: role }],
    current_organization_id: null,
    organizations: [],
  } as MeUser;
}

const everything = () => true;

describe('sidebarItems', () => {
  it("follows the table for a doctor who owns the organization, and the organization's custom bracket sets flag", () => {
    expect(sidebarItems(practiceUser(), everything).map((i) => i.label)).toEqual([
      'Patients',
      'Start a New Case',
      'Locations',
      'Bracket Inventory',
      'Account',
    ]);
    expect(sidebarItems(practiceUser({ customSets: true }), everything).map((i) => i.label)).toContain(
      'Custom Bracket Sets',
    );
  });

  it('disables Start a New Case while the contract is suspended', () => {
    const start = (u: MeUser) => sidebarItems(u, everything).find((i) => i.label === 'Start a New Case');
    expect(start(practiceUser())?.disabled).toBe(false);
    expect(start(practiceUser({ suspended: true }))?.disabled).toBe(true);
  });

  it('offers only entries whose pages exist', () => {
    const built = (path: string) => path === '/account' || path === '/locations';
    expect(sidebarItems(practiceUser(), built).map((i) => i.label)).toEqual(['Locations', 'Account']);
  });

  it('offers Batches to staff once its page is built, never to a practice', () => {
    for (const role of ['super_admin', 'admin', 'tech_support', 'supervisor'])
      expect(sidebarItems(staffUser(role)).map((i) => i.label)).toContain('Batches');
    expect(sidebarItems(practiceUser()).map((i) => i.label)).not.toContain('Batches');
  });

  it('by default asks the router which pages exist: the account page always does', () => {
    expect(sidebarItems(practiceUser()).map((i) => i.label)).toContain('Account');
  });
});
