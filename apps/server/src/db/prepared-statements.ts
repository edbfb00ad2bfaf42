import crypto from 'node:crypto';
import pg from 'pg';

/**
 * Statements the server sends again and again (resolving a bearer token, a patient list page, an
 * audit row) go to PostgreSQL as named prepared statements: each connection parses and analyzes
 * the text once and, where PostgreSQL finds a generic plan as good as a fresh one, plans it once.
 * A text becomes a prepared statement the second time this process sends it; at most
 * MAX_PREPARED distinct texts are ever prepared, so statements whose text varies (a long IN list)
 * cannot grow the connections' plan caches without bound. Statements outside this set, and any
 * call other than (text, values), go through unchanged.
 */
export const MAX_PREPARED = 500;
const MAX_TRACKED = 5000;
const PREPARABLE = /^\s*(select|with|insert|update|delete)\b/i;

/** text → its statement name once prepared, or `true` once seen a first time. */
const statements = new Map<string, string | true>();
let prepared = 0;

/** The statement name for a text, or undefined while it should still go unnamed. */
export function statementName(text: string): string | undefined {
  const known = statements.get(text);
  if (typeof known === 'string') return known;
  if (prepared >= MAX_PREPARED || !PREPARABLE.test(text)) return undefined;
  if (known === undefined) {
    if (statements.size < MAX_TRACKED) statements.set(text, true);
    return undefined;
  }
  const name = `s_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  statements.set(text, name);
  prepared++;
  return name;
}

type Query = (...args: unknown[]) => unknown;

/** A pg client that names the statements it is asked for (text, values) once they repeat. */
export class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
      const name = statementName(text);
      if (name) return (super.query as Query)({ name, text, values }) as never;
    }
    return (super.query as Query).apply(this, args) as never;
  }
}
