import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText, storableText, unstorableTextMessage } from './text.ts';

describe('storable text', () => {
  it('refuses NUL and unpaired surrogates, keeps paired ones', () => {
    expect(isStorableText('plain text, accents é and emoji 😀')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\ud800')).toBe(false);
    expect(isStorableText('x\udc00')).toBe(false);
    expect(isStorableText('\ud83d\ude00')).toBe(true);
    expect(isStorableText('\ude00\ud83d')).toBe(false);
    expect(storableText().safeParse('a\u0000').success).toBe(false);
  });

  it('names every offending field by its dotted path, keys included', () => {
    expect(findUnstorableText({ a: 'ok', b: { c: ['x', 'y\u0000'] }, d: '\ud800' })).toEqual(['b.c.1', 'd']);
    expect(findUnstorableText('\u0000')).toEqual(['_']);
    expect(findUnstorableText({ 'k\u0000': 1 })).toEqual(['k\ufffd']);
    expect(findUnstorableText({ a: 1, b: null, c: true })).toEqual([]);
  });

  it('walks deep values without recursion', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toHaveLength(1);
  });

  it('says which field', () => {
    expect(unstorableTextMessage('first_name')).toBe(
      'The first name field contains a character that is not allowed.',
    );
    expect(unstorableTextMessage('items.0')).toBe('This field contains a character that is not allowed.');
  });
});
