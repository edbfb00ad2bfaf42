import {
  CONTROL_TYPE_LABELS,
  FORM_BUILDER_MAX_COLUMNS,
  canRemoveColumn,
  canRemoveControl,
  canRemoveSection,
  hasOptions,
  layoutControls,
  type CustomControlType,
  type FormColumn,
  type FormControl,
  type FormLayout,
  type FormSection,
  type LayoutItem,
} from '@archline/contracts/form-builder';

/**
 * Pure edits of a form builder layout. Each returns a new layout (the input is never changed), or
 * the same layout when the edit is not allowed by the builder rules.
 */

let counter = 0;
/** A new item id: unique within the page and across saves. */
export function newId(prefix: string): string {
  counter += 1;
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID().slice(0, 8)
      : Math.random().toString(36).slice(2, 10);
  return `${prefix}-${random}${counter}`;
}

function arrayMove<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  if (from < 0 || from >= copy.length || to < 0 || to >= copy.length) return copy;
  const [moved] = copy.splice(from, 1);
  copy.splice(to, 0, moved as T);
  return copy;
}

function mapSections(layout: FormLayout, fn: (section: FormSection) => FormSection): FormLayout {
  return layout.map((item) => (item.type === 'section' ? fn(item) : item));
}

function mapColumns(layout: FormLayout, fn: (column: FormColumn) => FormColumn): FormLayout {
  return mapSections(layout, (s) => ({ ...s, columns: s.columns.map(fn) }));
}

export function newColumn(): FormColumn {
  return { id: newId('column'), controls: [] };
}

export function addSection(layout: FormLayout): FormLayout {
  return [...layout, { type: 'section', id: newId('section'), columns: [newColumn()] }];
}

export function addDivider(layout: FormLayout): FormLayout {
  return [...layout, { type: 'divider', id: newId('divider') }];
}

export function removeItem(layout: FormLayout, itemId: string): FormLayout {
  const item = layout.find((i) => i.id === itemId);
  if (!item || (item.type === 'section' && !canRemoveSection(item))) return layout;
  return layout.filter((i) => i.id !== itemId);
}

export function moveItem(layout: FormLayout, itemId: string, toIndex: number): FormLayout {
  return arrayMove(
    layout,
    layout.findIndex((i) => i.id === itemId),
    toIndex,
  );
}

export function addColumn(layout: FormLayout, sectionId: string): FormLayout {
  return mapSections(layout, (s) =>
    s.id === sectionId && s.columns.length < FORM_BUILDER_MAX_COLUMNS
      ? { ...s, columns: [...s.columns, newColumn()] }
      : s,
  );
}

export function removeColumn(layout: FormLayout, sectionId: string, columnId: string): FormLayout {
  return mapSections(layout, (s) =>
    s.id === sectionId && canRemoveColumn(s, columnId)
      ? { ...s, columns: s.columns.filter((c) => c.id !== columnId) }
      : s,
  );
}

export function moveColumn(
  layout: FormLayout,
  sectionId: string,
  columnId: string,
  toIndex: number,
): FormLayout {
  return mapSections(layout, (s) =>
    s.id === sectionId
      ? {
          ...s,
          columns: arrayMove(
            s.columns,
            s.columns.findIndex((c) => c.id === columnId),
            toIndex,
          ),
        }
      : s,
  );
}

/** Where a control sits: its section, column and index. */
export function locateControl(layout: FormLayout, controlId: string) {
  for (const item of layout) {
    if (item.type !== 'section') continue;
    for (const column of item.columns) {
      const index = column.controls.findIndex((c) => c.id === controlId);
      if (index >= 0) return { section: item, column, index };
    }
  }
  return null;
}

export function findColumn(layout: FormLayout, columnId: string) {
  for (const item of layout) {
    if (item.type !== 'section') continue;
    const column = item.columns.find((c) => c.id === columnId);
    if (column) return { section: item, column };
  }
  return null;
}

/** A new custom control, flagged temporary until its settings are saved. */
export function newControl(type: CustomControlType, layout: FormLayout): FormControl {
  const taken = new Set(layoutControls(layout).map((c) => c.custom_system_name));
  let n = 1;
  while (taken.has(`${type}_${n}`)) n += 1;
  return {
    id: newId('control'),
    system_type: type,
    system_name: type,
    custom_system_name: `${type}_${n}`,
    props: {
      label: '',
      ...(type === 'text' ? { type: 'text' as const } : {}),
      ...(hasOptions(type) ? { options: [] } : {}),
      ...(type === 'terms' ? { label: CONTROL_TYPE_LABELS.terms } : {}),
    },
    rules: { required: false },
    fee_enabled: false,
    marker: null,
    temporary: true,
  };
}

export function insertControl(layout: FormLayout, columnId: string, control: FormControl): FormLayout {
  return mapColumns(layout, (c) => (c.id === columnId ? { ...c, controls: [...c.controls, control] } : c));
}

export function replaceControl(layout: FormLayout, control: FormControl): FormLayout {
  return mapColumns(layout, (c) => ({
    ...c,
    controls: c.controls.map((x) => (x.id === control.id ? control : x)),
  }));
}

/** Removes a custom control (built-in fields stay). */
export function removeControl(layout: FormLayout, controlId: string): FormLayout {
  const found = locateControl(layout, controlId);
  if (!found || !canRemoveControl(found.column.controls[found.index]!)) return layout;
  return mapColumns(layout, (c) => ({ ...c, controls: c.controls.filter((x) => x.id !== controlId) }));
}

/** Moves a control to a position of any column (the same or another). */
export function moveControl(
  layout: FormLayout,
  controlId: string,
  toColumnId: string,
  toIndex: number,
): FormLayout {
  const found = locateControl(layout, controlId);
  if (!found || !findColumn(layout, toColumnId)) return layout;
  const control = found.column.controls[found.index]!;
  const without = mapColumns(layout, (c) => ({
    ...c,
    controls: c.controls.filter((x) => x.id !== controlId),
  }));
  return mapColumns(without, (c) => {
    if (c.id !== toColumnId) return c;
    const controls = [...c.controls];
    controls.splice(Math.max(0, Math.min(toIndex, controls.length)), 0, control);
    return { ...c, controls };
  });
}

/**
 * Moves a control one step up or down: within its column, then across to the end of the previous
 * column (or the start of the next one), so the buttons reach every position a drag can.
 */
export function stepControl(layout: FormLayout, controlId: string, direction: -1 | 1): FormLayout {
  const found = locateControl(layout, controlId);
  if (!found) return layout;
  const target = found.index + direction;
  if (target >= 0 && target < found.column.controls.length)
    return moveControl(layout, controlId, found.column.id, target);
  const columns = allColumns(layout);
  const at = columns.findIndex((c) => c.id === found.column.id);
  const next = columns[at + direction];
  if (!next) return layout;
  return moveControl(layout, controlId, next.id, direction === -1 ? next.controls.length : 0);
}

export function allColumns(layout: FormLayout): FormColumn[] {
  return layout.flatMap((i: LayoutItem) => (i.type === 'section' ? i.columns : []));
}
