import {
  addBusinessDays,
  ASSIGNMENT,
  LOOKUP_MESSAGES,
  nextBusinessDate,
  type LookupPageQuery,
  type ShippingMethodItem,
} from '@archline/contracts';
import type { z } from 'zod';
import type { ShippingMethodsQuery } from '@archline/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { fieldError, forbidden, notFound } from '../../platform/http/errors.ts';
import { paginate } from '../../platform/http/paginate.ts';
import {
  canSelectDoctor,
  requireVisibleOrganization,
} from '../../platform/permissions/organization-scope.ts';
import { findVisibleLocation } from '../locations/service.ts';
import * as repo from './repository.ts';

type PageInput = z.output<typeof LookupPageQuery>;

/** The lists of another user's choices: the user themself, management, or a doctor selector. */
async function assertUserLookup(ctx: AppContext, actor: Actor, organizationId: number, userId: number) {
  await requireVisibleOrganization(ctx.db, actor, organizationId);
  if (!(await repo.isMember(ctx.db, organizationId, userId))) throw notFound();
  if (userId === actor.userId || actor.profile === 'management' || canSelectDoctor(actor, organizationId))
    return;
  throw forbidden();
}

function pageOf<T>(query: PageInput, load: (page: repo.Page) => Promise<{ rows: T[]; total: number }>) {
  return paginate({ page: query.page, perPage: query.per_page }, load);
}

/** A shipping method by id (digits) or id_string, or undefined. */
export function findShippingMethod(ctx: AppContext, idOrKey: string | number) {
  return repo.findShippingMethod(ctx.db, idOrKey);
}

/** The dates of a shipping method from the business-day calendar. */
export function shippingDates(
  method: repo.ShippingMethodRow,
  now: Date | string,
  offsetMinutes: number,
): Pick<ShippingMethodItem, 'ship_date' | 'arrival_date' | 'delivery_date_from' | 'delivery_date_to'> {
  const ship = nextBusinessDate(now, { offsetMinutes });
  const arrival = addBusinessDays(ship, method.transit_days);
  return {
    ship_date: ship,
    arrival_date: arrival,
    delivery_date_from: arrival,
    delivery_date_to: method.international ? addBusinessDays(arrival, 2) : arrival,
  };
}

/** GET /shipping_methods */
export async function listShippingMethods(
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof ShippingMethodsQuery>,
): Promise<{ shipping_methods: ShippingMethodItem[] }> {
  let international: boolean | null = null;
  if (query.locationId !== undefined) {
    const location = await findVisibleLocation(ctx, actor, query.locationId);
    if (!location) throw notFound(LOOKUP_MESSAGES.invalidLocation);
    international = location.country !== 'USA';
  }
  // Printing in office ships nothing.
  if (query.assignment === ASSIGNMENT.inOffice) return { shipping_methods: [] };
  let now: Date | string = new Date();
  if (query.datetime) {
    now = query.datetime;
    try {
      nextBusinessDate(now, { offsetMinutes: query.offset ?? 0 });
    } catch {
      throw fieldError('datetime', 'The datetime must be a date and time.');
    }
  }
  const methods = await repo.listShippingMethods(ctx.db, {
    availableOnly: query.availableOnly,
    international,
  });
  return {
    shipping_methods: methods.map((m) => ({ ...m, ...shippingDates(m, now, query.offset ?? 0) })),
  };
}

/** GET /organizations/{id}/doctors */
export async function listDoctors(ctx: AppContext, actor: Actor, organizationId: number, query: PageInput) {
  await requireVisibleOrganization(ctx.db, actor, organizationId);
  if (!canSelectDoctor(actor, organizationId)) throw forbidden();
  return pageOf(query, (page) => repo.listDoctors(ctx.db, organizationId, page));
}

/** GET /organizations/{id}/users/{userId}/bracket-libraries */
export async function listBracketLibraries(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  userId: number,
  query: PageInput,
) {
  await assertUserLookup(ctx, actor, organizationId, userId);
  return pageOf(query, (page) => repo.listBracketLibraries(ctx.db, organizationId, userId, page));
}

/** GET /organizations/{id}/users/{userId}/arch-wires */
export async function listArchWires(
  ctx: AppContext,
  actor: Actor,
  organizationId: number,
  userId: number,
  query: PageInput,
) {
  await assertUserLookup(ctx, actor, organizationId, userId);
  return pageOf(query, (page) => repo.listArchWires(ctx.db, organizationId, userId, page));
}
