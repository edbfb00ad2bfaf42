/**
 * POST /patients (document 1 section 7 'Create patient'): staff start a case for a doctor from
 * /users/{userId}/patients/add. The case form is the case entry's (POST /rx-forms, one
 * transaction for the patient, its Rx form, files and initial case setup); this use case fixes
 * the doctor to user_id after checking that the caller may act for that doctor.
 */
import { RX_FORM_MESSAGES, type CreatePatientRequest } from '@archline/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden, unprocessable } from '../../platform/http/errors.ts';
import type { RequestMeta } from '../../platform/http/request-meta.ts';
import {
  canSelectDoctor,
  requireVisibleOrganization,
} from '../../platform/permissions/organization-scope.ts';
import { createRxForm } from '../rx-forms/service.ts';
import { visibleUser } from '../users/service.ts';

type CreatePatientInput = z.output<typeof CreatePatientRequest>;

const invalid = (field: 'user_id' | 'rx_form_id') =>
  unprocessable(RX_FORM_MESSAGES.invalidSelection, { [field]: [RX_FORM_MESSAGES.invalidSelection] });

/**
 * The doctor must be a user the caller sees (404 otherwise, like another organization's record),
 * in an organization the caller sees (404); acting for someone else needs doctor selection there
 * (`canSelectDoctor`: rx-forms.select-doctor, or organization.rx-forms.select-doctor in the current
 * organization), else 403; the user must hold the doctor role, not be archived and belong to the
 * organization (422 on user_id). The case entry's own gates and rules follow (rx-forms.manage for
 * management, onboarding and contract for practices, the form's messages).
 */
export async function createPatient(
  ctx: AppContext,
  actor: Actor,
  input: CreatePatientInput,
  meta: RequestMeta,
) {
  const { user_id: doctorId, rx_form_id, ...form } = input;
  const doctor = await visibleUser(ctx, actor, doctorId);
  await requireVisibleOrganization(ctx.db, actor, form.organization_id);
  if (doctorId !== actor.userId && !canSelectDoctor(actor, form.organization_id)) throw forbidden();
  if (
    !doctor.roles.includes('doctor') ||
    doctor.deleted_at !== null ||
    !doctor.organizationIds.includes(form.organization_id)
  )
    throw invalid('user_id');
  if (rx_form_id !== null && rx_form_id !== undefined) throw invalid('rx_form_id');
  return createRxForm(ctx, actor, { ...form, user_id: doctorId }, meta);
}
