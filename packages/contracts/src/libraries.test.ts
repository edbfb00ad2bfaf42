import { describe, expect, it } from 'vitest';
import {
  BRACKET_TEETH,
  CUSTOM_SET_MESSAGES,
  CustomBracketSetRequest,
  customSetDisplayName,
  isToothCode,
  isValidHeight,
  parseHeight,
  LIBRARY_MESSAGES,
  LibraryLocationField,
  UpdateBracketInventoryRequest,
  addFileRefusal,
  anyLowStock,
  belowZeroTeeth,
  clampIncrement,
  fullStock,
  inventoryChanges,
  inventoryDirty,
  isLowStock,
  libraryColor,
  locationError,
  needsReason,
  newlyLowTeeth,
  toothCode,
  toothName,
  uploadDialogCanSave,
} from './libraries.ts';

describe('bracket teeth', () => {
  it('lists UR1-8, UL1-8, LR1-8, LL1-8 and maps them to quadrant codes', () => {
    expect(BRACKET_TEETH).toHaveLength(32);
    expect(BRACKET_TEETH.slice(0, 2)).toEqual(['UR1', 'UR2']);
    expect(BRACKET_TEETH.at(-1)).toBe('LL8');
    expect([toothCode('UR1'), toothCode('UL8'), toothCode('LR3'), toothCode('LL8')]).toEqual([
      11, 28, 33, 48,
    ]);
    expect(BRACKET_TEETH.every((t) => toothName(toothCode(t)) === t)).toBe(true);
    expect(() => toothCode('UX1')).toThrow();
    expect(() => toothName(19)).toThrow();
  });
});

describe('inventory arithmetic', () => {
  it('is low when the threshold is above 0 and available plus increment is at or below it', () => {
    expect(isLowStock({ available: 5, increment: 0 }, 0)).toBe(false);
    expect(isLowStock({ available: 0, increment: 0 }, 0)).toBe(false);
    expect(isLowStock({ available: 5, increment: 0 }, 5)).toBe(true);
    expect(isLowStock({ available: 6, increment: -1 }, 5)).toBe(true);
    expect(isLowStock({ available: 4, increment: 2 }, 5)).toBe(false);
    expect(
      anyLowStock(
        [
          { available: 9, increment: 0 },
          { available: 1, increment: 0 },
        ],
        2,
      ),
    ).toBe(true);
  });

  it('never lets a total go below zero', () => {
    expect(belowZeroTeeth([{ tooth_number: 'UR1', available: 2, increment: -3 }])).toEqual(['UR1']);
    expect(belowZeroTeeth([{ tooth_number: 'UR1', available: 2, increment: -2 }])).toEqual([]);
    expect(clampIncrement(2, -5)).toBe(-2);
    expect(clampIncrement(2, 3)).toBe(3);
  });

  it('asks for a reason when any increment is non-zero; dirty with a changed threshold too', () => {
    expect(needsReason([{ increment: 0 }, { increment: 0 }])).toBe(false);
    expect(needsReason([{ increment: 0 }, { increment: -1 }])).toBe(true);
    expect(inventoryDirty([{ increment: 0 }], 3, 3)).toBe(false);
    expect(inventoryDirty([{ increment: 0 }], 4, 3)).toBe(true);
    const parsed = UpdateBracketInventoryRequest.safeParse({
      stocks: [{ tooth_number: 'UR1', increment: 2 }],
      low_stock_threshold: 0,
      reason: '  ',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(LIBRARY_MESSAGES.reasonRequired);
    expect(UpdateBracketInventoryRequest.safeParse({ stocks: [], low_stock_threshold: 4 }).success).toBe(
      true,
    );
    expect(UpdateBracketInventoryRequest.safeParse({ stocks: [], low_stock_threshold: -1 }).success).toBe(
      false,
    );
  });

  it('fills every tooth and lists only the teeth that changed', () => {
    const stock = fullStock([{ tooth_number: 'UL2', available: 7 }]);
    expect(stock).toHaveLength(32);
    expect(stock.find((s) => s.tooth_number === 'UL2')).toEqual({
      tooth_number: 'UL2',
      available: 7,
      increment: 0,
    });
    const before = new Map([
      ['UR1', 5],
      ['UR2', 3],
    ]);
    const after = new Map([
      ['UR1', 8],
      ['UR2', 3],
      ['LL8', 1],
    ]);
    expect(inventoryChanges(before, after)).toEqual([
      { tooth_number: 'UR1', before: 5, after: 8, diff: 3 },
      { tooth_number: 'LL8', before: 0, after: 1, diff: 1 },
    ]);
  });

  it('reports a tooth falling low once per crossing', () => {
    const full = (n: number) => new Map(BRACKET_TEETH.map((t) => [t, n]));
    const a = full(10);
    const b = new Map(a).set('UR1', 2);
    expect(newlyLowTeeth(a, 3, b, 3)).toEqual(['UR1']);
    // Still low: quiet.
    expect(newlyLowTeeth(b, 3, new Map(b).set('UR1', 1), 3)).toEqual([]);
    // Back above, then low again: a new crossing.
    const up = new Map(b).set('UR1', 9);
    expect(newlyLowTeeth(up, 3, new Map(up).set('UR1', 3), 3)).toEqual(['UR1']);
    // Raising the threshold makes every tooth cross.
    expect(newlyLowTeeth(a, 0, a, 10)).toHaveLength(32);
    expect(newlyLowTeeth(a, 10, a, 10)).toEqual([]);
  });
});

describe('shelf, row and column', () => {
  it('accepts letters, numbers and + , - &; empty is null', () => {
    expect(LibraryLocationField.parse('A-1,B+2&C')).toBe('A-1,B+2&C');
    expect(LibraryLocationField.parse('')).toBeNull();
    expect(LibraryLocationField.parse('  ')).toBeNull();
    expect(LibraryLocationField.parse(null)).toBeNull();
    const bad = LibraryLocationField.safeParse('A 1');
    expect(bad.error?.issues[0]?.message).toBe('Only letters, numbers, and +,-,&,, characters are allowed');
    expect(LibraryLocationField.safeParse('a'.repeat(256)).success).toBe(false);
    expect(locationError('x!')).toBe(LIBRARY_MESSAGES.location);
    expect(locationError('')).toBeNull();
  });
});

describe('upload dialog', () => {
  it('refuses a name already listed, an existing library and an eleventh file', () => {
    expect(addFileRefusal('a.zip', [{ name: 'A.zip', state: 'done' }], [], 'bracket')).toBe(
      '"a.zip" file is already on the list.',
    );
    expect(addFileRefusal('a.zip', [{ name: 'a.zip', state: 'removed' }], [], 'bracket')).toBeNull();
    expect(addFileRefusal('b.zip', [], ['B.ZIP'], 'bracket')).toBe(
      'A similar bracket library named "b.zip" already exists.',
    );
    expect(addFileRefusal('w.stl', [], ['w.stl'], 'arch-wire')).toBe(
      'A similar arch-wire library named "w.stl" already exists.',
    );
    const ten = Array.from({ length: 10 }, (_, i) => ({ name: `${i}.zip`, state: 'ready' as const }));
    expect(addFileRefusal('x.zip', ten, [], 'bracket')).toBe(LIBRARY_MESSAGES.tooManyFiles);
  });

  it('disables Save while uploading and until a file is done', () => {
    expect(uploadDialogCanSave([])).toBe(false);
    expect(uploadDialogCanSave([{ state: 'done' }, { state: 'uploading' }])).toBe(false);
    expect(uploadDialogCanSave([{ state: 'done' }, { state: 'aborted' }])).toBe(true);
  });

  it('cycles 12 palette colours', () => {
    expect(libraryColor(0)).toBe(libraryColor(12));
    expect(new Set(Array.from({ length: 12 }, (_, i) => libraryColor(i))).size).toBe(12);
  });
});

describe('custom bracket sets', () => {
  it('accepts heights of 0.9 to 9.0 with one decimal, or none', () => {
    for (const h of [0.9, 1, 4.5, 9, null]) expect(isValidHeight(h)).toBe(true);
    for (const h of [0.8, 9.1, 4.55, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(isValidHeight(h)).toBe(false);
  });

  it("reads the form's height text", () => {
    expect(parseHeight('')).toBeNull();
    expect(parseHeight(' 4.5 ')).toBe(4.5);
    expect(parseHeight('4,5')).toBeNaN();
    expect(parseHeight('abc')).toBeNaN();
  });

  it('knows the tooth codes of the four quadrants', () => {
    expect([11, 18, 21, 38, 48].every(isToothCode)).toBe(true);
    expect([0, 10, 19, 49, 51, 11.5].some(isToothCode)).toBe(false);
  });

  it('cuts set names after 30 characters in lists', () => {
    expect(customSetDisplayName('Short')).toBe('Short');
    expect(customSetDisplayName('x'.repeat(31))).toBe(`${'x'.repeat(30)}…`);
  });

  it('names the required name, its length, the teeth and a tooth twice', () => {
    const issues = (v: unknown) =>
      CustomBracketSetRequest.safeParse(v).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ??
      [];
    expect(issues({ name: '', teeth: [] })).toEqual([
      `name: ${CUSTOM_SET_MESSAGES.nameRequired}`,
      `teeth: ${CUSTOM_SET_MESSAGES.teethRequired}`,
    ]);
    expect(issues({ name: 'ab', teeth: [{ tooth_number: 11, bracket_library_id: 1 }] })).toEqual([
      `name: ${CUSTOM_SET_MESSAGES.nameTooShort}`,
    ]);
    expect(
      issues({
        name: 'Twice',
        teeth: [
          { tooth_number: 11, bracket_library_id: 1 },
          { tooth_number: 11, bracket_library_id: 2 },
        ],
      }),
    ).toEqual([`teeth: ${CUSTOM_SET_MESSAGES.toothTwice}`]);
  });
});
