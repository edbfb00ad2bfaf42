import { z } from 'zod';

/**
 * Text PostgreSQL can store: no NUL character (a text column refuses it) and no unpaired UTF-16
 * surrogate (it has no UTF-8 form, and jsonb refuses its escape). The API checks every string of
 * every request (path, query and body, keys included) against this rule once, before validation,
 * so such a value answers 400 naming the field instead of failing in the database.
 */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// eslint-disable-next-line no-control-regex
const UNSTORABLE_ALL = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export const UNSTORABLE_TEXT_MESSAGE = 'This field contains a character that is not allowed.';

/** The message naming the field ('first_name' -> 'The first name field contains ...'). */
export function unstorableTextMessage(field: string): string {
  const name = field.split('.').at(-1) ?? field;
  if (!name || name === '_' || /^\d+$/.test(name)) return UNSTORABLE_TEXT_MESSAGE;
  return `The ${name.replace(/_/g, ' ')} field contains a character that is not allowed.`;
}

/** True when PostgreSQL can store the string as text (and in jsonb). */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** A zod string that refuses NUL and unpaired surrogates (for forms; the API checks every input). */
export const storableText = () => z.string().refine(isStorableText, { error: UNSTORABLE_TEXT_MESSAGE });

/**
 * The fields of a parsed request value (object, array or string) holding text PostgreSQL cannot
 * store, as dotted paths ('items.0.name'; '_' for the value itself), at most `limit` of them. Keys
 * count as text: a bad key is reported with its bad characters shown as U+FFFD. Iterative, so a
 * deeply nested body cannot exhaust the stack.
 */
export function findUnstorableText(value: unknown, limit = 20): string[] {
  const found: string[] = [];
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  const at = (path: string, key: string) => {
    const k = UNSTORABLE.test(key) ? key.replace(UNSTORABLE_ALL, '\ufffd') : key;
    return path ? `${path}.${k}` : k;
  };
  while (stack.length && found.length < limit) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (UNSTORABLE.test(v)) found.push(path || '_');
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: at(path, String(i)) });
    } else if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v)) {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        if (UNSTORABLE.test(key)) found.push(at(path, key));
        stack.push({ value: (v as Record<string, unknown>)[key], path: at(path, key) });
      }
    }
  }
  return found.slice(0, limit);
}
