import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { verifyPassword } from '../../platform/auth/password.ts';
import type { AppContext } from '../../platform/context.ts';
import { DEMO_ACCOUNTS, DEMO_ORGANIZATION, DEMO_PASSWORD, demoAccountsTable } from './demo.ts';
import { InitialAdminMissingError, initializeData } from './initialize.ts';

function withDemo(ctx: AppContext, demo: boolean): AppContext {
  return { ...ctx, config: { ...ctx.config, demo } };
}

describe('demo seed (DEMO on)', () => {
  let t: TestApp;
  let outcome: string;
  beforeAll(async () => {
    t = await createTestApp();
    outcome = await initializeData(withDemo(t.ctx, true));
  });
  afterAll(() => t.close());

  it('reports that it seeded the demo', () => {
    expect(outcome).toBe('demo');
  });

  it('creates every demo account, verified, with its global role', async () => {
    const rows = await t.db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .select(['users.email', 'users.email_verified_at', 'user_roles.role'])
      .where(
        'users.email',
        'in',
        DEMO_ACCOUNTS.map((a) => a.email),
      )
      .execute();
    expect(rows).toHaveLength(DEMO_ACCOUNTS.length);
    for (const a of DEMO_ACCOUNTS) {
      const row = rows.find((r) => r.email === a.email);
      expect(row, a.email).toBeDefined();
      expect(row!.role).toBe(a.role);
      expect(row!.email_verified_at).not.toBeNull();
    }
    expect(rows.find((r) => r.email === 'superadmin@example.com')!.role).toBe('super_admin');
    expect(rows.find((r) => r.email === 'partner@example.com')!.role).toBe('lab_partner');
  });

  it('gives every demo account the password DemoPass123', async () => {
    const users = await t.db
      .selectFrom('users')
      .select(['email', 'password_hash'])
      .where('email', 'in', ['doctor@example.com', 'superadmin@example.com'])
      .execute();
    expect(users).toHaveLength(2);
    for (const u of users) {
      expect(await verifyPassword(u.password_hash, DEMO_PASSWORD)).toBe(true);
      expect(await verifyPassword(u.password_hash, 'WrongPass123')).toBe(false);
    }
  });

  it('makes doctor the owner, manager the manager and member a member of Bright Smiles Orthodontics', async () => {
    const rows = await t.db
      .selectFrom('organization_user')
      .innerJoin('users', 'users.id', 'organization_user.user_id')
      .innerJoin('organizations', 'organizations.id', 'organization_user.organization_id')
      .select([
        'users.email',
        'organization_user.role',
        'organizations.name',
        'organizations.id as organization_id',
        'users.current_organization_id',
      ])
      .where('organizations.name', '=', DEMO_ORGANIZATION)
      .execute();
    const roleOf = (email: string) => rows.find((r) => r.email === email)?.role;
    expect(roleOf('doctor@example.com')).toBe('organization_owner');
    expect(roleOf('manager@example.com')).toBe('organization_manager');
    expect(roleOf('member@example.com')).toBe('organization_member');
    for (const email of ['doctor@example.com', 'manager@example.com', 'member@example.com']) {
      const r = rows.find((x) => x.email === email)!;
      expect(r.current_organization_id).toBe(r.organization_id);
    }
  });

  it('puts multi@example.com as a doctor in two organizations', async () => {
    const rows = await t.db
      .selectFrom('organization_user')
      .innerJoin('users', 'users.id', 'organization_user.user_id')
      .innerJoin('organizations', 'organizations.id', 'organization_user.organization_id')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .select(['organizations.name', 'user_roles.role', 'users.current_organization_id'])
      .where('users.email', '=', 'multi@example.com')
      .execute();
    expect(rows.map((r) => r.name).sort()).toEqual([DEMO_ORGANIZATION, 'Riverside Family Dental']);
    expect(rows.every((r) => r.role === 'doctor')).toBe(true);
    expect(rows[0]!.current_organization_id).not.toBeNull();
  });

  it('gives the staff accounts no organization membership', async () => {
    const rows = await t.db
      .selectFrom('organization_user')
      .innerJoin('users', 'users.id', 'organization_user.user_id')
      .select('users.email')
      .where('users.email', 'in', [
        'superadmin@example.com',
        'admin@example.com',
        'tech@example.com',
        'supervisor@example.com',
        'partner@example.com',
      ])
      .execute();
    expect(rows).toEqual([]);
  });

  it('gives Bright Smiles two locations, a license with seats and registered devices, and a contract', async () => {
    const org = await t.db
      .selectFrom('organizations')
      .selectAll()
      .where('name', '=', DEMO_ORGANIZATION)
      .executeTakeFirstOrThrow();
    const locations = await t.db
      .selectFrom('locations')
      .select('location_name')
      .where('organization_id', '=', org.id)
      .execute();
    expect(locations.map((l) => l.location_name).sort()).toEqual(['Boulder Office', 'Denver Main Office']);
    const license = await t.db
      .selectFrom('licenses')
      .selectAll()
      .where('organization_id', '=', org.id)
      .executeTakeFirstOrThrow();
    expect(license.seats).toBeGreaterThan(0);
    const devices = await t.db
      .selectFrom('devices')
      .select('id')
      .where('license_id', '=', license.id)
      .execute();
    expect(devices.length).toBeGreaterThan(0);
    const contract = await t.db
      .selectFrom('contracts')
      .selectAll()
      .where('organization_id', '=', org.id)
      .executeTakeFirstOrThrow();
    expect(contract.license_id).toBe(license.id);
    expect(contract.suspended_at).toBeNull();
  });

  it('seeds organizations that are disabled, archived and onboarding', async () => {
    const orgs = await t.db
      .selectFrom('organizations')
      .leftJoin('onboardings', 'onboardings.organization_id', 'organizations.id')
      .select([
        'organizations.name',
        'organizations.disabled_at',
        'organizations.deleted_at',
        'onboardings.status',
        'onboardings.current_step',
      ])
      .execute();
    expect(orgs.length).toBeGreaterThanOrEqual(5);
    expect(orgs.filter((o) => o.disabled_at !== null)).toHaveLength(1);
    expect(orgs.filter((o) => o.deleted_at !== null)).toHaveLength(1);
    const onboarding = orgs.filter((o) => o.status === 5);
    expect(onboarding).toHaveLength(1);
    expect(onboarding[0]!.current_step).toBeLessThan(8);
  });

  it('seeds reference data: organization and license types, shipping methods, global settings', async () => {
    expect((await t.db.selectFrom('organization_types').select('id').execute()).length).toBeGreaterThan(0);
    expect((await t.db.selectFrom('license_types').select('id').execute()).length).toBeGreaterThan(0);
    expect((await t.db.selectFrom('shipping_methods').select('id').execute()).length).toBeGreaterThan(0);
    const settings = new Map(
      (await t.db.selectFrom('settings').select(['key', 'value']).execute()).map((s) => [s.key, s.value]),
    );
    expect(settings.get('name_correction')).toMatchObject({
      replacement: expect.any(String),
      forbidden_characters: expect.any(String),
    });
    expect(settings.get('activity_throttle_seconds')).toBe(600);
    expect(settings.get('aligner_promotion_enabled')).toBe(true);
  });

  it('creates notifications and announcements for the demo users', async () => {
    const doctor = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'doctor@example.com')
      .executeTakeFirstOrThrow();
    const notes = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', doctor.id)
      .execute();
    expect(notes.length).toBeGreaterThan(0);
    const visibilities = (await t.db.selectFrom('announcements').select('visibility').execute())
      .map((a) => a.visibility)
      .sort();
    expect(visibilities).toEqual(['doctor', 'internal']);
  });

  it('does nothing on a second run', async () => {
    const before = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const orgsBefore = await t.db
      .selectFrom('organizations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(await initializeData(withDemo(t.ctx, true))).toBe('existing');
    const after = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const orgsAfter = await t.db
      .selectFrom('organizations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(orgsAfter.n).toBe(orgsBefore.n);
  });

  it('prints the demo accounts as a table with the sign-in URL', () => {
    const table = demoAccountsTable('http://localhost:3000');
    expect(table).toContain('http://localhost:3000/login');
    expect(table).toContain('DemoPass123');
    for (const a of DEMO_ACCOUNTS) expect(table).toContain(a.email);
  });
});

// These tests start their own application (a fresh database each), which takes longer than a request.
const APP_START_TIMEOUT = 120_000;

describe('first start with DEMO=0', () => {
  it(
    'creates only the super_admin from ADMIN_EMAIL and ADMIN_PASSWORD',
    async () => {
      const t = await createTestApp({ ADMIN_EMAIL: 'root@archline.example', ADMIN_PASSWORD: 'RootPass123' });
      try {
        expect(await initializeData(t.ctx)).toBe('admin');
        const users = await t.db
          .selectFrom('users')
          .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
          .select(['users.email', 'users.password_hash', 'users.email_verified_at', 'user_roles.role'])
          .execute();
        expect(users).toHaveLength(1);
        expect(users[0]).toMatchObject({ email: 'root@archline.example', role: 'super_admin' });
        expect(users[0]!.email_verified_at).not.toBeNull();
        expect(await verifyPassword(users[0]!.password_hash, 'RootPass123')).toBe(true);
        expect(await t.db.selectFrom('organizations').select('id').execute()).toEqual([]);
        expect(await initializeData(t.ctx)).toBe('existing');
        expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(1);
      } finally {
        await t.close();
      }
    },
    APP_START_TIMEOUT,
  );

  it(
    'refuses to start without ADMIN_EMAIL / ADMIN_PASSWORD and creates nobody',
    async () => {
      const t = await createTestApp();
      try {
        await expect(initializeData(t.ctx)).rejects.toBeInstanceOf(InitialAdminMissingError);
        await expect(initializeData(t.ctx)).rejects.toThrow('ADMIN_EMAIL and ADMIN_PASSWORD');
        expect(await t.db.selectFrom('users').select('id').execute()).toEqual([]);
      } finally {
        await t.close();
      }
    },
    APP_START_TIMEOUT,
  );
});
