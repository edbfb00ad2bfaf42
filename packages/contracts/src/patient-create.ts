/**
 * POST /patients (document 1 section 7 'Create patient'): the case form plus the doctor
 * (user_id) and rx_form_id, from /users/{userId}/patients/add where staff start a case for a
 * doctor. The answer is the case entry's (the patient and its Rx form), and the screen then goes to
 * /patient-details/{id}.
 */
import { z } from 'zod';
import { CreateRxFormRequest, CreateRxFormResponse, RX_FORM_MESSAGES } from './rx-forms.ts';

/** Who may start a case for another doctor from the user page (both are needed on the server). */
export const CREATE_CASE_FOR_USER_PERMISSIONS = ['rx-forms.manage', 'rx-forms.select-doctor'] as const;

export const CreatePatientRequest = CreateRxFormRequest.extend({
  /** The doctor of the case: required, a doctor of the organization. */
  user_id: z
    .number({ error: RX_FORM_MESSAGES.doctorRequired })
    .int({ error: RX_FORM_MESSAGES.invalidSelection })
    .positive({ error: RX_FORM_MESSAGES.invalidSelection }),
  /**
   * An Rx form is created together with its patient, so there is none to attach yet: absent or
   * null; the new form's id is rx_form.id of the answer.
   */
  rx_form_id: z.number({ error: RX_FORM_MESSAGES.invalidSelection }).int().positive().nullable().optional(),
});
export type CreatePatientRequest = z.input<typeof CreatePatientRequest>;

export const CreatePatientResponse = CreateRxFormResponse;
export type CreatePatientResponse = z.infer<typeof CreatePatientResponse>;

/** Whether the user is a doctor (the user page offers the case only then). */
export function isDoctor(user: { roles: readonly { name: string }[] }): boolean {
  return user.roles.some((r) => r.name === 'doctor');
}
