import pg from 'pg';

/**
 * The SQL texts sent to the database (through pg, PostgreSQL or PGlite alike) while `run` runs, in
 * order: for tests that hold a request to its number of statements.
 */
export async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const original = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
    const first = a[0] as string | { text: string };
    statements.push(typeof first === 'string' ? first : first.text);
    return original.apply(this, a);
  } as typeof pg.Client.prototype.query;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original as typeof pg.Client.prototype.query;
  }
  return statements;
}
