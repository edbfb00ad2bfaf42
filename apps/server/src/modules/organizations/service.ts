/**
 * Organizations use cases: the organization form, members and invitations, billing address,
 * contacts, credits, archive and restore, the quick glance and the management hub search.
 *
 * Gates (document 3 section 6), enforced here:
 * - seeing an organization: organization.view (or organizations.view-any) and the organization
 *   in the actor's scope, else 404; archived ones only with organization.view-archived;
 * - a practice user's pivot permissions hold for their current organization only;
 * - archived or disabled organizations are read-only: writes answer 409.
 */
import {
  ADD_MEMBER_PERMISSIONS,
  ASSIGNMENT_CONFIGURATION_MESSAGES,
  ASSIGNMENT_CONFIGURATION_UPDATE_PERMISSIONS,
  CREATE_ORGANIZATION_PERMISSIONS,
  ORGANIZATION_MESSAGES,
  ORGANIZATION_TYPE_PERMISSIONS,
  type BillingAddress,
  type Contact,
  type Credit,
  type HubSearchFilters,
  type OrganizationDetail,
  type OrganizationMember,
  type OrganizationRole,
  type OrganizationsListQuery,
  type Permission,
  type AssignmentDefaults,
  type InitialSetupConfigurationResponse,
  type PrintRequestConfigurationResponse,
  type CurrentUserPermissionsResponse,
  assignmentDefaults as defaultsOf,
  assignmentOptions,
  effectiveDefault,
  effectiveInsertBracketsDefault,
  thirdPartyIssues,
  type QuickGlance,
  type SearchHit,
} from '@archline/contracts';
import type { z } from 'zod';
import type { OrganizationsListQuery as ListQuerySchema } from '@archline/contracts';
import type { Kysely } from 'kysely';
import type { AddressValues } from '../../db/columns.ts';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { createOneTimeToken } from '../../platform/auth/tokens.ts';
import { sendMail } from '../../platform/mail/index.ts';
import { conflict, fieldError, forbidden, notFound, unprocessable } from '../../platform/http/errors.ts';
import { authorize, can, loadActorAccess, organizationScope } from '../../platform/permissions/index.ts';
import { seesOrganization } from '../../platform/permissions/organization-scope.ts';
import { inviteToOrganization } from '../auth/service.ts';
import * as repo from './repository.ts';
import * as configurations from './configurations.repository.ts';
import { CSV_EXPORT_LIMIT, hitsToCsv } from './hub-csv.ts';
import { countHub, searchHub } from './search.repository.ts';

import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { pageMeta, totalOf } from '../../platform/http/paginate.ts';
export type { RequestMeta };

type Db = Kysely<DB>;
export type ListQuery = z.output<typeof ListQuerySchema>;
export type { OrganizationsListQuery };

// ---- gates ----------------------------------------------------------------------------------

/**
 * 403 unless the actor holds one of the permissions for this organization. A practice user's
 * pivot permissions come from their current organization, so they count only there.
 */
function authorizeFor(actor: Actor, organizationId: number, ...anyOf: Permission[]): void {
  authorize(actor, ...anyOf);
  if (actor.profile === 'practice' && actor.currentOrganizationId !== organizationId) throw forbidden();
}

function canFor(actor: Actor, organizationId: number, ...anyOf: Permission[]): boolean {
  if (!can(actor, ...anyOf)) return false;
  return actor.profile !== 'practice' || actor.currentOrganizationId === organizationId;
}

/** The organization if the actor may see it (404 otherwise, also before any 403). */
async function visibleOrganization(
  db: Db,
  actor: Actor,
  id: number,
  opts: { forUpdate?: boolean } = {},
): Promise<repo.OrganizationRow> {
  if (!seesOrganization(actor, id)) throw notFound();
  const org = await repo.findOrganization(db, id, opts);
  if (!org) throw notFound();
  if (org.deleted_at && !can(actor, 'organization.view-archived')) throw notFound();
  return org;
}

function assertWritable(org: repo.OrganizationRow): void {
  if (org.deleted_at) throw conflict(ORGANIZATION_MESSAGES.readOnlyArchived);
  if (org.disabled_at) throw conflict(ORGANIZATION_MESSAGES.readOnlyDisabled);
}

/** Records a successful action on an organization (or one of its records) in the audit trail. */
export async function auditOrganization(
  db: Db,
  actor: Actor,
  meta: RequestMeta,
  action: string,
  organizationId: number,
  details: Record<string, unknown> = {},
  entity: { type: string; id: number } = { type: 'organization', id: organizationId },
): Promise<void> {
  await recordAudit(db, {
    actorUserId: actor.userId,
    actorEmail: actor.email,
    ip: meta.ip,
    requestId: meta.requestId,
    action,
    entityType: entity.type,
    entityId: entity.id,
    organizationId,
    outcome: 'success',
    details,
  });
}

/**
 * A write on a live organization: checks visibility, the permission and that the organization is
 * writable, then runs `work` in one transaction with the organization row locked.
 */
async function write<T>(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  permissions: Permission[],
  work: (trx: Db, org: repo.OrganizationRow) => Promise<T>,
): Promise<T> {
  await visibleOrganization(ctx.db, actor, organizationId);
  authorizeFor(actor, organizationId, ...permissions);
  return ctx.db.transaction().execute(async (trx) => {
    const org = await repo.findOrganization(trx, organizationId, { forUpdate: true });
    if (!org) throw notFound();
    assertWritable(org);
    return work(trx, org);
  });
}

// ---- reads ----------------------------------------------------------------------------------

export async function listOrganizations(ctx: AppContext, actor: Actor, query: ListQuery) {
  authorize(actor, 'organizations.view-any', 'organization.view');
  const { rows, total } = await repo.listOrganizations(ctx.db, {
    scope: organizationScope(actor),
    includeArchived: false,
    searchString: query.searchString,
    customerServiceManager: query.customerServiceManager,
    orderBy: query.orderBy,
    page: query.page,
    perPage: query.perPage,
  });
  return { data: rows, meta: pageMeta(query.page, query.perPage, total) };
}

async function detailOf(db: Db, org: repo.OrganizationRow): Promise<OrganizationDetail> {
  const [users, credits, contract, locations, paymentInfo, onboardingId, status] = await Promise.all([
    repo.listMembers(db, org.id),
    repo.listCredits(db, org.id),
    repo.findContract(db, org.id),
    repo.listLocations(db, org.id),
    repo.findPaymentInfo(db, org.id),
    repo.findOnboardingId(db, org.id),
    repo.organizationStatus(db, org.id),
  ]);
  return {
    ...org,
    number_of_users: users.length,
    contract_id: contract?.id ?? null,
    onboarding_id: onboardingId,
    status,
    users,
    credits,
    contract,
    locations,
    payment_info: paymentInfo,
  };
}

/** GET /organizations/{id} with users, credits, contract, locations and the billing address. */
export async function showOrganization(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<OrganizationDetail> {
  authorize(actor, 'organizations.view-any', 'organization.view');
  const org = await visibleOrganization(ctx.db, actor, id);
  return detailOf(ctx.db, org);
}

export async function listMembers(ctx: AppContext, actor: Actor, id: number): Promise<OrganizationMember[]> {
  authorize(actor, 'organizations.view-any', 'organization.view');
  await visibleOrganization(ctx.db, actor, id);
  return repo.listMembers(ctx.db, id);
}

/** Locations of the organization assigned to the caller; all of them with organization.locations.view-any. */
export async function listAssignedLocations(ctx: AppContext, actor: Actor, id: number) {
  authorize(actor, 'organizations.view-any', 'organization.view');
  await visibleOrganization(ctx.db, actor, id);
  const all = canFor(actor, id, 'organization.locations.view-any', 'locations.manage');
  return repo.listLocations(ctx.db, id, all ? undefined : actor.userId);
}

export async function listContacts(ctx: AppContext, actor: Actor, id: number): Promise<Contact[]> {
  authorize(actor, 'organizations.view-any', 'organization.view');
  await visibleOrganization(ctx.db, actor, id);
  return repo.listContacts(ctx.db, id);
}

export async function listOrganizationTypes(ctx: AppContext, actor: Actor) {
  authorize(
    actor,
    'organizations.view-any',
    'organization.view',
    'organizations.assign-organization-type',
    'organization-types.manage',
  );
  return repo.listOrganizationTypes(ctx.db);
}

/** The quick glance popover (staff: organizations.view-any). One query. */
export async function quickGlance(ctx: AppContext, actor: Actor, id: number): Promise<QuickGlance> {
  authorize(actor, 'organizations.view-any');
  await visibleOrganization(ctx.db, actor, id);
  const glance = await repo.quickGlance(ctx.db, id);
  if (!glance) throw notFound();
  return glance;
}

// ---- organization form, delete, archive ------------------------------------------------------

export interface CreateInput {
  name: string;
  account_number?: string | null | undefined;
  organization_type?: string | null | undefined;
}

/**
 * POST /organizations: management creates an organization from the organization form
 * (organizations.manage; the type only with the type permission). The account number is unique.
 */
export async function createOrganization(
  ctx: AppContext,
  actor: Actor,
  input: CreateInput,
  meta: RequestMeta,
): Promise<OrganizationDetail> {
  authorize(actor, ...CREATE_ORGANIZATION_PERMISSIONS);
  if (input.organization_type) authorize(actor, ...ORGANIZATION_TYPE_PERMISSIONS);
  const accountNumber = input.account_number || null;
  const created = ctx.db.transaction().execute(async (trx) => {
    if (accountNumber && (await repo.accountNumberTaken(trx, accountNumber, 0))) {
      throw fieldError('account_number', ORGANIZATION_MESSAGES.accountNumberTaken);
    }
    const typeId = input.organization_type
      ? await repo.findOrCreateOrganizationType(trx, input.organization_type)
      : null;
    const id = await repo.insertOrganization(trx, {
      name: input.name,
      account_number: accountNumber,
      organization_type_id: typeId,
    });
    await auditOrganization(trx, actor, meta, 'organizations.create', id, {
      name: input.name,
      account_number: accountNumber,
      organization_type: input.organization_type || null,
    });
    return detailOf(trx, (await repo.findOrganization(trx, id))!);
  });
  // Two requests racing for the same account number: the unique index decides.
  return created.catch((err: unknown) => {
    if ((err as { code?: string } | null)?.code === '23505')
      throw fieldError('account_number', ORGANIZATION_MESSAGES.accountNumberTaken);
    throw err;
  });
}

export interface UpdateInput {
  name: string;
  account_number?: string | null | undefined;
  organization_type?: string | null | undefined;
  management_notes?: string | null | undefined;
  easy_rx_practice_id?: string | null | undefined;
  customer_service_manager_user_id?: number | null | undefined;
}

export async function updateOrganization(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: UpdateInput,
  meta: RequestMeta,
): Promise<OrganizationDetail> {
  if (input.organization_type !== undefined)
    authorize(actor, 'organizations.assign-organization-type', 'organization-types.manage');
  const managementOnly =
    input.management_notes !== undefined || input.customer_service_manager_user_id !== undefined;
  if (managementOnly) authorize(actor, 'organizations.manage');
  return write(ctx, actor, id, ['organization.update', 'organizations.manage'], async (trx, org) => {
    const values: Parameters<typeof repo.updateOrganization>[2] = { name: input.name };
    if (input.account_number !== undefined) {
      if (input.account_number && (await repo.accountNumberTaken(trx, input.account_number, id))) {
        throw fieldError('account_number', ORGANIZATION_MESSAGES.accountNumberTaken);
      }
      values.account_number = input.account_number;
    }
    if (input.organization_type !== undefined) {
      values.organization_type_id =
        input.organization_type === null
          ? null
          : await repo.findOrCreateOrganizationType(trx, input.organization_type);
    }
    if (input.easy_rx_practice_id !== undefined)
      values.easy_rx_practice_id = input.easy_rx_practice_id || null;
    if (input.management_notes !== undefined) values.management_notes = input.management_notes;
    if (input.customer_service_manager_user_id !== undefined) {
      const manager = input.customer_service_manager_user_id;
      if (manager !== null && !(await repo.isStaffUser(trx, manager))) {
        throw fieldError('customer_service_manager_user_id', ORGANIZATION_MESSAGES.userNotFound);
      }
      values.customer_service_manager_user_id = manager;
    }
    await repo.updateOrganization(trx, id, values);
    await auditOrganization(trx, actor, meta, 'organizations.update', id, {
      before: {
        name: org.name,
        account_number: org.account_number,
        organization_type: org.organization_type,
      },
      changes: input,
    });
    const updated = await repo.findOrganization(trx, id);
    return detailOf(trx, updated!);
  });
}

/** Deletes the organization (practice users with organization.update; staff archive instead). */
export async function deleteOrganization(
  ctx: AppContext,
  actor: Actor,
  id: number,
  meta: RequestMeta,
): Promise<void> {
  if (actor.profile !== 'practice') {
    await visibleOrganization(ctx.db, actor, id);
    throw forbidden();
  }
  await write(ctx, actor, id, ['organization.update'], async (trx, org) => {
    // Patients and invoices keep the organization (restrict): answer with a clear message.
    if (await repo.hasKeptRecords(trx, id)) throw conflict(ORGANIZATION_MESSAGES.deleteHasRecords);
    await auditOrganization(trx, actor, meta, 'organizations.delete', id, {
      name: org.name,
      account_number: org.account_number,
    });
    await repo.deleteOrganization(trx, id);
  });
}

export async function archiveOrganization(
  ctx: AppContext,
  actor: Actor,
  id: number,
  meta: RequestMeta,
): Promise<OrganizationDetail> {
  await visibleOrganization(ctx.db, actor, id);
  authorize(actor, 'organization.archive');
  return ctx.db.transaction().execute(async (trx) => {
    const org = await repo.findOrganization(trx, id, { forUpdate: true });
    if (!org) throw notFound();
    if (org.deleted_at) throw conflict(ORGANIZATION_MESSAGES.alreadyArchived);
    await repo.setArchived(trx, id, true);
    await auditOrganization(trx, actor, meta, 'organizations.archive', id);
    return detailOf(trx, (await repo.findOrganization(trx, id))!);
  });
}

export async function unarchiveOrganization(
  ctx: AppContext,
  actor: Actor,
  id: number,
  meta: RequestMeta,
): Promise<OrganizationDetail> {
  authorize(actor, 'organization.un-archive');
  await visibleOrganization(ctx.db, actor, id);
  return ctx.db.transaction().execute(async (trx) => {
    const org = await repo.findOrganization(trx, id, { forUpdate: true });
    if (!org) throw notFound();
    if (!org.deleted_at) throw conflict(ORGANIZATION_MESSAGES.notArchived);
    await repo.setArchived(trx, id, false);
    await auditOrganization(trx, actor, meta, 'organizations.un-archive', id);
    return detailOf(trx, (await repo.findOrganization(trx, id))!);
  });
}

// ---- members --------------------------------------------------------------------------------

/** Invites an e-mail as owner or member (organization.update or organizations.manage); mails the link. */
export async function inviteMember(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: { email: string; role: 'organization_owner' | 'organization_member' },
  meta: RequestMeta,
): Promise<OrganizationDetail> {
  return write(ctx, actor, id, ['organization.update', 'organizations.manage'], async (trx, org) => {
    const invited = await inviteToOrganization(ctx, trx, {
      email: input.email,
      organizationId: id,
      role: input.role,
      invitedBy: { userId: actor.userId, name: `${actor.firstName} ${actor.lastName}` },
    });
    await auditOrganization(trx, actor, meta, 'organizations.invite', id, {
      email: input.email,
      role: input.role,
      existing_user: invited.existingUser,
    });
    return detailOf(trx, org);
  });
}

/** Adds an existing user (organizations.add_member or organizations.manage; a manager role needs change-member-role too). */
export async function addMember(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: { user_id: number; role: OrganizationRole },
  meta: RequestMeta,
): Promise<OrganizationMember> {
  if (input.role === 'organization_manager')
    authorize(actor, 'organizations.change-member-role', 'organizations.manage');
  return write(ctx, actor, id, [...ADD_MEMBER_PERMISSIONS], async (trx) => {
    const user = await repo.findLiveUser(trx, input.user_id);
    if (!user) throw fieldError('user_id', ORGANIZATION_MESSAGES.userNotFound);
    if (await repo.findMember(trx, id, user.id))
      throw fieldError('user_id', ORGANIZATION_MESSAGES.alreadyMember);
    await repo.addMember(trx, id, user.id, input.role);
    await auditOrganization(trx, actor, meta, 'organizations.add-member', id, {
      user_id: user.id,
      role: input.role,
    });
    return (await repo.findMember(trx, id, user.id))!;
  });
}

async function targetMember(trx: Db, actor: Actor, id: number, userId: number): Promise<OrganizationMember> {
  if (userId === actor.userId)
    throw unprocessable(ORGANIZATION_MESSAGES.notYourself, { user_id: [ORGANIZATION_MESSAGES.notYourself] });
  const member = await repo.findMember(trx, id, userId);
  if (!member) throw notFound(ORGANIZATION_MESSAGES.notMember);
  return member;
}

/**
 * Removes a member (organization.update or organizations.manage). A manager needs
 * organizations.remove-manager or organizations.manage; an owner organizations.manage.
 */
export async function removeMember(
  ctx: AppContext,
  actor: Actor,
  id: number,
  userId: number,
  meta: RequestMeta,
): Promise<void> {
  await write(ctx, actor, id, ['organization.update', 'organizations.manage'], async (trx) => {
    const member = await targetMember(trx, actor, id, userId);
    if (member.pivot.role === 'organization_manager')
      authorize(actor, 'organizations.remove-manager', 'organizations.manage');
    if (member.pivot.role === 'organization_owner') authorize(actor, 'organizations.manage');
    await repo.removeMember(trx, id, userId);
    await auditOrganization(trx, actor, meta, 'organizations.remove-member', id, {
      user_id: userId,
      role: member.pivot.role,
    });
  });
}

/** Changes a member's role (organizations.change-member-role or organizations.manage); never one's own. */
export async function changeRole(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: { user_id: number; role: OrganizationRole },
  meta: RequestMeta,
): Promise<OrganizationMember> {
  return write(ctx, actor, id, ['organizations.change-member-role', 'organizations.manage'], async (trx) => {
    const member = await targetMember(trx, actor, id, input.user_id);
    await repo.changeMemberRole(trx, id, input.user_id, input.role);
    await auditOrganization(trx, actor, meta, 'organizations.change-role', id, {
      user_id: input.user_id,
      from: member.pivot.role,
      to: input.role,
    });
    return (await repo.findMember(trx, id, input.user_id))!;
  });
}

/** Invites an e-mail to create a new organization (organizations.send-invite-to-create). */
export async function sendInviteToCreate(
  ctx: AppContext,
  actor: Actor,
  email: string,
  meta: RequestMeta,
): Promise<void> {
  authorize(actor, 'organizations.send-invite-to-create');
  await ctx.db.transaction().execute(async (trx) => {
    const created = await createOneTimeToken(trx, {
      kind: 'create_organization',
      email,
      invitedByUserId: actor.userId,
    });
    const url = `${ctx.config.publicUrl}/sign-up?token=${encodeURIComponent(created.token)}`;
    const inviter = `${actor.firstName} ${actor.lastName}`;
    await sendMail(
      ctx,
      {
        to: email,
        subject: 'You are invited to create your practice on Archline',
        text: `Hello,\n\n${inviter} invited you to create your practice's organization on Archline.\nClick the link below to sign up.\n\nSign Up: ${url}\n\nThe invitation is valid for 7 days. If you do not expect it, you can ignore this e-mail.\n`,
      },
      trx,
    );
    await recordAudit(trx, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ip: meta.ip,
      requestId: meta.requestId,
      action: 'organizations.send-invite-to-create',
      entityType: 'one_time_token',
      entityId: created.id,
      outcome: 'success',
      details: { email },
    });
  });
}

// ---- billing address, contacts, credits ------------------------------------------------------

export async function saveBillingAddress(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: AddressValues,
  meta: RequestMeta,
): Promise<BillingAddress> {
  return write(
    ctx,
    actor,
    id,
    ['organizations.update', 'organization.update', 'organizations.manage'],
    async (trx) => {
      const saved = await repo.upsertBillingAddress(trx, id, input);
      await auditOrganization(trx, actor, meta, 'organizations.billing-address', id, {
        billing_address: saved,
      });
      return saved;
    },
  );
}

export async function replaceContacts(
  ctx: AppContext,
  actor: Actor,
  id: number,
  contacts: repo.ContactValues[],
  meta: RequestMeta,
): Promise<Contact[]> {
  return write(ctx, actor, id, ['organization.update', 'organizations.manage'], async (trx) => {
    const saved = await repo.replaceContacts(trx, id, contacts);
    await auditOrganization(trx, actor, meta, 'organizations.contacts', id, {
      count: saved.length,
      ids: saved.map((c) => c.id),
    });
    return saved;
  });
}

/** Grants a credit (organizations.update or organizations.manage: the billing permissions). */
export async function addCredit(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: { value: number; valid_from: string; valid_to: string },
  meta: RequestMeta,
): Promise<Credit> {
  return write(ctx, actor, id, ['organizations.update', 'organizations.manage'], async (trx) => {
    const credit = await repo.insertCredit(trx, {
      organizationId: id,
      value: input.value,
      validFrom: input.valid_from,
      validTo: input.valid_to,
      createdBy: actor.userId,
    });
    await auditOrganization(
      trx,
      actor,
      meta,
      'organizations.add-credit',
      id,
      { ...credit },
      { type: 'credit', id: credit.id },
    );
    return credit;
  });
}

// ---- the management hub search ---------------------------------------------------------------

function assertHubAccess(actor: Actor, filters: HubSearchFilters): void {
  authorize(actor, 'organizations.view-any');
  if (
    (filters['filter[archived]'] || filters['filter[status]'] === 6) &&
    !can(actor, 'organization.view-archived')
  ) {
    throw forbidden(ORGANIZATION_MESSAGES.archivedFilterForbidden);
  }
}

/** One page of the hub search (one query; a second only for a page past the end). */
export async function searchOrganizationsAndUsers(ctx: AppContext, actor: Actor, filters: HubSearchFilters) {
  assertHubAccess(actor, filters);
  const { hits, total: pageTotal } = await searchHub(ctx.db, filters);
  const total = await totalOf(pageTotal, filters.page, () => countHub(ctx.db, filters));
  return { data: hits, meta: pageMeta(filters.page, filters.perPage, total) };
}

/** The whole result (up to 100000 hits) as CSV. */
export async function exportOrganizationsAndUsers(
  ctx: AppContext,
  actor: Actor,
  filters: HubSearchFilters,
  meta: RequestMeta,
): Promise<string> {
  assertHubAccess(actor, filters);
  const { hits } = await searchHub(ctx.db, filters, { limit: CSV_EXPORT_LIMIT, offset: 0 });
  await recordAudit(ctx.db, {
    actorUserId: actor.userId,
    actorEmail: actor.email,
    ip: meta.ip,
    requestId: meta.requestId,
    action: 'organizations-users.export',
    outcome: 'success',
    details: { filters, rows: hits.length },
  });
  return hitsToCsv(hits);
}

export type { SearchHit };

/**
 * Organizations and doctors per status bucket now (the dashboard's circle statistics), with the
 * hub search's rules; the caller has checked its access. See repository statusBucketCounts.
 */
export function countStatusBuckets(
  ctx: AppContext,
  organizationIds: 'all' | number[],
  joinedSince: Date,
): Promise<repo.BucketCount[]> {
  return repo.statusBucketCounts(ctx.db, organizationIds, joinedSince);
}

// ---- assignment configurations (document 2 section 5) -----------------------------------------

type Configurations = configurations.ConfigurationsRow;

function configurationMetadata(c: Configurations) {
  return {
    third_party_partner: c.third_party_partner,
    options: assignmentOptions(c.third_party_partner !== null),
  };
}

function initialSetupResponse(c: Configurations): InitialSetupConfigurationResponse {
  return {
    data: {
      organization_id: c.organization_id,
      assignments: c.initial_setup_assignments,
      default_assignment: effectiveDefault(c.initial_setup_assignments, c.default_assignment),
      updated_at: c.updated_at,
    },
    metadata: configurationMetadata(c),
  };
}

function printRequestResponse(c: Configurations): PrintRequestConfigurationResponse {
  const print = effectiveDefault(c.print_assignments, c.default_print_assignment);
  return {
    data: {
      organization_id: c.organization_id,
      print_assignments: c.print_assignments,
      insert_brackets_assignments: c.insert_brackets_assignments,
      default_print_assignment: print,
      default_insert_brackets_assignment: effectiveInsertBracketsDefault(
        c.insert_brackets_assignments,
        c.default_insert_brackets_assignment,
        print,
      ),
      updated_at: c.updated_at,
    },
    metadata: configurationMetadata(c),
  };
}

async function readConfigurations(ctx: AppContext, actor: Actor, id: number): Promise<Configurations> {
  authorize(actor, 'organizations.view-any', 'organization.view');
  await visibleOrganization(ctx.db, actor, id);
  const found = await configurations.findConfigurations(ctx.db, id);
  if (!found) throw notFound();
  return found;
}

/** 422 naming each field that holds the third party option while the organization has no partner. */
function assertThirdPartyAllowed(
  values: Record<string, number | readonly number[]>,
  c: Configurations,
): void {
  const issues = thirdPartyIssues(values, c.third_party_partner !== null);
  const fields = Object.keys(issues);
  if (fields.length)
    throw unprocessable(
      ASSIGNMENT_CONFIGURATION_MESSAGES.thirdPartyWithoutPartner,
      Object.fromEntries(fields.map((f) => [f, [issues[f]!]])),
    );
}

/** GET /organizations/{id}/initial_setup_configuration: anyone who sees the organization (case entry reads it). */
export async function getInitialSetupConfiguration(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<InitialSetupConfigurationResponse> {
  return initialSetupResponse(await readConfigurations(ctx, actor, id));
}

/** GET /organizations/{id}/print_request_configuration: anyone who sees the organization. */
export async function getPrintRequestConfiguration(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<PrintRequestConfigurationResponse> {
  return printRequestResponse(await readConfigurations(ctx, actor, id));
}

/** PUT /organizations/{id}/initial_setup_configuration (organization.rx-form-preference.update). */
export async function saveInitialSetupConfiguration(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: { assignments: number[]; default_assignment: number },
  meta: RequestMeta,
): Promise<InitialSetupConfigurationResponse & { message: string }> {
  const saved = await write(ctx, actor, id, [...ASSIGNMENT_CONFIGURATION_UPDATE_PERMISSIONS], async (trx) => {
    const before = await configurations.findConfigurations(trx, id);
    if (!before) throw notFound();
    assertThirdPartyAllowed(input, before);
    await configurations.saveInitialSetupConfiguration(trx, id, input);
    await auditOrganization(trx, actor, meta, 'organizations.initial-setup-configuration.update', id, {
      before: {
        assignments: before.initial_setup_assignments,
        default_assignment: before.default_assignment,
      },
      after: input,
    });
    return (await configurations.findConfigurations(trx, id))!;
  });
  return { ...initialSetupResponse(saved), message: ASSIGNMENT_CONFIGURATION_MESSAGES.initialSetupSaved };
}

/** PUT /organizations/{id}/print_request_configuration (organization.rx-form-preference.update). */
export async function savePrintRequestConfiguration(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: {
    print_assignments: number[];
    insert_brackets_assignments: number[];
    default_print_assignment: number;
    default_insert_brackets_assignment: number;
  },
  meta: RequestMeta,
): Promise<PrintRequestConfigurationResponse & { message: string }> {
  const saved = await write(ctx, actor, id, [...ASSIGNMENT_CONFIGURATION_UPDATE_PERMISSIONS], async (trx) => {
    const before = await configurations.findConfigurations(trx, id);
    if (!before) throw notFound();
    assertThirdPartyAllowed(input, before);
    await configurations.savePrintRequestConfiguration(trx, id, input);
    await auditOrganization(trx, actor, meta, 'organizations.print-request-configuration.update', id, {
      before: {
        print_assignments: before.print_assignments,
        insert_brackets_assignments: before.insert_brackets_assignments,
        default_print_assignment: before.default_print_assignment,
        default_insert_brackets_assignment: before.default_insert_brackets_assignment,
      },
      after: input,
    });
    return (await configurations.findConfigurations(trx, id))!;
  });
  return { ...printRequestResponse(saved), message: ASSIGNMENT_CONFIGURATION_MESSAGES.printRequestSaved };
}

/**
 * The assignments a new case of the organization starts with, from its configurations (case entry
 * reads them; the caller has checked that the actor sees the organization).
 */
export async function caseAssignmentDefaults(
  ctx: AppContext,
  organizationId: number,
): Promise<AssignmentDefaults> {
  const c = await configurations.findConfigurations(ctx.db, organizationId);
  if (!c) throw notFound();
  return defaultsOf(
    { assignments: c.initial_setup_assignments, default_assignment: c.default_assignment },
    {
      print_assignments: c.print_assignments,
      insert_brackets_assignments: c.insert_brackets_assignments,
      default_print_assignment: c.default_print_assignment,
      default_insert_brackets_assignment: c.default_insert_brackets_assignment,
    },
  );
}

// ---- the caller's permissions inside one organization -----------------------------------------

/**
 * GET /organizations/{id}/current_user_permissions: what the caller holds working inside this
 * organization (document 3 section 6): their role permissions and custom toggles plus, for a
 * practice user, the permissions of their role there (never a management-only one). For
 * management the list is the same in every organization it sees.
 */
export async function currentUserPermissions(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<CurrentUserPermissionsResponse['data']> {
  authorize(actor, 'organizations.view-any', 'organization.view');
  await visibleOrganization(ctx.db, actor, id);
  const access = await loadActorAccess(ctx.db, {
    userId: actor.userId,
    roles: actor.roles,
    currentOrganizationId: id,
  });
  return {
    organization_id: id,
    organization_role: access.organizationRole,
    permissions: [...access.permissions].sort(),
  };
}
