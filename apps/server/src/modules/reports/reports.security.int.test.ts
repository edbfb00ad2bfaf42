import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsFor } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { buildOrganization, buildPatient } from '../../db/seed/factories.ts';
import { exportReport } from './service.ts';

/**
 * Hostile input to the reports. Tenant isolation is not at stake here: only super admins export,
 * and a report covers every organization by design (there is no "another organization's data" to
 * leak), so these tests are about what goes into the file, the URL, the range and the stream.
 */

type H = { authorization: string };
let t: TestApp;
let superAdmin: H;
let actor: Actor;
const RANGE = { date_from: '2026-03-01', date_to: '2026-03-31', time_zone: 'UTC' };
const url = (report: string) => `${API}/export-reports/${report}`;
const exportCsv = (report: string, body: Record<string, unknown> = RANGE) =>
  t.app.inject({ method: 'POST', url: url(report), headers: superAdmin, payload: body });

const HOSTILE = [
  `=cmd|' /C calc'!A0`,
  '+SUM(1,2)',
  '-2+3',
  '@SUM(A1)',
  '\t=1+1',
  '\r=1+1',
  `Robert'); DROP TABLE patients;--`,
  'Quote "inside", comma',
  'Line one\r\nline two',
  'Ünïcödé 日本語 ✓',
];

/** What a spreadsheet shows for a hostile value: formula starts get an apostrophe, the rest is verbatim. */
const guarded = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

beforeAll(async () => {
  t = await createTestApp();
  const sa = await givenUser(t, { roles: ['super_admin'] });
  superAdmin = bearer(await tokenFor(t, sa.id, { management: true }));
  actor = {
    userId: sa.id,
    email: sa.email,
    firstName: sa.first_name,
    lastName: sa.last_name,
    roles: ['super_admin'],
    profile: 'management',
    tokenId: 0,
    currentOrganizationId: null,
    organizationRole: null,
    organizationIds: [],
    permissions: permissionsFor({ roles: ['super_admin'] }),
  };
  const org = await buildOrganization(t.db, { name: '=HYPERLINK("http://evil.example","click")' });
  const doctor = await givenUser(t, { first_name: '@doctor', last_name: '-minus' });
  for (const [i, name] of HOSTILE.entries()) {
    await buildPatient(t.db, {
      organization_id: org.id,
      user_id: doctor.id,
      first_name: name,
      last_name: 'X',
      case_number_text: name,
      deleted_at: new Date(Date.UTC(2026, 2, 10, 12, i)),
      deleted_kind: 'deleted',
      archived_reason: name,
    });
  }
  // Enough finished steps (about 1.5 MB of CSV) that a reader who stops reading holds the export.
  const p = await buildPatient(t.db, { organization_id: org.id, user_id: doctor.id });
  await sql`
    with w as (insert into tech_workflows (type, patient_id) values ('initial_case_setup', ${p.id}) returning id)
    insert into tech_workflow_processes (tech_workflow_id, step, process, status, started_at, finished_at)
    select w.id, g, 'S' || repeat('x', 90), 'COMPLETED',
      timestamptz '2026-03-05 00:00Z' + g * interval '1 second',
      timestamptz '2026-03-05 00:00Z' + g * interval '1 second' + interval '10 minutes'
    from w, generate_series(1, 8000) g`.execute(t.db);
});
afterAll(() => t?.close());

describe('hostile text in the data', () => {
  it('is quoted per RFC 4180 and formula starts are neutralized; a CSV parser reads every value back', async () => {
    const res = await exportCsv('deleted-cases');
    expect(res.statusCode).toBe(200);
    const rows = parse(res.body, { bom: true }) as string[][];
    const body = rows.slice(1);
    expect(body).toHaveLength(HOSTILE.length);
    for (const [i, name] of HOSTILE.entries()) {
      const row = body[i]!;
      expect(row[1]).toBe(`${guarded(name)} X`);
      expect(row[2]).toBe(guarded(name));
      expect(row[3]).toBe(`'=HYPERLINK("http://evil.example","click")`);
      expect(row[5]).toBe("'@doctor -minus");
      expect(row[8]).toBe(guarded(name));
    }
    // No cell of the whole file starts with a formula character.
    for (const row of body) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('a SQL-looking name is only text: the tables are intact', async () => {
    const { count } = await t.db
      .selectFrom('patients')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(HOSTILE.length + 1);
  });
});

describe('tricks in the report name', () => {
  it.each([
    ['..%2Fusers', 404],
    ['%2e%2e%2fusers', 404],
    ['technicians%2F..%2Finvoices', 404],
    ['TECHNICIANS', 404],
    ['technicians.csv', 404],
    ['__proto__', 404],
    ['constructor', 404],
    ['toString', 404],
    ['x'.repeat(90), 404],
    // Refused by the framework before the route: a NUL byte, a name longer than a path segment may be.
    ['technicians%00', 400],
    ['x'.repeat(3000), 414],
  ] as const)('%s answers %i and no file', async (name, status) => {
    const res = await exportCsv(name);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.headers['content-type']).not.toMatch(/text\/csv/);
  });

  it('a path that leaves the route is simply another route', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/export-reports/../users`,
      headers: superAdmin,
      payload: RANGE,
    });
    expect(res.headers['content-type']).not.toMatch(/text\/csv/);
  });

  it('the file name only ever comes from the known report and the validated dates', async () => {
    const res = await exportCsv('deleted-cases', { ...RANGE, date_from: '2026-03-01"; x="' });
    expect(res.statusCode).toBe(400);
    const ok = await exportCsv('deleted-cases');
    expect(ok.headers['content-disposition']).toBe(
      'attachment; filename="deleted-cases-2026-03-01-2026-03-31.csv"',
    );
  });
});

describe('ranges and bodies', () => {
  it('the widest range (1900 to 9999) streams every row', async () => {
    const res = await exportCsv('deleted-cases', { date_from: '1900-01-01', date_to: '9999-12-31' });
    expect(res.statusCode).toBe(200);
    expect((parse(res.body, { bom: true }) as string[][]).length).toBe(HOSTILE.length + 1);
  });

  it('extra and prototype keys in the body change nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url('deleted-cases'),
      headers: { ...superAdmin, 'content-type': 'application/json' },
      payload: JSON.stringify({
        ...RANGE,
        __proto__: { date_from: '1900-01-01' },
        report: 'invoices',
        limit: 1,
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('deleted-cases-2026-03-01');
  });

  it('a time zone that is not one is refused, not interpolated', async () => {
    const res = await exportCsv('deleted-cases', { ...RANGE, time_zone: `UTC' || pg_sleep(5) || '` });
    expect(res.statusCode).toBe(400);
  });
});

async function drain(stream: Readable): Promise<{ text: string; error: Error | null }> {
  let text = '';
  try {
    for await (const chunk of stream) text += String(chunk);
    return { text, error: null };
  } catch (error) {
    return { text, error: error as Error };
  }
}

/** Makes any connection taken from the pool fail its nth FETCH (until restored). */
function failNthFetch(pool: pg.Pool, n: number): () => void {
  const original = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const patched = async () => {
    const client = await original();
    const query = client.query.bind(client) as (...a: unknown[]) => Promise<unknown>;
    let fetches = 0;
    (client as unknown as { query: unknown }).query = async (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].startsWith('fetch') && ++fetches === n)
        throw new Error('connection lost');
      return query(...args);
    };
    const release = client.release.bind(client);
    client.release = ((err?: Error | boolean) => {
      (client as unknown as { query: unknown }).query = query;
      release(err);
    }) as never;
    return client;
  };
  pool.connect = patched as never;
  return () => {
    pool.connect = original as never;
  };
}

const lastAudit = () =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'reports.export')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

describe('a stream that fails or stalls', () => {
  it('a database error mid-stream ends the download, frees the connection and is audited as a failure', async () => {
    const restore = failNthFetch(t.database.pool, 3);
    try {
      const download = await exportReport(
        t.ctx,
        actor,
        'technicians',
        RANGE,
        { ip: null, requestId: null },
        { batchSize: 100 },
      );
      const { text, error } = await drain(download.stream);
      expect(error?.message).toBe('connection lost');
      // Two batches were written before the failure: the header and 200 rows.
      expect(text.split('\r\n').length - 1).toBe(201);
    } finally {
      restore();
    }
    const audit = await lastAudit();
    expect(audit.outcome).toBe('failure');
    expect(audit.details).toMatchObject({ report: 'technicians', rows: 200, error: 'connection lost' });
    // The connection went back: the next export runs (on the embedded engine it is the only one).
    expect((await exportCsv('deleted-cases')).statusCode).toBe(200);
  });

  it('over HTTP, a failure after the first bytes breaks the transfer off and the server keeps serving', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const restore = failNthFetch(t.database.pool, 4);
    try {
      const res = await fetch(`${address}${url('technicians')}`, {
        method: 'POST',
        headers: { ...superAdmin, 'content-type': 'application/json' },
        body: JSON.stringify(RANGE),
      });
      expect(res.status).toBe(200);
      await expect(res.text()).rejects.toThrow();
    } finally {
      restore();
    }
    const again = await fetch(`${address}${url('deleted-cases')}`, {
      method: 'POST',
      headers: { ...superAdmin, 'content-type': 'application/json' },
      body: JSON.stringify(RANGE),
    });
    expect(again.status).toBe(200);
    expect((parse(await again.text(), { bom: true }) as string[][]).length).toBe(HOSTILE.length + 1);
    expect((t.app.server.address() as AddressInfo).port).toBeGreaterThan(0);
  });

  it('a reader that stops reading is cut off after the stall limit and the connection is freed', async () => {
    const download = await exportReport(
      t.ctx,
      actor,
      'technicians',
      RANGE,
      { ip: null, requestId: null },
      { batchSize: 500, stallMs: 300 },
    );
    const closed = new Promise<Error | undefined>((resolve) => {
      download.stream.once('error', resolve);
      download.stream.once('close', () => resolve(undefined));
    });
    // Take one chunk, then read nothing more.
    await new Promise<void>((resolve) => download.stream.once('readable', () => resolve()));
    download.stream.read();
    const error = await closed;
    expect(error?.message).toBe('The reader stopped taking the report');
    await expect.poll(async () => (await lastAudit()).outcome, { timeout: 5000 }).toBe('failure');
    expect((await exportCsv('deleted-cases')).statusCode).toBe(200);
  });
});
