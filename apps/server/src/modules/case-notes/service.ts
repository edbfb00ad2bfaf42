/**
 * Case notes and on-hold notes of a patient. Case notes are a conversation between the practice
 * and management: a new note goes out as `new-message` on `patient.{id}` after the commit, and a
 * note from management notifies the doctor. On-hold notes are the hold / unhold history plus the
 * notes added while the patient is on hold. Who sees the patient is the patients module's rule.
 */
import {
  CASE_NOTE_EVENT,
  PATIENT_MESSAGES,
  patientChannel,
  type CaseNote,
  type CreateCaseNoteRequest,
  type CreateOnHoldNoteRequest,
  type OnHoldNote,
} from '@archline/contracts';
import type { z } from 'zod';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { unprocessable } from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import { notifyUser } from '../notifications/service.ts';
import {
  actorName,
  assertLive,
  auditPatient,
  gate,
  isManagement,
  loadPatient,
  lockPatient,
} from '../patients/index.ts';
import * as repo from './repository.ts';

type NoteInput = z.output<typeof CreateCaseNoteRequest>;
type OnHoldNoteInput = z.output<typeof CreateOnHoldNoteRequest>;

const iso = (v: Date | string): string => (v instanceof Date ? v : new Date(String(v))).toISOString();

/** Writes one row of the hold history (hold, unhold) in the caller's transaction. */
export function recordOnHoldNote(executor: Kysely<DB>, note: Parameters<typeof repo.insertOnHoldNote>[1]) {
  return repo.insertOnHoldNote(executor, note);
}

export async function listOnHoldNotes(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  const record = await loadPatient(ctx, actor, id);
  const rows = await repo.listOnHoldNotes(ctx.db, id);
  await auditPatient(ctx.db, { actor, meta, action: 'patients.on-hold-notes.read', patient: record.item });
  const data: OnHoldNote[] = rows.map((r) => ({
    id: Number(r.id),
    created_at: iso(r.created_at),
    name: r.name,
    note: r.note,
    is_on_hold_reason: r.is_on_hold_reason,
    is_unhold: r.is_unhold,
    notify_office: r.notify_office,
  }));
  return { data };
}

/**
 * A note on a held patient (the On Hold Notes panel): only while the patient is on hold, by whoever
 * may hold or release it.
 */
export async function addOnHoldNote(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: OnHoldNoteInput,
  meta: RequestMeta,
) {
  const record = await loadPatient(ctx, actor, id);
  gate(actor, 'hold');
  assertLive(record);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockPatient(trx, id);
    if (!locked || locked.deleted_at) throw unprocessable(PATIENT_MESSAGES.alreadyArchived);
    if (locked.held_at === null) throw unprocessable(PATIENT_MESSAGES.notOnHold);
    const noteId = await repo.insertOnHoldNote(trx, {
      patient_id: id,
      user_id: actor.userId,
      name: input.name,
      note: input.note,
      is_on_hold_reason: false,
      is_unhold: false,
      notify_office: false,
    });
    await auditPatient(trx, { actor, meta, action: 'patients.on-hold-notes.create', patient: record.item });
    return (await repo.listOnHoldNotes(trx, id)).find((n) => Number(n.id) === noteId)!;
  });
  const data: OnHoldNote = {
    id: Number(row.id),
    created_at: iso(row.created_at),
    name: row.name,
    note: row.note,
    is_on_hold_reason: row.is_on_hold_reason,
    is_unhold: row.is_unhold,
    notify_office: row.notify_office,
  };
  return { data, message: PATIENT_MESSAGES.onHoldNoteAdded };
}

function toCaseNote(r: Awaited<ReturnType<typeof repo.listCaseNotes>>[number]): CaseNote {
  return {
    id: Number(r.id),
    author_type: r.author_type as CaseNote['author_type'],
    author_name: r.author_name,
    author_id: r.author_id === null ? null : Number(r.author_id),
    created_at: iso(r.created_at),
    message: r.message,
  };
}

export async function listCaseNotes(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  const record = await loadPatient(ctx, actor, id);
  const rows = await repo.listCaseNotes(ctx.db, id);
  await auditPatient(ctx.db, { actor, meta, action: 'patients.case-notes.read', patient: record.item });
  return { data: rows.map(toCaseNote) };
}

/**
 * A case note from management or the practice. After the commit, `new-message` goes out on
 * `patient.{id}`; a note from management also notifies the doctor.
 */
export async function addCaseNote(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: NoteInput,
  meta: RequestMeta,
) {
  const record = await loadPatient(ctx, actor, id);
  assertLive(record);
  const management = isManagement(actor);
  const p = record.item;
  const note = await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.insertCaseNote(trx, {
      patient_id: id,
      author_id: actor.userId,
      author_type: management ? 'management' : 'doctor',
      author_name: actorName(actor),
      message: input.message,
    });
    await auditPatient(trx, {
      actor,
      meta,
      action: 'patients.case-notes.create',
      patient: p,
      details: { case_note_id: row.id },
    });
    if (management && p.user_id !== actor.userId)
      await notifyUser(ctx, trx, {
        userId: p.user_id,
        message: `New case note on ${p.full_name}`,
        link: `/patient-details/${id}`,
        type: 'new_case_note_for_doctor',
        patientId: id,
        organizationId: p.organization_id,
      });
    return toCaseNote(row);
  });
  try {
    await ctx.realtime.publish(patientChannel(id), CASE_NOTE_EVENT, {
      patient_id: id,
      case_note_id: note.id,
    });
  } catch (err) {
    ctx.log.warn({ err, patientId: id }, 'could not publish a case note event');
  }
  return { data: note, message: PATIENT_MESSAGES.caseNoteAdded };
}
