import {
  LOCATION_ADDRESS_FIELDS,
  LOCATION_MESSAGES,
  type CreateLocationRequest,
  type ListLocationsQuery,
  type Location,
  type Permission,
  type UpdateLocationRequest,
} from '@archline/contracts';
import type { z } from 'zod';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { fieldError, forbidden, notFound, unprocessable } from '../../platform/http/errors.ts';
import { can, organizationScope } from '../../platform/permissions/index.ts';
import {
  requireVisibleOrganization,
  seesOrganization,
} from '../../platform/permissions/organization-scope.ts';
import * as repo from './repository.ts';

import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { paginate } from '../../platform/http/paginate.ts';
export type { RequestMeta };

type CreateInput = z.output<typeof CreateLocationRequest>;
type UpdateInput = z.output<typeof UpdateLocationRequest>;

/** Management sees the locations of the organizations in its scope; practice users see their assigned ones. */
export function locationScopeOf(actor: Actor): repo.LocationScope {
  if (actor.profile === 'management') {
    const scope = organizationScope(actor);
    return scope === 'all' ? { kind: 'all' } : { kind: 'organizations', ids: scope };
  }
  return {
    kind: 'assigned',
    ids: [...actor.organizationIds],
    userId: actor.userId,
    viewAnyOrganizationId: can(actor, 'organization.locations.view-any') ? actor.currentOrganizationId : null,
  };
}

/**
 * The gate of a write: a global permission (management), or the organization.* variant within the
 * organization (management: any organization in scope; practice: the current organization, whose
 * pivot granted it).
 */
function authorizeFor(actor: Actor, organizationId: number, global: Permission[], scoped: Permission): void {
  if (actor.profile === 'management' && can(actor, ...global)) return;
  if (can(actor, scoped)) {
    if (actor.profile === 'management' || actor.currentOrganizationId === organizationId) return;
  }
  throw forbidden();
}

/** Managers may change the address of a location with open requests; others may not. */
function isLocationManager(actor: Actor): boolean {
  return actor.profile === 'management' && can(actor, 'locations.manage', 'locations.update');
}

function fieldsOf(input: UpdateInput): repo.LocationFields {
  return {
    location_name: input.location_name,
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email,
    phone_number: input.phone_number,
    street_address: input.street_address,
    street_address_line_2: input.street_address_line_2 || null,
    city: input.city,
    state: input.state,
    country: input.country,
    zip_code: input.zip_code,
  };
}

async function assertMembers(
  executor: Kysely<DB>,
  organizationId: number,
  userIds: number[],
): Promise<number[]> {
  const unique = [...new Set(userIds)];
  const members = await repo.membersAmong(executor, organizationId, unique);
  if (members.length !== unique.length) throw fieldError('users', LOCATION_MESSAGES.invalidUsers);
  return unique;
}

async function load(ctx: AppContext, actor: Actor, id: number): Promise<Location> {
  const location = await repo.findLocation(ctx.db, id, locationScopeOf(actor));
  if (!location) throw notFound();
  return location;
}

/** A location the actor may see, or undefined (for use cases with their own answer to a missing one). */
export function findVisibleLocation(ctx: AppContext, actor: Actor, id: number) {
  return repo.findLocation(ctx.db, id, locationScopeOf(actor));
}

export async function listLocations(ctx: AppContext, actor: Actor, query: ListLocationsQuery) {
  if (query.organizationId !== undefined && !seesOrganization(actor, query.organizationId)) throw notFound();
  const scope = locationScopeOf(actor);
  const filter = {
    organizationId: query.organizationId,
    search: query.locationInfo || undefined,
    page: query.page,
    perPage: query.per_page,
  };
  return {
    locations: await paginate(filter, (page) => repo.listLocations(ctx.db, scope, { ...filter, ...page })),
  };
}

export async function getLocation(ctx: AppContext, actor: Actor, id: number): Promise<Location> {
  return load(ctx, actor, id);
}

export async function createLocation(ctx: AppContext, actor: Actor, input: CreateInput, meta: RequestMeta) {
  const organizationId = input.organization_id ?? actor.currentOrganizationId;
  if (organizationId === null || organizationId === undefined)
    throw fieldError('organization_id', LOCATION_MESSAGES.invalidOrganization);
  await requireVisibleOrganization(ctx.db, actor, organizationId);
  authorizeFor(
    actor,
    organizationId,
    ['locations.manage', 'locations.create'],
    'organization.locations.create',
  );
  const id = await ctx.db.transaction().execute(async (trx) => {
    const users = await assertMembers(trx, organizationId, input.users);
    const locationId = await repo.insertLocation(trx, organizationId, fieldsOf(input));
    await repo.setLocationUsers(trx, locationId, users);
    await recordAudit(trx, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ip: meta.ip,
      requestId: meta.requestId,
      action: 'locations.create',
      entityType: 'location',
      entityId: locationId,
      organizationId,
      outcome: 'success',
      details: { users },
    });
    return locationId;
  });
  // The creator gets the new record back even if it is not assigned to them.
  const created = await repo.findLocation(ctx.db, id, { kind: 'all' });
  return { message: LOCATION_MESSAGES.created, location: created! };
}

export async function updateLocation(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: UpdateInput,
  meta: RequestMeta,
) {
  const location = await load(ctx, actor, id);
  authorizeFor(
    actor,
    location.organization_id,
    ['locations.manage', 'locations.update'],
    'organization.locations.update',
  );
  const fields = fieldsOf(input);
  if (location.has_incomplete_requests && !isLocationManager(actor)) {
    const changed = LOCATION_ADDRESS_FIELDS.filter((f) => (location[f] ?? null) !== (fields[f] ?? null));
    if (changed.length)
      throw unprocessable(
        LOCATION_MESSAGES.addressLocked,
        Object.fromEntries(changed.map((f) => [f, [LOCATION_MESSAGES.addressLocked]])),
      );
  }
  await ctx.db.transaction().execute(async (trx) => {
    const users = await assertMembers(trx, location.organization_id, input.users);
    await repo.updateLocation(trx, location.id, fields);
    await repo.setLocationUsers(trx, location.id, users);
    await recordAudit(trx, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ip: meta.ip,
      requestId: meta.requestId,
      action: 'locations.update',
      entityType: 'location',
      entityId: location.id,
      organizationId: location.organization_id,
      outcome: 'success',
      details: { users },
    });
  });
  const after = await repo.findLocation(ctx.db, location.id, { kind: 'all' });
  return { message: LOCATION_MESSAGES.updated, location: after! };
}

export async function deleteLocation(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  const location = await load(ctx, actor, id);
  authorizeFor(
    actor,
    location.organization_id,
    ['locations.manage', 'locations.delete'],
    'organization.locations.delete',
  );
  await ctx.db.transaction().execute(async (trx) => {
    await repo.softDeleteLocation(trx, location.id);
    await recordAudit(trx, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      ip: meta.ip,
      requestId: meta.requestId,
      action: 'locations.delete',
      entityType: 'location',
      entityId: location.id,
      organizationId: location.organization_id,
      outcome: 'success',
    });
  });
  return { message: LOCATION_MESSAGES.deleted };
}
