import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LAYOUT,
  FORM_BUILDER_MAX_COLUMNS,
  layoutIssues,
  type FormLayout,
  type FormSection,
} from '@archline/contracts/form-builder';
import {
  addColumn,
  addDivider,
  addSection,
  insertControl,
  locateControl,
  moveControl,
  moveItem,
  newControl,
  removeColumn,
  removeControl,
  removeItem,
  replaceControl,
  stepControl,
} from './layout-editing.ts';

const section = (layout: FormLayout, index: number) => layout[index] as FormSection;

describe('layout edits', () => {
  it('adds a section with one column and a divider; a new empty section can be removed', () => {
    let layout = addDivider(addSection(DEFAULT_LAYOUT));
    expect(layout).toHaveLength(DEFAULT_LAYOUT.length + 2);
    const added = section(layout, DEFAULT_LAYOUT.length);
    expect(added.columns).toHaveLength(1);
    layout = removeItem(layout, added.id);
    expect(layout).toHaveLength(DEFAULT_LAYOUT.length + 1);
    expect(layoutIssues(layout)).toEqual([]);
  });

  it('keeps sections and columns with built-in fields', () => {
    const first = section(DEFAULT_LAYOUT, 0);
    expect(removeItem(DEFAULT_LAYOUT, first.id)).toBe(DEFAULT_LAYOUT);
    expect(removeColumn(DEFAULT_LAYOUT, first.id, first.columns[0]!.id)).toEqual(DEFAULT_LAYOUT);
    expect(removeControl(DEFAULT_LAYOUT, first.columns[0]!.controls[0]!.id)).toBe(DEFAULT_LAYOUT);
  });

  it('adds columns up to the limit and removes an empty one, never the last', () => {
    let layout = addSection(DEFAULT_LAYOUT);
    const id = section(layout, layout.length - 1).id;
    for (let i = 0; i < 6; i += 1) layout = addColumn(layout, id);
    expect(section(layout, layout.length - 1).columns).toHaveLength(FORM_BUILDER_MAX_COLUMNS);
    for (const column of section(layout, layout.length - 1).columns)
      layout = removeColumn(layout, id, column.id);
    expect(section(layout, layout.length - 1).columns).toHaveLength(1);
  });

  it('a new control is temporary with a unique attribute name; saved, moved and deleted', () => {
    let layout = addSection(DEFAULT_LAYOUT);
    const column = section(layout, layout.length - 1).columns[0]!;
    const a = newControl('dropdown', layout);
    layout = insertControl(layout, column.id, {
      ...a,
      temporary: false,
      props: { label: 'A', options: [{ id: 'o', name: 'O' }] },
    });
    const b = newControl('dropdown', layout);
    expect(a.temporary).toBe(true);
    expect(b.custom_system_name).not.toBe(a.custom_system_name);
    layout = insertControl(layout, column.id, b);
    layout = replaceControl(layout, {
      ...b,
      temporary: false,
      props: { label: 'B', options: [{ id: 'p', name: 'P' }] },
    });
    expect(layoutIssues(layout)).toEqual([]);
    layout = moveControl(layout, b.id, column.id, 0);
    expect(locateControl(layout, b.id)?.index).toBe(0);
    // Stepping up from the top of a column goes to the end of the previous column.
    layout = stepControl(layout, b.id, -1);
    const prev = section(layout, layout.length - 2);
    expect(locateControl(layout, b.id)?.column.id).toBe(prev.columns[prev.columns.length - 1]!.id);
    layout = stepControl(layout, b.id, 1);
    expect(locateControl(layout, b.id)?.column.id).toBe(column.id);
    layout = removeControl(layout, b.id);
    expect(locateControl(layout, b.id)).toBeNull();
  });

  it('moves sections and dividers', () => {
    const moved = moveItem(DEFAULT_LAYOUT, 'divider-1', 0);
    expect(moved[0]!.id).toBe('divider-1');
    expect(layoutIssues(moved)).toEqual([]);
  });
});
