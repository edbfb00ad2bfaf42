import { describe, expect, it } from 'vitest';
import {
  RequestTrayCorrectionBody,
  TRAY_CORRECTION_MESSAGES as M,
  flawedTrayGroupStatusId,
  trayCorrectionRefusal,
  trayCorrectionShownDisabled,
  type TrayCorrectionState,
} from './tray-corrections.ts';

const ok: TrayCorrectionState = {
  patient_status_id: 1,
  archived: false,
  has_rx_form: true,
  ios_file_count: 1,
  has_stl_file: true,
  has_pending_flawed_tray: false,
  request_status_ids: [1, 5],
  print_assignment: 2,
  tray_design_assignment: null,
  caller: 'doctor',
};

describe('trayCorrectionRefusal', () => {
  it('offers the correction when every condition holds', () => {
    expect(trayCorrectionRefusal(ok)).toBeNull();
    expect(trayCorrectionRefusal({ ...ok, caller: 'staff', print_assignment: 1 })).toBeNull();
    expect(trayCorrectionRefusal({ ...ok, caller: 'lab_partner', print_assignment: 3 })).toBeNull();
  });

  it('names the first condition that fails', () => {
    expect(trayCorrectionRefusal({ ...ok, archived: true })).toBe(M.archived);
    expect(trayCorrectionRefusal({ ...ok, patient_status_id: 3 })).toBe(M.notActive);
    expect(trayCorrectionRefusal({ ...ok, has_rx_form: false })).toBe(M.noRxForm);
    expect(trayCorrectionRefusal({ ...ok, ios_file_count: 0 })).toBe(M.noIosFile);
    expect(trayCorrectionRefusal({ ...ok, has_stl_file: false })).toBe(M.noStlFile);
    expect(trayCorrectionRefusal({ ...ok, has_pending_flawed_tray: true })).toBe(M.pendingFlawedTray);
    for (const status of [2, 3, 4])
      expect(trayCorrectionRefusal({ ...ok, request_status_ids: [1, status] })).toBe(M.requestInProduction);
    expect(trayCorrectionRefusal({ ...ok, caller: 'staff', tray_design_assignment: 3 })).toBe(
      M.thirdPartyDesignInOffice,
    );
    expect(trayCorrectionRefusal({ ...ok, print_assignment: 1 })).toBe(M.doctorNotInOffice);
    expect(trayCorrectionRefusal({ ...ok, caller: 'practice', print_assignment: 3 })).toBe(
      M.doctorNotInOffice,
    );
    expect(trayCorrectionRefusal({ ...ok, caller: 'lab_partner' })).toBe(M.labPartnerNotThirdParty);
    expect(trayCorrectionRefusal({ ...ok, ios_file_count: 2 })).toBe(M.multipleIosFiles);
  });

  it('keeps the button on screen, disabled, only for several IOS files', () => {
    expect(trayCorrectionShownDisabled(M.multipleIosFiles)).toBe(true);
    expect(trayCorrectionShownDisabled(M.noStlFile)).toBe(false);
    expect(trayCorrectionShownDisabled(null)).toBe(false);
  });
});

describe('RequestTrayCorrectionBody', () => {
  const arch = { jaw_type_id: 1, ios_file_id: 5, is_flawed: true, print_id: 2 } as const;
  it('takes the payload of the correction request', () => {
    const r = RequestTrayCorrectionBody.safeParse({
      patient_id: 3,
      location_id: null,
      arches: [arch, { ...arch, jaw_type_id: 2, expedited_shipping: false, insert_brackets: false }],
    });
    expect(r.success).toBe(true);
  });
  it('needs one arch at least, each once, flawed', () => {
    const msg = (v: unknown) => RequestTrayCorrectionBody.safeParse(v).error?.issues[0]?.message;
    expect(msg({ patient_id: 3, arches: [] })).toBe(M.archRequired);
    expect(msg({ patient_id: 3, arches: [arch, arch] })).toBe(M.archTwice);
    expect(msg({ patient_id: 3, arches: [{ ...arch, is_flawed: false }] })).toBe(
      'Only a flawed tray correction can be requested here.',
    );
    expect(msg({ patient_id: 3, arches: [{ ...arch, jaw_type_id: 3 }] })).toBe(
      'The jaw type must be 1 (maxillary) or 2 (mandibular).',
    );
  });
});

describe('flawedTrayGroupStatusId', () => {
  it('is 2 only when every tray is corrected', () => {
    expect(flawedTrayGroupStatusId([{ status_id: 2 }, { status_id: 2 }])).toBe(2);
    expect(flawedTrayGroupStatusId([{ status_id: 2 }, { status_id: 1 }])).toBe(1);
  });
});
