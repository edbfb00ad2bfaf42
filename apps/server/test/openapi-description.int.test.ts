import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPatient } from '../src/db/seed/factories.ts';
import { API, bearer, givenOrganization, givenUser, tokenFor } from './auth-helpers.ts';
import { createAjv, createConformanceCheck, toDraft7, type OpenApiDocument } from './conformance.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** The published OpenAPI description is valid and true to the answers. */
type H = { authorization: string };
type Node = Record<string, unknown>;
let t: TestApp;
let doc: OpenApiDocument & Node;
let admin: H;
let owner: H;
let patientId: number;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ url: `${API}/docs/json` });
  doc = res.json();
  const org = await givenOrganization(t, { name: 'Bright Smiles' });
  const a = await givenUser(t, { roles: ['admin'] });
  const o = await givenUser(t, { organizations: [{ id: org, role: 'organization_owner' }] });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
  owner = bearer(await tokenFor(t, o.id));
  patientId = (await buildPatient(t.db, { organization_id: org, user_id: o.id })).id;
});
afterAll(() => t?.close());

/** Every schema object of the description with where it sits. */
function schemas(): { at: string; schema: Node }[] {
  const out: { at: string; schema: Node }[] = [];
  const walk = (node: unknown, at: string) => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}/${i}`));
    if (node === null || typeof node !== 'object') return;
    out.push({ at, schema: node as Node });
    for (const [k, v] of Object.entries(node)) if (k !== 'enum' && k !== 'default') walk(v, `${at}/${k}`);
  };
  walk(doc.paths, '');
  return out;
}

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method, op: op as Node & { responses: Node } })),
  );

describe('the OpenAPI description', () => {
  it('validates as OpenAPI 3', async () => {
    expect(doc.openapi).toMatch(/^3\./);
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('a nullable enum lists null, and nullable always comes with a type', () => {
    const wrong = schemas()
      .filter(
        ({ schema: s }) =>
          s.nullable === true &&
          ((Array.isArray(s.enum) && !s.enum.includes(null)) ||
            (s.type === undefined && s.$ref === undefined)),
      )
      .map(({ at }) => at);
    expect(wrong).toEqual([]);
  });

  it('every request and response schema compiles with ajv', () => {
    const ajv = createAjv();
    const failures: string[] = [];
    const seen = new Set<string>();
    for (const { path, method, op } of operations()) {
      const bodies = [
        ...Object.values((op.requestBody as { content?: Record<string, { schema?: Node }> })?.content ?? {}),
        ...Object.values(op.responses).flatMap((r) =>
          Object.values((r as { content?: Record<string, { schema?: Node }> }).content ?? {}),
        ),
      ];
      for (const { schema } of bodies) {
        if (!schema) continue;
        const text = JSON.stringify(schema);
        if (seen.has(text)) continue;
        seen.add(text);
        try {
          ajv.compile(toDraft7(schema) as Node);
        } catch (err) {
          failures.push(`${method} ${path}: ${String(err)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('every operation declares the errors the framework may answer', () => {
    const missing: string[] = [];
    for (const { path, method, op } of operations()) {
      const codes = ['400', '500'];
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      if (!isPublic) codes.push('401');
      if (path.includes('{')) codes.push('414');
      if (['post', 'put', 'patch', 'delete'].includes(method)) codes.push('413', '415');
      for (const c of codes) if (!op.responses[c]) missing.push(`${method} ${path} ${c}`);
      const statuses = Object.keys(op.responses);
      if (!statuses.some((s) => s.startsWith('2'))) missing.push(`${method} ${path} 2xx`);
    }
    expect(missing).toEqual([]);
  });

  it('the CSV export is declared as text/csv and answers it', async () => {
    const op = doc.paths[`${API}/organizations-users/export`]!.get!;
    expect(Object.keys(op.responses!['200']!.content ?? {})).toEqual(['text/csv']);
    const res = await t.app.inject({ url: `${API}/organizations-users/export`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(t.conformance.takeFailures()).toEqual([]);
  });

  it('answers with null enums and the ALTCHA challenge match their schemas', async () => {
    const checkedBefore = t.conformance.checked;
    for (const [url, headers] of [
      [`/patients/${patientId}`, owner],
      [`/patients`, owner],
      [`/patients/${patientId}/files`, owner],
      [`/altcha/challenge`, {}],
    ] as const) {
      const res = await t.app.inject({ url: `${API}${url}`, headers });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    expect(t.conformance.checked - checkedBefore).toBe(4);
    expect(t.conformance.takeFailures()).toEqual([]);
  });
});

describe('the conformance check', () => {
  const tiny: OpenApiDocument = {
    openapi: '3.0.3',
    paths: {
      '/x/{id}': {
        get: {
          responses: {
            '200': {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { kind: { type: 'string', enum: ['a', 'b'], nullable: true } },
                    required: ['kind'],
                  },
                },
              },
            },
          },
        },
      },
    },
  };
  const answer = (statusCode: number, payload: string, contentType = 'application/json; charset=utf-8') => ({
    method: 'GET',
    route: '/x/:id',
    url: '/x/1',
    statusCode,
    contentType,
    payload,
  });

  it('fails a body, a status or a content type the description does not declare', () => {
    const check = createConformanceCheck(() => tiny);
    check.observe(answer(200, '{"kind":"a"}'));
    expect(check.takeFailures()).toEqual([]);
    check.observe(answer(200, '{"kind":null}'));
    check.observe(answer(200, '{"kind":"c"}'));
    check.observe(answer(404, '{"message":"Not found."}'));
    check.observe(answer(200, 'a,b', 'text/csv'));
    const failures = check.takeFailures();
    expect(failures).toHaveLength(4);
    expect(failures[2]).toMatch(/status 404 is not declared/);
    expect(failures[3]).toMatch(/content type text\/csv is not declared/);
  });
});
