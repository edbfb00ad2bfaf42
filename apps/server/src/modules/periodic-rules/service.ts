/**
 * Periodic rules: recurring charges and discounts of a subscription (contract), applied to its
 * monthly orders by the billing run. Spec: document 3 sections 2.11, 3 'Periodic rule', 5, 6, 7.
 *
 * Gates, enforced here: management with periodic-rules.manage reads, creates and updates; delete
 * also needs the admin role ('delete is for the admin role'). A contract outside the actor's
 * organization scope, or a rule of another contract than the one named, answers 404 before any 403.
 */
import {
  PERIODIC_RULE_DELETE_ROLE,
  PERIODIC_RULE_MESSAGES,
  type CreatePeriodicRuleRequest,
  type PeriodicRule,
} from '@archline/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordActorAudit } from '../../platform/audit/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { authorize } from '../../platform/permissions/index.ts';
import { seesOrganization } from '../../platform/permissions/organization-scope.ts';
import * as repo from './repository.ts';

type Db = Kysely<DB>;
type RuleInput = z.output<typeof CreatePeriodicRuleRequest>;

function requireManage(actor: Actor): void {
  if (actor.profile !== 'management') throw forbidden();
  authorize(actor, 'periodic-rules.manage');
}

/** The contract if the actor sees its organization (404 otherwise). */
async function visibleContract(db: Db, actor: Actor, contractId: number, opts: { forUpdate?: boolean } = {}) {
  const contract = await repo.findContract(db, contractId, opts);
  if (!contract || contract.deleted_at || !seesOrganization(actor, contract.organization_id))
    throw notFound(PERIODIC_RULE_MESSAGES.contractNotFound);
  return contract;
}

/** The rule and its contract, both visible; a rule of another contract than `contractId` is 404. */
async function visibleRule(
  db: Db,
  actor: Actor,
  id: number,
  contractId: number | undefined,
  opts: { forUpdate?: boolean } = {},
) {
  const rule = await repo.findRule(db, id, opts);
  if (!rule || (contractId !== undefined && Number(rule.contract_id) !== contractId))
    throw notFound(PERIODIC_RULE_MESSAGES.notFound);
  const contract = await visibleContract(db, actor, Number(rule.contract_id));
  return { rule, contract };
}

function values(input: RuleInput): repo.RuleValues {
  return {
    type: input.type,
    value: input.value,
    custom_description: input.custom_description,
    is_active: input.is_active,
    applied_from: input.applied_from ?? null,
    applied_to: input.applied_to ?? null,
  };
}

async function audit(
  db: Db,
  actor: Actor,
  meta: RequestMeta,
  action: string,
  organizationId: number,
  id: number,
  details: Record<string, unknown>,
) {
  await recordActorAudit(db, actor, meta, {
    action,
    entityType: 'periodic_rule',
    entityId: id,
    organizationId,
    details,
  });
}

/** GET /periodic-rules?contractId= */
export async function listPeriodicRules(ctx: AppContext, actor: Actor, contractId: number) {
  await visibleContract(ctx.db, actor, contractId);
  requireManage(actor);
  return { periodic_rules: await repo.listRules(ctx.db, contractId) };
}

/** GET /periodic-rules/{id} */
export async function getPeriodicRule(
  ctx: AppContext,
  actor: Actor,
  id: number,
  contractId: number | undefined,
): Promise<PeriodicRule> {
  const { rule } = await visibleRule(ctx.db, actor, id, contractId);
  requireManage(actor);
  return repo.toPeriodicRule(rule);
}

/** POST /periodic-rules {contract_id, type, value, custom_description, is_active, applied_from, applied_to} */
export async function createPeriodicRule(ctx: AppContext, actor: Actor, input: RuleInput, meta: RequestMeta) {
  await visibleContract(ctx.db, actor, input.contract_id);
  requireManage(actor);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const contract = await visibleContract(trx, actor, input.contract_id, { forUpdate: true });
    const inserted = await repo.insertRule(trx, contract.id, values(input));
    await audit(trx, actor, meta, 'periodic-rules.create', contract.organization_id, Number(inserted.id), {
      contract_id: contract.id,
      type: input.type,
      value: input.value,
    });
    return inserted;
  });
  return { message: PERIODIC_RULE_MESSAGES.created, periodic_rule: repo.toPeriodicRule(row) };
}

/** PUT /periodic-rules/{id}: the whole rule; its contract_id must be the rule's. */
export async function updatePeriodicRule(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: RuleInput,
  meta: RequestMeta,
) {
  await visibleRule(ctx.db, actor, id, input.contract_id);
  requireManage(actor);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const { contract } = await visibleRule(trx, actor, id, input.contract_id, { forUpdate: true });
    const updated = await repo.updateRule(trx, id, values(input));
    await audit(trx, actor, meta, 'periodic-rules.update', contract.organization_id, id, {
      contract_id: contract.id,
      type: input.type,
      value: input.value,
      is_active: input.is_active,
    });
    return updated;
  });
  return { message: PERIODIC_RULE_MESSAGES.updated, periodic_rule: repo.toPeriodicRule(row) };
}

/** DELETE /periodic-rules/{id}: periodic-rules.manage and the admin role. */
export async function deletePeriodicRule(
  ctx: AppContext,
  actor: Actor,
  id: number,
  contractId: number | undefined,
  meta: RequestMeta,
) {
  await visibleRule(ctx.db, actor, id, contractId);
  requireManage(actor);
  if (!actor.roles.includes(PERIODIC_RULE_DELETE_ROLE)) throw forbidden();
  await ctx.db.transaction().execute(async (trx) => {
    const { rule, contract } = await visibleRule(trx, actor, id, contractId, { forUpdate: true });
    await repo.deleteRule(trx, id);
    await audit(trx, actor, meta, 'periodic-rules.delete', contract.organization_id, id, {
      contract_id: contract.id,
      custom_description: rule.custom_description,
    });
  });
  return { message: PERIODIC_RULE_MESSAGES.deleted };
}
