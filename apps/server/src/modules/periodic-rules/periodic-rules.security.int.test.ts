import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERIODIC_RULE_MESSAGES } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { buildContract } from '../../db/seed/factories.ts';

/** Periodic rules as an attacker would try them: other organizations' contracts, moved rules, forged values. */
type H = { authorization: string };
let t: TestApp;
let admin: H;
let partner: H;
let practiceCustom: H;
let contractA: number;
let contractB: number;
let archivedContract: number;
let ruleA: number;
let ruleB: number;

const url = (path = '') => `${API}/periodic-rules${path}`;
const rule = (contract_id: number, extra: Record<string, unknown> = {}) => ({
  contract_id,
  type: 'Charge',
  value: 1000,
  custom_description: 'Support plan',
  is_active: true,
  ...extra,
});

function req(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, headers: H, payload?: unknown) {
  return t.app.inject({
    method,
    url: url(path),
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const orgA = await givenOrganization(t, { name: 'Alpha Ortho' });
  const orgB = await givenOrganization(t, { name: 'Beta Ortho' });
  const orgArchived = await givenOrganization(t, { name: 'Gone Ortho' });
  contractA = (await buildContract(t.db, orgA)).id;
  contractB = (await buildContract(t.db, orgB)).id;
  archivedContract = (await buildContract(t.db, orgArchived)).id;
  await t.db
    .updateTable('organizations')
    .set({ deleted_at: new Date() })
    .where('id', '=', orgArchived)
    .execute();
  admin = bearer(await tokenFor(t, (await givenUser(t, { roles: ['admin'] })).id, { management: true }));
  // A lab partner of Alpha (scoped to Alpha), with a stray periodic-rules.manage row that must not count.
  const lp = await givenUser(t, {
    roles: ['lab_partner'],
    organizations: [{ id: orgA, role: 'organization_member' }],
  });
  await t.db
    .insertInto('user_custom_permissions')
    .values({ user_id: lp.id, permission: 'periodic-rules.manage' })
    .execute();
  partner = bearer(await tokenFor(t, lp.id, { management: true }));
  // A practice owner with the same stray row is still not staff.
  const o = await givenUser(t, { organizations: [{ id: orgA, role: 'organization_owner' }] });
  await t.db
    .insertInto('user_custom_permissions')
    .values({ user_id: o.id, permission: 'periodic-rules.manage' })
    .execute();
  practiceCustom = bearer(await tokenFor(t, o.id));
  ruleA = (await req('POST', '', admin, rule(contractA))).json().periodic_rule.id;
  ruleB = (await req('POST', '', admin, rule(contractB, { custom_description: 'Beta plan' }))).json()
    .periodic_rule.id;
});
afterAll(() => t?.close());

describe('periodic rules under hostile input', () => {
  it("another organization's contract and rules answer 404 to a scoped staff member, before any 403", async () => {
    expect((await req('GET', `?contractId=${contractB}`, partner)).statusCode).toBe(404);
    expect((await req('POST', '', partner, rule(contractB))).statusCode).toBe(404);
    expect((await req('GET', `/${ruleB}`, partner)).statusCode).toBe(404);
    expect((await req('PUT', `/${ruleB}`, partner, rule(contractB))).statusCode).toBe(404);
    expect((await req('DELETE', `/${ruleB}`, partner)).statusCode).toBe(404);
    // its own organization's: 403 (periodic-rules.manage is no toggle a lab partner can be given)
    expect((await req('GET', `?contractId=${contractA}`, partner)).statusCode).toBe(403);
    expect((await req('PUT', `/${ruleA}`, partner, rule(contractA))).statusCode).toBe(403);
    expect((await req('DELETE', `/${ruleA}`, partner)).statusCode).toBe(403);
  });

  it('a practice user with the permission toggled on is still refused', async () => {
    expect((await req('GET', `?contractId=${contractA}`, practiceCustom)).statusCode).toBe(403);
    expect((await req('POST', '', practiceCustom, rule(contractA))).statusCode).toBe(403);
    expect((await req('DELETE', `/${ruleA}`, practiceCustom)).statusCode).toBe(403);
  });

  it('a rule cannot be moved to another contract, nor read or deleted under one', async () => {
    expect((await req('PUT', `/${ruleA}`, admin, rule(contractB))).statusCode).toBe(404);
    expect((await req('GET', `/${ruleB}?contractId=${contractA}`, admin)).statusCode).toBe(404);
    expect((await req('DELETE', `/${ruleB}?contractId=${contractA}`, admin)).statusCode).toBe(404);
    const still = await t.db
      .selectFrom('periodic_rules')
      .select('contract_id')
      .where('id', '=', ruleA)
      .executeTakeFirstOrThrow();
    expect(still.contract_id).toBe(contractA);
  });

  it("an archived organization's contract is 404", async () => {
    expect((await req('GET', `?contractId=${archivedContract}`, admin)).statusCode).toBe(404);
    expect((await req('POST', '', admin, rule(archivedContract))).statusCode).toBe(404);
  });

  it('forged values: negative, fractional, huge, strings, and extra fields are refused or ignored', async () => {
    for (const value of [-500, 12.5, 1e15, '1000'])
      expect((await req('POST', '', admin, rule(contractA, { value }))).statusCode).toBe(400);
    const big = await req('POST', '', admin, rule(contractA, { value: 1e12 }));
    expect(big.json().errors).toEqual({ value: [PERIODIC_RULE_MESSAGES.valueTooLarge] });
    const extra = await req(
      'POST',
      '',
      admin,
      rule(contractA, { id: ruleB, created_at: '2000-01-01', amount: 1 }),
    );
    expect(extra.statusCode).toBe(201);
    expect(extra.json().periodic_rule.id).not.toBe(ruleB);
    expect(extra.json().periodic_rule.value).toBe(1000);
  });

  it('treats the description as text and refuses ids that are not numbers', async () => {
    const text = "'; drop table periodic_rules; -- <script>alert(1)</script>";
    const res = await req('POST', '', admin, rule(contractA, { custom_description: text }));
    expect(res.json().periodic_rule.custom_description).toBe(text);
    expect((await req('GET', '/abc', admin)).statusCode).toBe(400);
    expect((await req('GET', '?contractId=1%20or%201=1', admin)).statusCode).toBe(400);
  });
});
