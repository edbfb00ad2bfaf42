import {
  LICENSE_MESSAGES,
  type CreateLicenseRequest,
  type License,
  type LicenseWithDevices,
  type ListLicensesQuery,
  type UpdateLicenseRequest,
} from '@archline/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit, type AuditEntry } from '../../platform/audit/index.ts';
import { fieldError, forbidden, notFound } from '../../platform/http/errors.ts';
import { authorize, can, organizationScope } from '../../platform/permissions/index.ts';
import { organizationExists, seesOrganization } from '../../platform/permissions/organization-scope.ts';
import * as repo from './repository.ts';

import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { paginate } from '../../platform/http/paginate.ts';
export type { RequestMeta };

type CreateInput = z.output<typeof CreateLicenseRequest>;
type UpdateInput = z.output<typeof UpdateLicenseRequest>;

function audit(
  ctx: AppContext,
  executor: AppContext['db'],
  actor: Actor,
  meta: RequestMeta,
  entry: Pick<AuditEntry, 'action' | 'entityType' | 'entityId' | 'organizationId' | 'details'>,
) {
  return recordAudit(executor, {
    actorUserId: actor.userId,
    actorEmail: actor.email,
    ip: meta.ip,
    requestId: meta.requestId,
    outcome: 'success',
    ...entry,
  });
}

async function withDevices(ctx: AppContext, licenses: License[]): Promise<LicenseWithDevices[]> {
  const devices = await repo.devicesOf(
    ctx.db,
    licenses.map((l) => l.id),
  );
  return licenses.map((l) => ({ ...l, devices: devices.get(l.id) ?? [] }));
}

async function loadLicense(ctx: AppContext, actor: Actor, id: number): Promise<License> {
  const license = await repo.findLicense(ctx.db, id, organizationScope(actor));
  if (!license) throw notFound();
  return license;
}

/** A license by id, whatever the caller's scope (for use cases that have checked access themselves). */
export function findLicenseById(ctx: AppContext, id: number): Promise<License | undefined> {
  return repo.findLicense(ctx.db, id, 'all');
}

async function showLicense(ctx: AppContext, id: number): Promise<LicenseWithDevices> {
  const license = await repo.findLicense(ctx.db, id, 'all');
  if (!license) throw notFound();
  return (await withDevices(ctx, [license]))[0]!;
}

const toDate = (v: string | null | undefined) => (v ? new Date(v) : v === null ? null : undefined);

export async function listLicenses(ctx: AppContext, actor: Actor, query: ListLicensesQuery) {
  authorize(actor, 'licenses.view', 'licenses.manage');
  if (query.organizationId !== undefined && !seesOrganization(actor, query.organizationId)) throw notFound();
  const scope = organizationScope(actor);
  const filter = {
    search: query.searchUser || undefined,
    organizationId: query.organizationId,
    page: query.page,
    perPage: query.per_page,
  };
  return {
    licenses: await paginate(filter, (page) => repo.listLicenses(ctx.db, scope, { ...filter, ...page })),
  };
}

export async function getLicense(ctx: AppContext, actor: Actor, id: number): Promise<LicenseWithDevices> {
  authorize(actor, 'licenses.view', 'licenses.manage');
  const license = await loadLicense(ctx, actor, id);
  return showLicense(ctx, license.id);
}

export async function listLicenseTypes(ctx: AppContext, actor: Actor) {
  authorize(actor, 'licenses.view', 'licenses.manage');
  return repo.listLicenseTypes(ctx.db);
}

/** Issues a license to a user (in their organization) or to an organization. */
export async function createLicense(ctx: AppContext, actor: Actor, input: CreateInput, meta: RequestMeta) {
  authorize(actor, 'licenses.manage');
  let organizationId = input.organization_id ?? null;
  const userId = input.user_id ?? null;
  if (userId !== null) {
    const user = await repo.organizationOfUser(ctx.db, userId);
    if (!user) throw fieldError('user_id', LICENSE_MESSAGES.invalidUser);
    if (organizationId === null) {
      if (user.organization_id === null)
        throw fieldError('user_id', LICENSE_MESSAGES.userWithoutOrganization);
      organizationId = user.organization_id;
    } else if (!(await repo.isMember(ctx.db, organizationId, userId))) {
      throw fieldError('user_id', LICENSE_MESSAGES.invalidUser);
    }
  }
  if (organizationId === null) throw fieldError('organization_id', 'Required');
  if (!seesOrganization(actor, organizationId) || !(await organizationExists(ctx.db, organizationId)))
    throw fieldError('organization_id', LICENSE_MESSAGES.invalidOrganization);
  if (!(await repo.licenseTypeExists(ctx.db, input.license_type_id)))
    throw fieldError('license_type_id', LICENSE_MESSAGES.invalidType);
  const activatedAt = toDate(input.activated_at) ?? new Date();
  const expiration = toDate(input.expiration_date) ?? null;
  if (expiration && expiration <= activatedAt)
    throw fieldError('expiration_date', LICENSE_MESSAGES.expirationBeforeActivation);
  const orgId = organizationId;
  const id = await ctx.db.transaction().execute(async (trx) => {
    const licenseId = await repo.insertLicense(trx, {
      organization_id: orgId,
      user_id: userId,
      license_type_id: input.license_type_id,
      seats: input.seats,
      activated_at: activatedAt,
      expiration_date: expiration,
    });
    await audit(ctx, trx, actor, meta, {
      action: 'licenses.create',
      entityType: 'license',
      entityId: licenseId,
      organizationId: orgId,
      details: { user_id: userId, license_type_id: input.license_type_id, seats: input.seats },
    });
    return licenseId;
  });
  return { message: LICENSE_MESSAGES.created, license: await showLicense(ctx, id) };
}

/** Changes seats and dates; the license type is locked. Seats never go below the registered devices. */
export async function updateLicense(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: UpdateInput,
  meta: RequestMeta,
) {
  authorize(actor, 'licenses.manage');
  const license = await loadLicense(ctx, actor, id);
  if (input.license_type_id !== license.license_type.id)
    throw fieldError('license_type_id', LICENSE_MESSAGES.typeLocked);
  if (input.seats < license.devices_count) throw fieldError('seats', LICENSE_MESSAGES.seatsBelowDevices);
  const activatedAt = toDate(input.activated_at) ?? undefined;
  const expiration = toDate(input.expiration_date);
  const effectiveStart = activatedAt ?? new Date(license.activated_at);
  const effectiveEnd =
    expiration === undefined
      ? license.expiration_date
        ? new Date(license.expiration_date)
        : null
      : expiration;
  if (effectiveEnd && effectiveEnd <= effectiveStart)
    throw fieldError('expiration_date', LICENSE_MESSAGES.expirationBeforeActivation);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateLicense(trx, license.id, {
      seats: input.seats,
      activated_at: activatedAt,
      expiration_date: expiration,
    });
    await audit(ctx, trx, actor, meta, {
      action: 'licenses.update',
      entityType: 'license',
      entityId: license.id,
      organizationId: license.organization_id,
      details: { seats_before: license.seats, seats: input.seats },
    });
  });
  return { message: LICENSE_MESSAGES.updated, license: await showLicense(ctx, license.id) };
}

export async function setLicenseStatus(
  ctx: AppContext,
  actor: Actor,
  id: number,
  active: boolean,
  meta: RequestMeta,
) {
  authorize(actor, 'licenses.manage');
  const license = await loadLicense(ctx, actor, id);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setActive(trx, license.id, active);
    await audit(ctx, trx, actor, meta, {
      action: 'licenses.set-status',
      entityType: 'license',
      entityId: license.id,
      organizationId: license.organization_id,
      details: { active },
    });
  });
  return {
    message: active ? LICENSE_MESSAGES.activated : LICENSE_MESSAGES.deactivated,
    license: await showLicense(ctx, license.id),
  };
}

/** The Devices tab: every license of an organization the caller belongs to (or may see), with devices. */
export async function organizationLicenses(ctx: AppContext, actor: Actor, organizationId: number) {
  if (!seesOrganization(actor, organizationId)) throw notFound();
  return withDevices(ctx, await repo.organizationLicenses(ctx.db, organizationId));
}

/** Devices: licenses.manage, organization.update in the device's organization, or the license holder. */
async function deviceFor(ctx: AppContext, actor: Actor, id: number) {
  const found = await repo.findDevice(ctx.db, id);
  if (!found || !seesOrganization(actor, found.organizationId)) throw notFound();
  const allowed =
    (actor.profile === 'management' && can(actor, 'licenses.manage')) ||
    (can(actor, 'organization.update') &&
      (actor.profile === 'management' || actor.currentOrganizationId === found.organizationId)) ||
    found.licenseUserId === actor.userId;
  if (!allowed) throw forbidden();
  return found;
}

export async function renameDevice(
  ctx: AppContext,
  actor: Actor,
  id: number,
  name: string,
  meta: RequestMeta,
) {
  const found = await deviceFor(ctx, actor, id);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.renameDevice(trx, id, name);
    await audit(ctx, trx, actor, meta, {
      action: 'devices.update',
      entityType: 'device',
      entityId: id,
      organizationId: found.organizationId,
      details: { name_before: found.device.name, name },
    });
  });
  const after = await repo.findDevice(ctx.db, id);
  return { message: LICENSE_MESSAGES.deviceUpdated, device: after!.device };
}

export async function deleteDevice(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  const found = await deviceFor(ctx, actor, id);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteDevice(trx, id);
    await audit(ctx, trx, actor, meta, {
      action: 'devices.delete',
      entityType: 'device',
      entityId: id,
      organizationId: found.organizationId,
      details: { license_id: found.device.license_id, name: found.device.name },
    });
  });
  return { message: LICENSE_MESSAGES.deviceDeleted };
}
