/**
 * Text the labels' built-in fonts can draw. The PDFs use the standard Helvetica faces (no font
 * file, nothing to load), whose encoding is Windows-1252: Latin-1 plus a few typographic marks.
 * Anything else (CJK, Cyrillic, emoji, ...) would corrupt the page, so `printable` folds it first:
 * letters with accents outside the set lose them ('ő' -> 'o', 'Ł' -> 'L', 'ﬁ' -> 'fi', 'Ａ' -> 'A'),
 * and every other character (one user-perceived character, so an emoji sequence counts once)
 * becomes '?'.
 */

/** The characters of Windows-1252's 0x80-0x9F row, which Latin-1 lacks. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Letters and marks outside the set that no decomposition folds, drawn as their look-alike. */
const LOOK_ALIKES: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
  '\u2010': '-', // hyphen
  '\u2011': '-', // non-breaking hyphen
  '\u2012': '–', // figure dash
  '\u2015': '—', // horizontal bar
  '\u2032': "'", // prime
  '\u2033': '"', // double prime
  '\u2044': '/', // fraction slash
  '\u2212': '-', // minus sign
};

export const REPLACEMENT = '?';

function drawableCodePoint(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char);
}

function drawable(text: string): boolean {
  for (const char of text) if (!drawableCodePoint(char)) return false;
  return true;
}

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

function foldGrapheme(grapheme: string): string {
  if (/^\s+$/u.test(grapheme)) return ' ';
  // Control and format characters (zero-width joiners, direction marks, BOM) draw nothing.
  const visible = grapheme.replace(/[\p{Cc}\p{Cf}]/gu, '');
  if (visible === '') return '';
  const composed = visible.normalize('NFC');
  if (drawable(composed)) return composed;
  const lookAlike = LOOK_ALIKES[composed];
  if (lookAlike !== undefined) return lookAlike;
  const folded = composed.normalize('NFKD').replace(/\p{M}/gu, '');
  if (folded !== '' && drawable(folded)) return folded;
  return REPLACEMENT;
}

/**
 * One line of text the standard fonts can draw: folded as described above, whitespace (line
 * breaks included) collapsed to single spaces, trimmed.
 */
export function printable(text: string): string {
  let out = '';
  for (const { segment } of segmenter.segment(text)) out += foldGrapheme(segment);
  return out.replace(/ {2,}/g, ' ').trim();
}
