import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledOutput, prebuiltJson, serializerCompiler } from './serializer.ts';

const Row = z.object({
  id: z.number().int(),
  name: z.string(),
  held_at: z.string().nullable(),
  organization: z.object({ id: z.number().int(), type: z.object({ name: z.string() }).nullable() }),
  status: z.enum(['new', 'approved']),
  markers: z.array(z.object({ symbol: z.string() })),
});
const Page = z.object({
  data: z.array(Row),
  meta: z.object({ total: z.number().int(), capped: z.boolean() }),
});

const serialize = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/things', httpStatus: '200' }) as (
    data: unknown,
  ) => string;

const row = {
  id: 7,
  name: 'Ana "Díaz"\n',
  held_at: null,
  organization: { id: 3, type: { name: 'Ortho' } },
  status: 'approved',
  markers: [{ symbol: '★' }],
};

describe('the compiled serializer of marked response schemas', () => {
  it('writes what the checked serializer writes for a valid answer', () => {
    const page = {
      data: [row, { ...row, id: 8, organization: { id: 4, type: null }, markers: [] }],
      meta: { total: 2, capped: false },
    };
    const checked = serialize(Page)(page);
    const compiled = serialize(compiledOutput(Page.extend({})))(page);
    expect(JSON.parse(compiled)).toEqual(JSON.parse(checked));
  });

  it('still writes only the properties the schema names, at every depth', () => {
    const leaky = {
      data: [{ ...row, password_hash: 'x', organization: { ...row.organization, secret: 'y' } }],
      meta: { total: 1, capped: false, sql: 'select' },
      debug: true,
    };
    const out = JSON.parse(serialize(compiledOutput(Page.extend({})))(leaky));
    expect(out).toEqual({ data: [row], meta: { total: 1, capped: false } });
  });

  it('refuses an answer missing a required property', () => {
    const { name: _name, ...nameless } = row;
    expect(() =>
      serialize(compiledOutput(Page.extend({})))({ data: [nameless], meta: { total: 1, capped: false } }),
    ).toThrow();
  });

  it('an unmarked schema is still checked: a wrong value ends the answer', () => {
    expect(() =>
      serialize(Page)({ data: [{ ...row, id: 'seven' }], meta: { total: 1, capped: false } }),
    ).toThrow();
  });

  it('writes an answer already written as JSON text as it is, and still writes objects', () => {
    const write = serialize(compiledOutput(Page.extend({})));
    const text = '{"data":[],"meta":{"total":0,"capped":false}}';
    expect(write(prebuiltJson(text))).toBe(text);
    expect(JSON.parse(write({ data: [row], meta: { total: 1, capped: false } }))).toEqual({
      data: [row],
      meta: { total: 1, capped: false },
    });
  });
});
