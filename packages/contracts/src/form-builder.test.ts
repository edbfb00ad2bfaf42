import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LAYOUT,
  EXISTING_FIELD_NAMES,
  FORM_BUILDER_MAX_COLUMNS,
  FORM_BUILDER_MESSAGES,
  FormLayoutSchema,
  RxFormPreferenceForm,
  RX_FORM_PREFERENCE_MESSAGES,
  canAddColumn,
  canRemoveColumn,
  canRemoveControl,
  canRemoveSection,
  controlIssues,
  customControlDefaults,
  customControlsSchema,
  insertBracketsOptions,
  layoutControls,
  layoutIssues,
  markersFor,
  normalizeMarker,
  type FormControl,
  type FormLayout,
  type FormSection,
} from './form-builder.ts';

const control = (
  over: Partial<FormControl> & Pick<FormControl, 'system_type' | 'custom_system_name'>,
): FormControl => ({
  id: `c-${over.custom_system_name}`,
  system_name: over.system_type,
  props: { label: 'Label' },
  rules: { required: false },
  fee_enabled: false,
  marker: null,
  ...over,
});

const colour = control({
  system_type: 'dropdown',
  custom_system_name: 'tray_colour',
  props: {
    label: 'Tray colour',
    options: [
      { id: 'blue', name: 'Blue', marker: { symbol: 'B', color: '#1E88E5' } },
      { id: 'clear', name: 'Clear' },
    ],
  },
  rules: { required: true },
});
const extras = control({
  system_type: 'checkboxes',
  custom_system_name: 'extras',
  props: {
    label: 'Extras',
    options: [
      { id: 'gel', name: 'Gel', marker: { symbol: 'G', color: '#43A047' } },
      { id: 'case', name: 'Case', marker: { symbol: 'K', color: '#000000' } },
    ],
    default: ['gel'],
  },
});
const notes = control({
  system_type: 'text',
  custom_system_name: 'lab_notes',
  props: { label: 'Notes', type: 'number' },
});
const terms = control({
  system_type: 'terms',
  custom_system_name: 'accept_terms',
  props: { label: 'I accept the terms' },
  marker: { symbol: '✓', color: '#FF0000' },
});
const xray = control({
  system_type: 'file',
  custom_system_name: 'xray',
  props: { label: 'X-ray' },
  rules: { required: true },
});

const layout: FormLayout = [
  ...DEFAULT_LAYOUT,
  {
    type: 'section',
    id: 's-custom',
    columns: [
      { id: 'k1', controls: [colour, extras] },
      { id: 'k2', controls: [notes, terms, xray] },
    ],
  },
];

describe('the layout rules', () => {
  it('the default layout holds every built-in RxForm field once and is valid', () => {
    expect(layoutIssues(DEFAULT_LAYOUT)).toEqual([]);
    const names = layoutControls(DEFAULT_LAYOUT).map((c) => c.system_name);
    expect(names.sort()).toEqual([...EXISTING_FIELD_NAMES].sort());
    expect(FormLayoutSchema.safeParse(layout).success).toBe(true);
  });

  it('label required, unique option names (case-insensitive), markers not on file controls', () => {
    expect(
      controlIssues({
        ...colour,
        props: {
          ...colour.props,
          options: [
            { id: 'a', name: 'Blue' },
            { id: 'b', name: 'blue ' },
          ],
        },
      }),
    ).toEqual({
      'props.options.1.name': FORM_BUILDER_MESSAGES.optionNamesUnique,
    });
    expect(controlIssues({ ...xray, marker: { symbol: 'X', color: '#000000' } })).toEqual({
      marker: FORM_BUILDER_MESSAGES.markerOnFile,
    });
    expect(controlIssues({ ...colour, props: { label: 'Colour', options: [] } })).toEqual({
      'props.options': FORM_BUILDER_MESSAGES.optionsRequired,
    });
    const issues = layoutIssues([
      ...DEFAULT_LAYOUT,
      { type: 'section', id: 's', columns: [{ id: 'k', controls: [{ ...notes, props: { label: '' } }] }] },
    ]);
    expect(issues).toEqual([
      { path: '8.columns.0.controls.0.props.label', message: FORM_BUILDER_MESSAGES.labelRequired },
    ]);
  });

  it('a marker needs both symbol and colour (else cleared); the symbol is one character', () => {
    expect(normalizeMarker({ symbol: 'A', color: '' })).toBeNull();
    expect(normalizeMarker({ symbol: '', color: '#000000' })).toBeNull();
    expect(normalizeMarker({ symbol: 'A', color: '00ff00' })).toEqual({ symbol: 'A', color: '#00ff00' });
    const bad = layoutIssues([
      ...DEFAULT_LAYOUT,
      {
        type: 'section',
        id: 's',
        columns: [{ id: 'k', controls: [{ ...notes, marker: { symbol: 'AB', color: '#000000' } }] }],
      },
    ]);
    expect(bad.map((i) => i.message)).toEqual([FORM_BUILDER_MESSAGES.markerSymbol]);
  });

  it('columns: at least one, at most the limit; built-in fields keep their column and section', () => {
    const section = DEFAULT_LAYOUT[0] as FormSection;
    expect(canRemoveSection(section)).toBe(false);
    expect(canRemoveColumn(section, section.columns[0]!.id)).toBe(false);
    expect(canRemoveControl(section.columns[0]!.controls[0]!)).toBe(false);
    const custom: FormSection = {
      type: 'section',
      id: 's',
      columns: [
        { id: 'a', controls: [] },
        { id: 'b', controls: [notes] },
      ],
    };
    expect(canRemoveSection(custom)).toBe(true);
    expect(canRemoveColumn(custom, 'a')).toBe(true);
    expect(canRemoveColumn({ ...custom, columns: [custom.columns[0]!] }, 'a')).toBe(false);
    expect(canAddColumn(custom)).toBe(true);
    const full = {
      ...custom,
      columns: Array.from({ length: FORM_BUILDER_MAX_COLUMNS }, (_, i) => ({ id: `x${i}`, controls: [] })),
    };
    expect(canAddColumn(full)).toBe(false);
    expect(
      layoutIssues([
        ...DEFAULT_LAYOUT,
        { ...full, columns: [...full.columns, { id: 'x9', controls: [] }] },
      ]).map((i) => i.message),
    ).toEqual([FORM_BUILDER_MESSAGES.columnLimit]);
    expect(layoutIssues([...DEFAULT_LAYOUT, { ...custom, columns: [] }]).map((i) => i.message)).toEqual([
      FORM_BUILDER_MESSAGES.sectionNeedsColumn,
    ]);
  });

  it('built-in fields cannot be removed or doubled; attribute names and ids are unique; no temporary control is saved', () => {
    const missing = layoutIssues(DEFAULT_LAYOUT.slice(1));
    expect(missing).toHaveLength(1);
    expect(missing[0]!.message).toContain(FORM_BUILDER_MESSAGES.existingFieldMissing);
    expect(missing[0]!.message).toContain('First Name');
    const twice = layoutIssues([
      ...DEFAULT_LAYOUT,
      {
        type: 'section',
        id: 's',
        columns: [
          {
            id: 'k',
            controls: [{ ...(DEFAULT_LAYOUT[0] as FormSection).columns[0]!.controls[0]!, id: 'dup' }],
          },
        ],
      },
    ]);
    expect(twice.map((i) => i.message)).toEqual([FORM_BUILDER_MESSAGES.existingFieldTwice]);
    const sameName = layoutIssues([
      ...DEFAULT_LAYOUT,
      { type: 'section', id: 's', columns: [{ id: 'k', controls: [notes, { ...notes, id: 'other' }] }] },
    ]);
    expect(sameName.map((i) => i.message)).toEqual([FORM_BUILDER_MESSAGES.attributeNameUnique]);
    const sameId = layoutIssues([...DEFAULT_LAYOUT, { type: 'divider', id: 'divider-1' }]);
    expect(sameId.map((i) => i.message)).toEqual([FORM_BUILDER_MESSAGES.idsUnique]);
    const temporary = layoutIssues([
      ...DEFAULT_LAYOUT,
      { type: 'section', id: 's', columns: [{ id: 'k', controls: [{ ...notes, temporary: true }] }] },
    ]);
    expect(temporary.map((i) => i.message)).toEqual([FORM_BUILDER_MESSAGES.temporaryControl]);
  });
});

describe('custom control values on the case form', () => {
  const schema = customControlsSchema(layout);
  const valid = {
    tray_colour: 'blue',
    extras: [],
    lab_notes: '',
    accept_terms: 1,
    xray: [{ file_path: 'uploads/1/x.png', name: 'x.png' }],
  };

  it('accepts complete values', () => {
    expect(schema.safeParse(valid).success).toBe(true);
  });

  it("answers 'Required' for required controls and a terms control that is not 1", () => {
    const result = schema.safeParse({ ...valid, tray_colour: '', accept_terms: 0, xray: [] });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({ tray_colour: 'Required', accept_terms: 'Required', xray: 'Required' });
  });

  it('checks option ids, numbers and the file limit', () => {
    const result = schema.safeParse({
      ...valid,
      tray_colour: 'green',
      lab_notes: 'ten',
      xray: Array.from({ length: 11 }, (_, i) => ({ file_path: `p${i}`, name: `n${i}` })),
    });
    const fields = result.error!.issues.map((i) => i.path[0]);
    expect(fields.sort()).toEqual(['lab_notes', 'tray_colour', 'xray']);
  });

  it('defaults come from the layout', () => {
    expect(customControlDefaults(layout)).toEqual({
      tray_colour: '',
      extras: ['gel'],
      lab_notes: '',
      accept_terms: null,
      xray: [],
    });
  });

  it('markers: the chosen options and the filled controls, once each', () => {
    expect(markersFor(layout, { tray_colour: 'blue', extras: ['gel', 'case'], accept_terms: 1 })).toEqual([
      { symbol: 'B', color: '#1E88E5' },
      { symbol: 'G', color: '#43A047' },
      { symbol: 'K', color: '#000000' },
      { symbol: '✓', color: '#FF0000' },
    ]);
    expect(markersFor(layout, { tray_colour: 'clear', extras: [], accept_terms: null })).toEqual([]);
  });
});

describe('the RxForm preference rules', () => {
  const base = {
    initial_setup_assignments: [1],
    print_assignments: [1],
    insert_brackets_assignments: [1, 2],
    allowed_dibs_options: [4, 1],
    hidden_fields: ['teeth'],
    rush_case_enabled: false,
  };

  it('insert brackets: in-office or among the print options', () => {
    expect(RxFormPreferenceForm.safeParse(base).success).toBe(true);
    const bad = RxFormPreferenceForm.safeParse({ ...base, insert_brackets_assignments: [3] });
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['insert_brackets_assignments', RX_FORM_PREFERENCE_MESSAGES.insertBrackets],
    ]);
    expect(insertBracketsOptions([1, 3], true)).toEqual([1, 2, 3]);
    expect(insertBracketsOptions([1, 3], false)).toEqual([1, 2]);
    expect(insertBracketsOptions([3], true)).toEqual([2, 3]);
  });

  it('DIBS options 1 and 4, at least one; only hideable fields', () => {
    expect(RxFormPreferenceForm.parse(base).allowed_dibs_options).toEqual([1, 4]);
    expect(
      RxFormPreferenceForm.safeParse({ ...base, allowed_dibs_options: [] }).error!.issues[0]!.message,
    ).toBe(RX_FORM_PREFERENCE_MESSAGES.dibsRequired);
    expect(
      RxFormPreferenceForm.safeParse({ ...base, hidden_fields: ['last_name'] }).error!.issues[0]!.message,
    ).toBe(RX_FORM_PREFERENCE_MESSAGES.unknownHiddenField);
  });
});
