/**
 * The audit trail: who did what to which record, when, from where, and how it ended.
 * Rows are only ever inserted (the table refuses UPDATE, DELETE and TRUNCATE). Pass the write's
 * transaction as the executor so the audit row commits (or rolls back) with the write itself.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../auth/actor.ts';

export type AuditOutcome = 'success' | 'failure' | 'denied';

export interface AuditEntry {
  actorUserId?: number | null;
  actorEmail?: string | null;
  ip?: string | null;
  requestId?: string | null;
  /** What happened, e.g. 'auth.login', 'patients.read', 'users.toggle-custom-permission'. */
  action: string;
  entityType?: string | null;
  entityId?: string | number | null;
  organizationId?: number | null;
  outcome: AuditOutcome;
  details?: Record<string, unknown>;
}

function rowOf(entry: AuditEntry) {
  return {
    actor_user_id: entry.actorUserId ?? null,
    actor_email: entry.actorEmail ?? null,
    ip: entry.ip ?? null,
    request_id: entry.requestId ?? null,
    action: entry.action,
    entity_type: entry.entityType ?? null,
    entity_id: entry.entityId === null || entry.entityId === undefined ? null : String(entry.entityId),
    organization_id: entry.organizationId ?? null,
    outcome: entry.outcome,
    details: JSON.stringify(entry.details ?? {}),
  };
}
type AuditRow = ReturnType<typeof rowOf>;

/** The end of the current turn of the event loop (the real one, whatever a test fakes later). */
const endOfTurn = setImmediate;

/**
 * The rows of the current turn of the event loop, per database, and what became of each: `written`
 * settles to one entry per row, null once it is committed or the error that refused it.
 */
const batches = new WeakMap<Kysely<DB>, { rows: AuditRow[]; written: Promise<(Error | null)[]> }>();

/**
 * Appends one audit row. `executor` is the database or the transaction of the write.
 *
 * Within a transaction the row is inserted there and then. Outside one (the reads), the rows that
 * concurrent requests record in the same turn of the event loop go in together, in one statement
 * and one commit, at the end of that turn; each caller still waits until its row is committed,
 * so no answer leaves before its row is written. Should that statement fail (then it wrote
 * nothing), the rows are inserted one by one in the order they were recorded, so a row that
 * cannot be written fails its own caller only and the trail keeps its order.
 */
export async function recordAudit(executor: Kysely<DB>, entry: AuditEntry): Promise<void> {
  const row = rowOf(entry);
  if (executor.isTransaction) {
    await executor.insertInto('audit_log').values(row).execute();
    return;
  }
  let batch = batches.get(executor);
  if (!batch) {
    const rows: AuditRow[] = [];
    const written = new Promise<void>((resolve) => endOfTurn(resolve)).then(async () => {
      batches.delete(executor); // rows recorded from now on start the next batch
      try {
        await executor.insertInto('audit_log').values(rows).execute();
        return rows.map(() => null);
      } catch {
        const outcomes: (Error | null)[] = [];
        for (const one of rows) {
          try {
            await executor.insertInto('audit_log').values(one).execute();
            outcomes.push(null);
          } catch (err) {
            outcomes.push(err instanceof Error ? err : new Error(String(err)));
          }
        }
        return outcomes;
      }
    });
    batch = { rows, written };
    batches.set(executor, batch);
  }
  const index = batch.rows.push(row) - 1;
  const failure = (await batch.written)[index];
  if (failure) throw failure;
}

/**
 * Appends the audit row of something a signed-in caller did: who (the actor) and from where (the
 * request's IP and id) filled in; 'success' unless the entry says otherwise.
 */
export async function recordActorAudit(
  executor: Kysely<DB>,
  actor: Pick<Actor, 'userId' | 'email'>,
  meta: { ip: string | null; requestId: string | null },
  entry: Omit<AuditEntry, 'actorUserId' | 'actorEmail' | 'ip' | 'requestId' | 'outcome'> & {
    outcome?: AuditOutcome;
  },
): Promise<void> {
  await recordAudit(executor, {
    actorUserId: actor.userId,
    actorEmail: actor.email,
    ip: meta.ip,
    requestId: meta.requestId,
    outcome: 'success',
    ...entry,
  });
}

/** The signed-in caller of a request, when the auth plugin resolved one. */
function actorOf(request: FastifyRequest): Actor | null {
  return request.actor ?? null;
}

/** An audit entry with the actor, IP and request id taken from the request (the entry's own values win). */
export function auditFromRequest(
  request: FastifyRequest,
  entry: Omit<AuditEntry, 'ip' | 'requestId'> & Partial<Pick<AuditEntry, 'ip' | 'requestId'>>,
): AuditEntry {
  const actor = actorOf(request);
  return {
    actorUserId: actor?.userId ?? null,
    actorEmail: actor?.email ?? null,
    ip: request.ip,
    requestId: request.id,
    ...entry,
  };
}

/**
 * Records a 'denied' row for every API request that ends in 403. Added once in app.ts; the
 * hook is global, so it sees the responses of every module.
 */
export function registerAuditHooks(app: FastifyInstance): void {
  // onSend (not onResponse): the row is written before the answer leaves, so it cannot be lost
  // and a caller reading the trail right after the response finds it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 403) return payload;
    const route = request.routeOptions.url ?? request.url.split('?')[0];
    const params = (request.params ?? {}) as Record<string, unknown>;
    const entityId = typeof params.id === 'string' || typeof params.id === 'number' ? params.id : null;
    try {
      await recordAudit(
        app.ctx.db,
        auditFromRequest(request, {
          action: `${request.method} ${route}`,
          entityId,
          outcome: 'denied',
          details: { method: request.method, url: request.url.split('?')[0], status: 403 },
        }),
      );
    } catch (err) {
      request.log.error({ err }, 'could not record the denied request in the audit trail');
    }
    return payload;
  });
}
