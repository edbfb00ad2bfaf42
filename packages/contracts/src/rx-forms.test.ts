import { describe, expect, it } from 'vitest';
import { customControlsSchema, type LayoutItem } from './form-builder.ts';
import {
  RX_FORM_MESSAGES,
  builtInArchWiresLocked,
  refusedArchWireIds,
  doctorSelectionApplies,
  onboardingBlocksCaseEntry,
  rushCaseAvailable,
  scanSubmissionLocked,
  shippingRequired,
  UpdateRxFormRequest,
  insertBracketsChoices,
  rxFormErrors,
  rxFormFees,
  rxFormSchema,
  trayDesignAvailable,
  type RxFormContext,
} from './rx-forms.ts';
import { PATIENT_MESSAGES, UpdatePatientRequest } from './patients.ts';

const context: RxFormContext = {
  rushCaseEnabled: true,
  doctorSelection: false,
  assignments: { initial_setup: [1, 2], print: [1, 2], insert_brackets: [1, 2] },
};

const valid = {
  first_name: 'Jamie',
  last_name: "O'Neil",
  intraoral_scan_date: '2026-11-20',
  location_id: 1,
  scan_submission_type: 1,
  stl_files: [{ file_path: 'uploads/a/upper.stl', name: 'upper.stl', tag: 'stl_maxillary' }],
  rx_intraoral_photos: [{ file_path: 'uploads/b/smile.png', name: 'smile.png' }],
  shipping_method: 1,
  shipping_location_id: 1,
  bracket_libraries: [3],
};

const errorsOf = (values: object, ctx: RxFormContext = context) => {
  const r = rxFormSchema(ctx).safeParse(values);
  return r.success ? {} : rxFormErrors(r.error);
};

describe('rxFormSchema', () => {
  it('accepts a complete case and fills the defaults', () => {
    const r = rxFormSchema(context).parse(valid);
    expect(r.teeth.u00).toBe(0);
    expect(Object.keys(r.teeth)).toHaveLength(32);
    expect(r).toMatchObject({ jaws_id: 3, scanner_type: 1, rush_case: false, saved_for_later: false });
  });

  it('names every broken rule', () => {
    expect(errorsOf({ ...valid, first_name: 'élodie' }).first_name).toEqual([RX_FORM_MESSAGES.nameFormat]);
    expect(errorsOf({ ...valid, first_name: 'Élodie Marie (Jr.)' }).first_name).toBeUndefined();
    expect(errorsOf({ ...valid, last_name: 'שלום' }).last_name).toEqual([RX_FORM_MESSAGES.nameScript]);
    expect(errorsOf({ ...valid, rush_case: true }).rush_case_authorized_by).toEqual([
      RX_FORM_MESSAGES.rushAuthorizedByRequired,
    ]);
    expect(
      errorsOf(
        { ...valid, rush_case: true, rush_case_authorized_by: 'Dr. A' },
        { ...context, rushCaseEnabled: false },
      ).rush_case,
    ).toEqual([RX_FORM_MESSAGES.rushNotEnabled]);
    expect(
      errorsOf({ ...valid, print_assignment: 3, insert_brackets_assignment: 3 }).print_assignment,
    ).toEqual([RX_FORM_MESSAGES.assignmentNotAllowed]);
    expect(errorsOf({ ...valid, user_id: null }, { ...context, doctorSelection: true }).user_id).toEqual([
      RX_FORM_MESSAGES.doctorRequired,
    ]);
    expect(errorsOf({ ...valid, root_integration_type: 1, dicom_files: [] }).dicom_files).toEqual([
      RX_FORM_MESSAGES.dicomExactlyOne,
    ]);
  });

  it('uses the one case number rule of the details form', () => {
    for (const caseNumber of ['BS-1169', "Case 12 (b) - o'k.", 'Ré-2 [x]']) {
      expect(errorsOf({ ...valid, case_number_text: caseNumber }).case_number_text).toBeUndefined();
      expect(UpdatePatientRequest.safeParse({ case_number_text: caseNumber }).success).toBe(true);
    }
    for (const caseNumber of ['C#12', 'A/B', 'x_y']) {
      expect(errorsOf({ ...valid, case_number_text: caseNumber }).case_number_text).toEqual([
        PATIENT_MESSAGES.invalidCaseNumber,
      ]);
      expect(UpdatePatientRequest.safeParse({ case_number_text: caseNumber }).success).toBe(false);
    }
    expect(RX_FORM_MESSAGES.caseNumberFormat).toBe(
      'Case number may only contain letters, spaces, points, brackets, and apostrophes.',
    );
  });

  it('relaxes the file rules when saved for later', () => {
    const later = {
      ...valid,
      stl_files: [],
      rx_intraoral_photos: [],
      saved_for_later: true,
      saved_for_later_info: { name: 'A', reason: 'B' },
    };
    expect(errorsOf(later)).toEqual({});
  });

  it('resets rush for an in-office setup, clears other choices and hidden fields', () => {
    const r = rxFormSchema({ ...context, hiddenFields: ['special_instructions'] }).parse({
      ...valid,
      initial_setup_assignment: 2,
      rush_case: true,
      rush_case_authorized_by: 'Dr. A',
      print_assignment: 2,
      insert_brackets_assignment: 2,
      bracket_libraries: [],
      special_instructions: 'hidden',
    });
    expect(r).toMatchObject({
      rush_case: false,
      rush_case_authorized_by: null,
      shipping_method: null,
      shipping_location_id: null,
      special_instructions: null,
    });
  });

  it('validates the custom controls with the form-builder rules', () => {
    const layout = [
      {
        type: 'section',
        id: 's1',
        columns: [
          {
            id: 'c1',
            controls: [
              {
                id: 'k1',
                system_type: 'terms',
                system_name: 'terms',
                custom_system_name: 'consent',
                props: { label: 'Consent' },
                rules: { required: true },
              },
            ],
          },
        ],
      },
    ] as unknown as LayoutItem[];
    const errors = errorsOf(
      { ...valid, custom_field_values: {} },
      { ...context, customFieldsSchema: customControlsSchema(layout) },
    );
    expect(Object.keys(errors)).toEqual(['custom_field_values.consent']);
    expect(
      errorsOf(
        { ...valid, custom_field_values: { consent: 1 } },
        { ...context, customFieldsSchema: customControlsSchema(layout) },
      ),
    ).toEqual({});
  });
});

describe('assignment helpers and fees', () => {
  it('limits insert brackets to in office or the print assignment', () => {
    expect(insertBracketsChoices(1)).toEqual([1, 2]);
    expect(insertBracketsChoices(2)).toEqual([2]);
    expect(trayDesignAvailable({ print_assignment: 2, export_type: 1 })).toBe(true);
    expect(trayDesignAvailable({ print_assignment: 1, export_type: 1 })).toBe(false);
  });

  it('doubles the rush fee for both arches and adds the root integration price', () => {
    const pricing = { arch_fees: { rush_case: 50 }, root_integration: 40, root_integration_with_ai: 60 };
    expect(rxFormFees({ rush_case: true, jaws_id: 3, root_integration_type: 0 }, pricing)).toEqual({
      rush_case_fee: 100,
      root_integration_fee: 0,
      total: 100,
    });
    expect(rxFormFees({ rush_case: true, jaws_id: 1, root_integration_type: 2 }, pricing).total).toBe(110);
    expect(rxFormFees({ rush_case: false, jaws_id: 3, root_integration_type: 1 }, pricing).total).toBe(40);
  });

  it('tells the form which choices are locked or offered', () => {
    expect(scanSubmissionLocked(2)).toBe(true);
    expect(scanSubmissionLocked(1)).toBe(false);
    expect(rushCaseAvailable(true, 1)).toBe(true);
    expect(rushCaseAvailable(true, 2)).toBe(false);
    expect(rushCaseAvailable(false, 1)).toBe(false);
    expect(shippingRequired(2)).toBe(false);
    const owner = {
      profile: 'practice' as const,
      permissions: ['organization.rx-forms.select-doctor'],
      current_organization_id: 4,
    };
    expect(doctorSelectionApplies(owner, 4)).toBe(true);
    expect(doctorSelectionApplies(owner, 5)).toBe(false);
    expect(
      doctorSelectionApplies(
        {
          profile: 'management',
          permissions: new Set(['rx-forms.select-doctor']),
          current_organization_id: null,
        },
        5,
      ),
    ).toBe(true);
  });

  it('PATCH keeps absent fields absent', () => {
    expect(UpdateRxFormRequest.parse({ special_instructions: 'x' })).toEqual({ special_instructions: 'x' });
  });
});

describe('onboardingBlocksCaseEntry', () => {
  it('blocks while onboarding is not completed and below step 8; never without a checklist', () => {
    expect(onboardingBlocksCaseEntry({ status: 5, current_step: 3 })).toBe(true);
    expect(onboardingBlocksCaseEntry({ status: 1, current_step: 7 })).toBe(true);
    expect(onboardingBlocksCaseEntry({ status: 5, current_step: 8 })).toBe(false);
    expect(onboardingBlocksCaseEntry({ status: 10, current_step: 2 })).toBe(false);
    expect(onboardingBlocksCaseEntry(null)).toBe(false);
    expect(onboardingBlocksCaseEntry(undefined)).toBe(false);
  });
});

describe('arch wires while uploaded ones exist', () => {
  const builtIn = { id: 1, uploaded: false };
  const uploaded = { id: 2, uploaded: true };
  it('locks the built-in arch wires only when an uploaded one is offered', () => {
    expect(builtInArchWiresLocked([builtIn])).toBe(false);
    expect(builtInArchWiresLocked([])).toBe(false);
    expect(builtInArchWiresLocked([builtIn, uploaded])).toBe(true);
  });
  it('refuses the chosen built-in ones then, and nothing otherwise', () => {
    expect(refusedArchWireIds([builtIn, uploaded], [1, 2])).toEqual([1]);
    expect(refusedArchWireIds([builtIn, uploaded], [2])).toEqual([]);
    expect(refusedArchWireIds([builtIn], [1])).toEqual([]);
  });
});
