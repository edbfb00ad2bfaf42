import { z } from 'zod';

/**
 * The RxForm form builder and the organization's RxForm preference.
 * Spec: document 2 sections 2 (Settings page, Customize Default RxForm), 3 (Form builder layout),
 * 4 and 5 (Form builder, Assignment options), 7, 9 (column limit); document 3 (rx_form_preference).
 *
 * A layout is an ordered list of items: sections (columns of controls) and dividers. 'Existing'
 * controls stand for the built-in RxForm fields (EXISTING_FIELDS); the other system types are
 * custom controls whose values travel with the case under their `custom_system_name`.
 */

// ---------------------------------------------------------------------------------------------
// Constants and texts
// ---------------------------------------------------------------------------------------------

/**
 * Columns per section. The spec's notes give both 'more than 3 columns triggers a block' and
 * 'limit 4 per section'; the product allows 4 (the larger reading, so no layout saved under the
 * other reading is refused).
 */
export const FORM_BUILDER_MAX_COLUMNS = 4;
/** File controls accept at most 10 files (document 2 section 9). */
export const FORM_BUILDER_MAX_FILES = 10;
export const FORM_BUILDER_MAX_OPTIONS = 100;
export const FORM_BUILDER_MAX_ITEMS = 200;

export const FORM_BUILDER_MESSAGES = {
  saved: 'The RxForm layout was saved successfully.',
  reset: 'The RxForm layout was reset to the default.',
  labelRequired: 'The label is required.',
  optionNameRequired: 'The option name is required.',
  optionNamesUnique: 'Option names must be unique.',
  optionsRequired: 'Add at least one option.',
  markerSymbol: 'The marker symbol must be one character.',
  markerColor: 'The marker color must be a 6-digit hex color, for example #1E88E5.',
  markerOnFile: 'Markers are not available for file controls.',
  sectionNeedsColumn: 'A section keeps at least one column.',
  columnLimit: `A section has at most ${FORM_BUILDER_MAX_COLUMNS} columns.`,
  existingFieldMissing: 'Built-in fields cannot be removed from the layout.',
  existingFieldTwice: 'A built-in field appears only once in the layout.',
  unknownExistingField: 'This built-in field does not exist.',
  attributeNameUnique: 'Attribute names must be unique.',
  attributeName:
    'The attribute name starts with a lowercase letter and holds lowercase letters, digits and underscores only.',
  temporaryControl: 'Save or cancel the control settings before saving the layout.',
  idsUnique: 'Every item of the layout needs its own id.',
  infoLink: 'The information link must be a valid http or https address.',
  noOptions: 'No options available',
  noAdditionalFields: 'No additional fields exists',
  layoutExists: 'This organization already has its own layout.',
  invalidOrganization: 'The selected organization is invalid.',
  required: 'Required',
  termsRequired: 'Required',
  tooManyFiles: `At most ${FORM_BUILDER_MAX_FILES} files.`,
} as const;

export const CONTROL_SYSTEM_TYPES = [
  'dropdown',
  'text',
  'paragraph',
  'radios',
  'checkboxes',
  'file',
  'terms',
  'existing',
] as const;
export type ControlSystemType = (typeof CONTROL_SYSTEM_TYPES)[number];
/** The control types a builder user may add (existing ones come with the default layout). */
export const CUSTOM_CONTROL_TYPES = CONTROL_SYSTEM_TYPES.filter(
  (t): t is Exclude<ControlSystemType, 'existing'> => t !== 'existing',
);
export type CustomControlType = (typeof CUSTOM_CONTROL_TYPES)[number];

export const CONTROL_TYPE_LABELS: Record<ControlSystemType, string> = {
  dropdown: 'Dropdown',
  text: 'Text Field',
  paragraph: 'Paragraph',
  radios: 'Radio Buttons',
  checkboxes: 'Checkboxes',
  file: 'File Upload',
  terms: 'Terms',
  existing: 'Built-in Field',
};

export const TEXT_INPUT_TYPES = ['text', 'number', 'email', 'password', 'date'] as const;
export type TextInputType = (typeof TEXT_INPUT_TYPES)[number];

/** Control types whose values are chosen among options. */
export const OPTION_CONTROL_TYPES: readonly ControlSystemType[] = ['dropdown', 'radios', 'checkboxes'];
export const hasOptions = (type: ControlSystemType) => OPTION_CONTROL_TYPES.includes(type);
/** Markers are not available for file controls (nor for built-in fields). */
export const supportsMarkers = (type: ControlSystemType) => type !== 'file' && type !== 'existing';

/**
 * The built-in RxForm fields (document 2 section 3 'RxForm values') as layout controls, keyed by
 * system_name. `fields` are the RxForm values a control renders (dependent fields travel with their
 * lead field); `hideable` fields may be hidden per organization in the RxForm preference.
 */
export const EXISTING_FIELDS = {
  user_id: { label: 'Doctor', fields: ['user_id'], hideable: false },
  first_name: { label: 'First Name', fields: ['first_name'], hideable: false },
  last_name: { label: 'Last Name', fields: ['last_name'], hideable: false },
  case_number_text: { label: 'Case Number', fields: ['case_number_text'], hideable: true },
  intraoral_scan_date: { label: 'Intraoral Scan Date', fields: ['intraoral_scan_date'], hideable: false },
  submission_completed_by: {
    label: 'Submission Completed By',
    fields: ['submission_completed_by'],
    hideable: true,
  },
  location_id: { label: 'Location', fields: ['location_id'], hideable: false },
  rush_case: { label: 'Rush Case', fields: ['rush_case', 'rush_case_authorized_by'], hideable: true },
  scan_submission_type: {
    label: 'Scan Submission',
    fields: ['scan_submission_type', 'scanner_type', 'custom_scanner_type_name', 'stl_files'],
    hideable: false,
  },
  rx_intraoral_photos: { label: 'Intraoral Photos', fields: ['rx_intraoral_photos'], hideable: false },
  jaws_id: { label: 'Arch', fields: ['jaws_id'], hideable: false },
  teeth: { label: 'Teeth', fields: ['teeth'], hideable: true },
  custom_setup: { label: 'Custom Setup', fields: ['custom_setup'], hideable: true },
  export_type: { label: 'Export Type', fields: ['export_type'], hideable: false },
  print_assignment: { label: 'Print Assignment', fields: ['print_assignment'], hideable: false },
  tray_design_assignment: { label: 'Tray Design', fields: ['tray_design_assignment'], hideable: true },
  insert_brackets_assignment: {
    label: 'Insert Brackets Assignment',
    fields: ['insert_brackets_assignment'],
    hideable: false,
  },
  shipping_location_id: { label: 'Shipping Location', fields: ['shipping_location_id'], hideable: false },
  shipping_method: { label: 'Shipping Method', fields: ['shipping_method'], hideable: false },
  bonding_date: { label: 'Bonding Date', fields: ['bonding_date'], hideable: true },
  root_integration_type: {
    label: 'Root Integration',
    fields: ['root_integration_type', 'dicom_files'],
    hideable: true,
  },
  bracket_libraries: {
    label: 'Bracket Libraries',
    fields: ['bracket_libraries', 'custom_bracket_set_id'],
    hideable: false,
  },
  arch_wires: { label: 'Arch Wires', fields: ['arch_wires'], hideable: true },
  special_instructions: { label: 'Special Instructions', fields: ['special_instructions'], hideable: true },
} as const satisfies Record<string, { label: string; fields: readonly string[]; hideable: boolean }>;
export type ExistingFieldName = keyof typeof EXISTING_FIELDS;
export const EXISTING_FIELD_NAMES = Object.keys(EXISTING_FIELDS) as ExistingFieldName[];
export const isExistingFieldName = (name: string): name is ExistingFieldName =>
  Object.prototype.hasOwnProperty.call(EXISTING_FIELDS, name);

/** The built-in fields an organization may hide (RxForm preference hidden_fields). */
export const HIDEABLE_FIELDS = EXISTING_FIELD_NAMES.filter((n) => EXISTING_FIELDS[n].hideable);
export type HideableField = (typeof HIDEABLE_FIELDS)[number];

// ---------------------------------------------------------------------------------------------
// Layout schema
// ---------------------------------------------------------------------------------------------

const ItemId = z.string().trim().min(1).max(64);

/** symbol: one character; color: 6-digit hex (with #). */
export const MarkerSchema = z.object({
  symbol: z.string().refine((s) => [...s].length === 1, FORM_BUILDER_MESSAGES.markerSymbol),
  color: z.string().regex(/^#[0-9A-Fa-f]{6}$/, FORM_BUILDER_MESSAGES.markerColor),
});
export type Marker = z.infer<typeof MarkerSchema>;

/**
 * A marker needs both its symbol and its colour; with either part missing it is cleared (null).
 * Applied before validation, so a half-filled marker never fails a save.
 */
export function normalizeMarker(value: unknown): Marker | null {
  if (!value || typeof value !== 'object') return null;
  const m = value as { symbol?: unknown; color?: unknown };
  const symbol = typeof m.symbol === 'string' ? m.symbol.trim() : '';
  const color = typeof m.color === 'string' ? m.color.trim() : '';
  if (!symbol || !color) return null;
  return { symbol, color: color.startsWith('#') ? color : `#${color}` } as Marker;
}
const MarkerField = z.preprocess(normalizeMarker, MarkerSchema.nullable());

export const ControlOptionSchema = z.object({
  id: ItemId,
  name: z.string().trim().min(1, FORM_BUILDER_MESSAGES.optionNameRequired).max(255),
  marker: MarkerField.optional(),
});
export type ControlOption = z.infer<typeof ControlOptionSchema>;

const InfoLink = z
  .string()
  .trim()
  .max(2048)
  .refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), FORM_BUILDER_MESSAGES.infoLink);

export const ControlPropsSchema = z.object({
  label: z.string().trim().min(1, FORM_BUILDER_MESSAGES.labelRequired).max(255),
  /** Text controls only. */
  type: z.enum(TEXT_INPUT_TYPES).optional(),
  options: z.array(ControlOptionSchema).max(FORM_BUILDER_MAX_OPTIONS).optional(),
  description: z.string().max(5000).optional(),
  /** Default value: text for text/paragraph, an option id for dropdown/radios, option ids for checkboxes. */
  default: z
    .union([z.string().max(5000), z.array(z.string().max(64)).max(FORM_BUILDER_MAX_OPTIONS)])
    .optional(),
  info_link: InfoLink.optional(),
  info_link_text: z.string().trim().max(255).optional(),
});
export type ControlProps = z.infer<typeof ControlPropsSchema>;

export const ControlRulesSchema = z.object({ required: z.boolean().default(false) });

export const ControlSchema = z.object({
  id: ItemId,
  system_type: z.enum(CONTROL_SYSTEM_TYPES),
  /** Existing controls: the built-in field (EXISTING_FIELDS key); custom controls: their type. */
  system_name: z.string().trim().min(1).max(64),
  /** The attribute name a custom control's value is stored under (null for existing controls). */
  custom_system_name: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,63}$/, FORM_BUILDER_MESSAGES.attributeName)
    .nullable()
    .default(null),
  props: ControlPropsSchema,
  rules: ControlRulesSchema.default({ required: false }),
  fee_enabled: z.boolean().default(false),
  marker: MarkerField.default(null),
  /** Set while the control's settings dialog is first open; a saved layout holds none. */
  temporary: z.boolean().optional(),
});
export type FormControl = z.infer<typeof ControlSchema>;
export type FormControlInput = z.input<typeof ControlSchema>;

export const ColumnSchema = z.object({ id: ItemId, controls: z.array(ControlSchema).max(100) });
export type FormColumn = z.infer<typeof ColumnSchema>;

export const SectionSchema = z.object({
  type: z.literal('section'),
  id: ItemId,
  columns: z.array(ColumnSchema),
});
export type FormSection = z.infer<typeof SectionSchema>;

export const DividerSchema = z.object({ type: z.literal('divider'), id: ItemId });
export type FormDivider = z.infer<typeof DividerSchema>;

export const LayoutItemSchema = z.discriminatedUnion('type', [SectionSchema, DividerSchema]);
export type LayoutItem = z.infer<typeof LayoutItemSchema>;
export type FormLayout = LayoutItem[];

/** Every control of a layout, in reading order (sections top to bottom, columns left to right). */
export function layoutControls(layout: readonly LayoutItem[]): FormControl[] {
  const out: FormControl[] = [];
  for (const item of layout) {
    if (item.type !== 'section') continue;
    for (const column of item.columns) out.push(...column.controls);
  }
  return out;
}

export const customControls = (layout: readonly LayoutItem[]) =>
  layoutControls(layout).filter((c) => c.system_type !== 'existing');

export const columnHasExisting = (column: FormColumn) =>
  column.controls.some((c) => c.system_type === 'existing');
export const sectionHasExisting = (section: FormSection) => section.columns.some(columnHasExisting);

// ----- single-edit rules the builder asks before changing the layout -----

export function canAddColumn(section: FormSection): boolean {
  return section.columns.length < FORM_BUILDER_MAX_COLUMNS;
}
/** A section keeps at least one column; a column holding a built-in field stays. */
export function canRemoveColumn(section: FormSection, columnId: string): boolean {
  const column = section.columns.find((c) => c.id === columnId);
  return section.columns.length > 1 && column !== undefined && !columnHasExisting(column);
}
/** A section containing built-in fields cannot be deleted. */
export function canRemoveSection(section: FormSection): boolean {
  return !sectionHasExisting(section);
}
/** Built-in controls cannot be deleted (they may only move). */
export function canRemoveControl(control: FormControl): boolean {
  return control.system_type !== 'existing';
}

/** Problems of one control, keyed by field path inside the control ('props.label', 'props.options.1.name'...). */
export function controlIssues(control: FormControl): Record<string, string> {
  const issues: Record<string, string> = {};
  const type = control.system_type;
  if (type === 'existing') {
    if (!isExistingFieldName(control.system_name))
      issues.system_name = FORM_BUILDER_MESSAGES.unknownExistingField;
    return issues;
  }
  if (!control.custom_system_name) issues.custom_system_name = FORM_BUILDER_MESSAGES.attributeName;
  if (hasOptions(type)) {
    const options = control.props.options ?? [];
    if (options.length === 0) issues['props.options'] = FORM_BUILDER_MESSAGES.optionsRequired;
    const seen = new Map<string, number>();
    options.forEach((option, index) => {
      const key = option.name.trim().toLowerCase();
      if (!key) return;
      if (seen.has(key)) issues[`props.options.${index}.name`] = FORM_BUILDER_MESSAGES.optionNamesUnique;
      else seen.set(key, index);
    });
  }
  if (!supportsMarkers(type)) {
    if (control.marker) issues.marker = FORM_BUILDER_MESSAGES.markerOnFile;
    (control.props.options ?? []).forEach((option, index) => {
      if (option.marker) issues[`props.options.${index}.marker`] = FORM_BUILDER_MESSAGES.markerOnFile;
    });
  }
  return issues;
}

/** Adds the structural rules of a whole layout to a zod context. */
function checkLayout(layout: LayoutItem[], ctx: z.RefinementCtx) {
  const ids = new Set<string>();
  const useId = (id: string, path: (string | number)[]) => {
    if (ids.has(id)) ctx.addIssue({ code: 'custom', message: FORM_BUILDER_MESSAGES.idsUnique, path });
    ids.add(id);
  };
  const existing = new Map<string, number>();
  const attributes = new Set<string>();
  layout.forEach((item, i) => {
    useId(item.id, [i, 'id']);
    if (item.type !== 'section') return;
    if (item.columns.length === 0)
      ctx.addIssue({
        code: 'custom',
        message: FORM_BUILDER_MESSAGES.sectionNeedsColumn,
        path: [i, 'columns'],
      });
    if (item.columns.length > FORM_BUILDER_MAX_COLUMNS)
      ctx.addIssue({ code: 'custom', message: FORM_BUILDER_MESSAGES.columnLimit, path: [i, 'columns'] });
    item.columns.forEach((column, j) => {
      useId(column.id, [i, 'columns', j, 'id']);
      column.controls.forEach((control, k) => {
        const base = [i, 'columns', j, 'controls', k];
        useId(control.id, [...base, 'id']);
        if (control.temporary)
          ctx.addIssue({
            code: 'custom',
            message: FORM_BUILDER_MESSAGES.temporaryControl,
            path: [...base, 'temporary'],
          });
        for (const [field, message] of Object.entries(controlIssues(control)))
          ctx.addIssue({ code: 'custom', message, path: [...base, ...field.split('.')] });
        if (control.system_type === 'existing') {
          existing.set(control.system_name, (existing.get(control.system_name) ?? 0) + 1);
          if (existing.get(control.system_name) === 2)
            ctx.addIssue({
              code: 'custom',
              message: FORM_BUILDER_MESSAGES.existingFieldTwice,
              path: [...base, 'system_name'],
            });
        } else if (control.custom_system_name) {
          if (attributes.has(control.custom_system_name))
            ctx.addIssue({
              code: 'custom',
              message: FORM_BUILDER_MESSAGES.attributeNameUnique,
              path: [...base, 'custom_system_name'],
            });
          attributes.add(control.custom_system_name);
        }
      });
    });
  });
  const missing = EXISTING_FIELD_NAMES.filter((name) => !existing.has(name));
  if (missing.length > 0)
    ctx.addIssue({
      code: 'custom',
      message: `${FORM_BUILDER_MESSAGES.existingFieldMissing} Missing: ${missing.map((n) => EXISTING_FIELDS[n].label).join(', ')}.`,
      path: [],
    });
}

/** A complete, saveable layout: every rule of document 2 sections 4 and 5 (form builder). */
export const FormLayoutSchema = z
  .array(LayoutItemSchema)
  .max(FORM_BUILDER_MAX_ITEMS)
  .superRefine((layout, ctx) => checkLayout(layout, ctx));

/** Layout problems as a flat list of { path, message } (for the builder's error summary). */
export function layoutIssues(layout: unknown): { path: string; message: string }[] {
  const result = FormLayoutSchema.safeParse(layout);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

// ---------------------------------------------------------------------------------------------
// The default layout (the built-in RxForm fields as existing controls)
// ---------------------------------------------------------------------------------------------

const existing = (name: ExistingFieldName): FormControl => ({
  id: `existing-${name}`,
  system_type: 'existing',
  system_name: name,
  custom_system_name: null,
  props: { label: EXISTING_FIELDS[name].label },
  rules: { required: false },
  fee_enabled: false,
  marker: null,
});

const section = (id: string, ...columns: ExistingFieldName[][]): FormSection => ({
  type: 'section',
  id,
  columns: columns.map((names, i) => ({ id: `${id}-column-${i + 1}`, controls: names.map(existing) })),
});

/** The layout every organization uses until the default is customized or the organization gets its own. */
export const DEFAULT_LAYOUT: FormLayout = [
  section(
    'section-patient',
    ['user_id', 'first_name', 'case_number_text'],
    ['location_id', 'last_name', 'intraoral_scan_date'],
  ),
  section('section-submission', ['submission_completed_by', 'rush_case'], ['scan_submission_type']),
  { type: 'divider', id: 'divider-1' },
  section(
    'section-case',
    ['rx_intraoral_photos', 'jaws_id', 'teeth'],
    ['export_type', 'custom_setup', 'root_integration_type'],
  ),
  section('section-brackets', ['bracket_libraries'], ['arch_wires']),
  { type: 'divider', id: 'divider-2' },
  section(
    'section-production',
    ['print_assignment', 'tray_design_assignment', 'insert_brackets_assignment'],
    ['shipping_location_id', 'shipping_method', 'bonding_date'],
  ),
  section('section-notes', ['special_instructions']),
];

// ---------------------------------------------------------------------------------------------
// Custom control values on the case form
// ---------------------------------------------------------------------------------------------

export const CustomFileValue = z.object({
  file_path: z.string().min(1).max(1024),
  name: z.string().min(1).max(255),
  tag: z.string().max(64).nullable().optional(),
});
export type CustomFileValue = z.infer<typeof CustomFileValue>;

/** The value type of one custom control on the case form (before the 'required' rule). */
export type CustomControlValue = string | string[] | number | CustomFileValue[] | null | undefined;

function controlValueSchema(control: FormControl): z.ZodType {
  const required = control.rules.required;
  const optionIds = (control.props.options ?? []).map((o) => o.id);
  switch (control.system_type) {
    case 'terms':
      // A terms control must be accepted (value 1), required or not.
      return z.union([z.literal(1), z.literal('1'), z.literal(true)], {
        error: FORM_BUILDER_MESSAGES.termsRequired,
      });
    case 'checkboxes': {
      const list = z.array(z.string().refine((id) => optionIds.includes(id), FORM_BUILDER_MESSAGES.required));
      return required ? list.min(1, FORM_BUILDER_MESSAGES.required) : list.optional().nullable();
    }
    case 'dropdown':
    case 'radios': {
      const one = z
        .string({ error: FORM_BUILDER_MESSAGES.required })
        .refine((id) => optionIds.includes(id), FORM_BUILDER_MESSAGES.required);
      return required ? one : z.union([one, z.literal(''), z.null(), z.undefined()]);
    }
    case 'file': {
      const files = z.array(CustomFileValue).max(FORM_BUILDER_MAX_FILES, FORM_BUILDER_MESSAGES.tooManyFiles);
      return required ? files.min(1, FORM_BUILDER_MESSAGES.required) : files.optional().nullable();
    }
    case 'text':
    case 'paragraph':
    default: {
      const isText = control.system_type === 'text';
      const text = z
        .string({ error: FORM_BUILDER_MESSAGES.required })
        .max(5000)
        .superRefine((v, ctx) => {
          const s = v.trim();
          if (required && s === '') ctx.addIssue({ code: 'custom', message: FORM_BUILDER_MESSAGES.required });
          else if (s !== '' && isText && control.props.type === 'email' && !z.email().safeParse(s).success)
            ctx.addIssue({ code: 'custom', message: 'Please enter a valid email address.' });
          else if (s !== '' && isText && control.props.type === 'number' && !/^-?\d+(\.\d+)?$/.test(s))
            ctx.addIssue({ code: 'custom', message: 'Please enter a valid number' });
        });
      const coerced = z.preprocess((v) => (typeof v === 'number' ? String(v) : v), text);
      return required ? coerced : z.preprocess((v) => (v === null ? undefined : v), coerced.optional());
    }
  }
}

/**
 * Validates the values of a layout's custom controls on the case form, keyed by custom_system_name:
 * required controls answer 'Required', a terms control must equal 1. Built-in fields are not part of it.
 * Use it with `.extend()`/`.and()` next to the RxForm schema, or alone on `custom_field_values`.
 */
export function customControlsSchema(layout: readonly LayoutItem[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const control of customControls(layout)) {
    if (!control.custom_system_name) continue;
    shape[control.custom_system_name] = controlValueSchema(control);
  }
  return z.object(shape);
}

/** Default form values of the custom controls (their `props.default`, terms unchecked). */
export function customControlDefaults(layout: readonly LayoutItem[]): Record<string, CustomControlValue> {
  const values: Record<string, CustomControlValue> = {};
  for (const control of customControls(layout)) {
    if (!control.custom_system_name) continue;
    const d = control.props.default;
    switch (control.system_type) {
      case 'checkboxes':
        values[control.custom_system_name] = Array.isArray(d) ? d : d ? [d] : [];
        break;
      case 'file':
        values[control.custom_system_name] = [];
        break;
      case 'terms':
        values[control.custom_system_name] = null;
        break;
      default:
        values[control.custom_system_name] = typeof d === 'string' ? d : '';
    }
  }
  return values;
}

/**
 * The markers a case earns from its custom control values: each chosen option's marker, and the
 * control's own marker when the control holds a value. Deduplicated by symbol and colour.
 */
export function markersFor(layout: readonly LayoutItem[], values: Record<string, unknown>): Marker[] {
  const out: Marker[] = [];
  const add = (m: Marker | null | undefined) => {
    if (m && !out.some((x) => x.symbol === m.symbol && x.color.toLowerCase() === m.color.toLowerCase()))
      out.push(m);
  };
  for (const control of customControls(layout)) {
    if (!control.custom_system_name || !supportsMarkers(control.system_type)) continue;
    const value = values[control.custom_system_name];
    const chosen = Array.isArray(value)
      ? value.map(String)
      : value == null || value === ''
        ? []
        : [String(value)];
    if (chosen.length === 0 || (control.system_type === 'terms' && !['1', 'true'].includes(chosen[0]!)))
      continue;
    add(control.marker);
    for (const option of control.props.options ?? []) if (chosen.includes(option.id)) add(option.marker);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// API: layouts
// ---------------------------------------------------------------------------------------------

/*
 * Response shapes: plain (no defaults, trims or preprocessing), since responses are encoded with
 * their schema and a one-way transform cannot be encoded. Stored layouts were validated on save.
 */
const MarkerOut = z.object({ symbol: z.string(), color: z.string() });
const ControlOut = z.object({
  id: z.string(),
  system_type: z.enum(CONTROL_SYSTEM_TYPES),
  system_name: z.string(),
  custom_system_name: z.string().nullable(),
  props: z.object({
    label: z.string(),
    type: z.enum(TEXT_INPUT_TYPES).optional(),
    options: z
      .array(z.object({ id: z.string(), name: z.string(), marker: MarkerOut.nullable().optional() }))
      .optional(),
    description: z.string().optional(),
    default: z.union([z.string(), z.array(z.string())]).optional(),
    info_link: z.string().optional(),
    info_link_text: z.string().optional(),
  }),
  rules: z.object({ required: z.boolean() }),
  fee_enabled: z.boolean(),
  marker: MarkerOut.nullable(),
  temporary: z.boolean().optional(),
});
const LayoutItemOut = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('section'),
    id: z.string(),
    columns: z.array(z.object({ id: z.string(), controls: z.array(ControlOut) })),
  }),
  z.object({ type: z.literal('divider'), id: z.string() }),
]);

export const FormBuilderLayout = z.object({
  /** null while the default layout has never been saved (the built-in DEFAULT_LAYOUT). */
  id: z.number().int().nullable(),
  /** null for the default layout. */
  organization_id: z.number().int().nullable(),
  /** True when this is the default layout (an organization without its own layout gets it). */
  is_default: z.boolean(),
  form_data: z.array(LayoutItemOut),
  updated_at: z.string().nullable(),
});
export type FormBuilderLayout = z.infer<typeof FormBuilderLayout>;

export const FormBuilderResponse = z.object({ form_builder: FormBuilderLayout });
export const FormBuilderSavedResponse = z.object({ form_builder: FormBuilderLayout, message: z.string() });

/**
 * POST /form-builder: organization_id null creates the default layout (when none is stored yet),
 * otherwise the organization's own layout; form_builder_id names the layout it was derived from.
 */
export const CreateFormBuilderRequest = z.object({
  organization_id: z.number({ error: FORM_BUILDER_MESSAGES.invalidOrganization }).int().positive().nullable(),
  form_builder_id: z.number().int().positive().nullable().optional(),
  form_data: FormLayoutSchema,
});
export type CreateFormBuilderRequest = z.input<typeof CreateFormBuilderRequest>;

/** PUT /form-builder/{id} */
export const UpdateFormBuilderRequest = z.object({ form_data: FormLayoutSchema });
export type UpdateFormBuilderRequest = z.input<typeof UpdateFormBuilderRequest>;

export const FormBuilderIdParams = z.object({ id: z.coerce.number().int().positive() });
export const FormBuilderOrganizationParams = z.object({ id: z.coerce.number().int().positive() });

// ---------------------------------------------------------------------------------------------
// API: RxForm preference of an organization
// ---------------------------------------------------------------------------------------------

/** 1 provider, 2 in-office, 3 third party (document 2 section 9). */
export const ASSIGNMENT_VALUES = [1, 2, 3] as const;
export type AssignmentValue = (typeof ASSIGNMENT_VALUES)[number];
export const ASSIGNMENT_LABELS: Record<AssignmentValue, string> = {
  1: 'Provider',
  2: 'In-Office',
  3: 'Third Party',
};
export const ASSIGNMENT_IN_OFFICE = 2;
export const ASSIGNMENT_THIRD_PARTY = 3;
/** DIBS viewer options: 1 Desktop, 4 Online. */
export const DIBS_OPTIONS = [1, 4] as const;
export type DibsOption = (typeof DIBS_OPTIONS)[number];
export const DIBS_OPTION_LABELS: Record<DibsOption, string> = { 1: 'Desktop', 4: 'Online' };

export const RX_FORM_PREFERENCE_MESSAGES = {
  saved: 'RxForm preference successfully saved.',
  assignmentRequired: 'Choose at least one option.',
  insertBrackets: 'The insert brackets assignment must be in-office or one of the print assignment options.',
  thirdPartyWithoutPartner: 'The third party option needs a third party partner for this organization.',
  dibsRequired: 'Choose at least one DIBS option.',
  unknownHiddenField: 'This field cannot be hidden.',
} as const;

const assignmentList = z
  .array(z.union([z.literal(1), z.literal(2), z.literal(3)]))
  .min(1, RX_FORM_PREFERENCE_MESSAGES.assignmentRequired)
  .max(3)
  .transform((list) => [...new Set(list)].sort());

/** The RxForm preference form (PUT body). */
export const RxFormPreferenceForm = z
  .object({
    initial_setup_assignments: assignmentList,
    print_assignments: assignmentList,
    insert_brackets_assignments: assignmentList,
    allowed_dibs_options: z
      .array(z.union([z.literal(1), z.literal(4)]))
      .min(1, RX_FORM_PREFERENCE_MESSAGES.dibsRequired)
      .max(2)
      .transform((list) => [...new Set(list)].sort((a, b) => a - b)),
    hidden_fields: z
      .array(
        z
          .string()
          .refine(
            (f) => (HIDEABLE_FIELDS as string[]).includes(f),
            RX_FORM_PREFERENCE_MESSAGES.unknownHiddenField,
          ),
      )
      .max(HIDEABLE_FIELDS.length)
      .transform((list) => [...new Set(list)]),
    rush_case_enabled: z.boolean(),
  })
  .superRefine((value, ctx) => {
    const problems = insertBracketsIssues(value.insert_brackets_assignments, value.print_assignments);
    if (problems)
      ctx.addIssue({
        code: 'custom',
        message: RX_FORM_PREFERENCE_MESSAGES.insertBrackets,
        path: ['insert_brackets_assignments'],
      });
  });
export type RxFormPreferenceForm = z.input<typeof RxFormPreferenceForm>;
export const UpdateRxFormPreferenceRequest = RxFormPreferenceForm;

/** True when an insert-brackets option is neither in-office nor among the print options. */
export function insertBracketsIssues(insert: readonly number[], print: readonly number[]): boolean {
  return insert.some((a) => a !== ASSIGNMENT_IN_OFFICE && !print.includes(a));
}

/** The assignment options offered: the third party one only when the organization has a partner. */
export function assignmentOptions(hasThirdPartyPartner: boolean): AssignmentValue[] {
  return hasThirdPartyPartner ? [1, 2, 3] : [1, 2];
}

/** The insert-brackets options an organization may offer: in-office and the print options. */
export function insertBracketsOptions(
  print: readonly number[],
  hasThirdPartyPartner: boolean,
): AssignmentValue[] {
  return assignmentOptions(hasThirdPartyPartner).filter(
    (a) => a === ASSIGNMENT_IN_OFFICE || print.includes(a),
  );
}

export const RxFormPreference = z.object({
  organization_id: z.number().int(),
  initial_setup_assignments: z.array(z.number().int()),
  print_assignments: z.array(z.number().int()),
  insert_brackets_assignments: z.array(z.number().int()),
  allowed_dibs_options: z.array(z.number().int()),
  hidden_fields: z.array(z.string()),
  rush_case_enabled: z.boolean(),
  updated_at: z.string().nullable(),
});
export type RxFormPreference = z.infer<typeof RxFormPreference>;

export const RxFormPreferenceMetadata = z.object({
  /** The built-in fields this organization may hide, with their labels. */
  hidden_fields: z.array(z.object({ name: z.string(), label: z.string() })),
  /** The organization's third party (lab) partner, if any. */
  third_party_partner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type RxFormPreferenceMetadata = z.infer<typeof RxFormPreferenceMetadata>;

/** GET /organizations/{id}/rx_form_preference */
export const RxFormPreferenceResponse = z.object({
  data: RxFormPreference,
  metadata: RxFormPreferenceMetadata,
});
export type RxFormPreferenceResponse = z.infer<typeof RxFormPreferenceResponse>;
/** PUT /organizations/{id}/rx_form_preference */
export const RxFormPreferenceSavedResponse = RxFormPreferenceResponse.extend({ message: z.string() });
export type RxFormPreferenceSavedResponse = z.infer<typeof RxFormPreferenceSavedResponse>;

/** Values of an organization without a stored preference row (the table's defaults). */
export const DEFAULT_RX_FORM_PREFERENCE = {
  initial_setup_assignments: [1],
  print_assignments: [1],
  insert_brackets_assignments: [1],
  allowed_dibs_options: [1],
  hidden_fields: [] as string[],
  rush_case_enabled: false,
};
