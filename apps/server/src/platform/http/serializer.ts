import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as checkedSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * How answers become JSON.
 *
 * By default every answer is checked against its zod response schema and then stringified: a
 * field the schema does not name never leaves, and an answer that breaks its contract ends in a
 * 500 instead of reaching the client. For a few answers that are many rows the server builds from
 * its own typed SQL (the case lists), that check costs more than the query behind a page (about
 * 1.3 ms of 50 rows). Those schemas are marked with `compiledOutput`: their answers are written by
 * a serializer compiled once from the schema's JSON Schema (fast-json-stringify), which still
 * writes only the properties the schema names, in its shape, but no longer re-validates each value.
 *
 * The case list goes one step further: PostgreSQL writes each row as JSON text whose properties
 * its statement names one by one, and the service joins them into the page (`prebuiltJson`); the
 * compiled serializer then writes that text as it is. What keeps such an answer to its contract
 * is the statement and the tests that parse every answer with the schema.
 */
const compiled = new WeakSet<z.ZodType>();

/** An answer already written as JSON text, for a route whose schema is marked with `compiledOutput`. */
class PrebuiltJson {
  constructor(readonly text: string) {}
}

/**
 * The JSON text of an answer, typed as the answer it encodes; the route's compiled serializer
 * writes it unchanged. The text must hold to the route's response schema (see above).
 */
export function prebuiltJson<T>(text: string): T {
  return new PrebuiltJson(text) as unknown as T;
}

/** Marks a response schema whose answers are written by a compiled serializer (see above). */
export function compiledOutput<T extends z.ZodType>(schema: T): T {
  compiled.add(schema);
  return schema;
}

/** The JSON Schema of a response schema's output, as the compiled serializer reads it. */
export function outputJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' }) as Record<
    string,
    unknown
  >;
}

export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  if (compiled.has(route.schema)) {
    const write = fastJson(outputJsonSchema(route.schema));
    return (data: unknown) => (data instanceof PrebuiltJson ? data.text : write(data));
  }
  return checkedSerializerCompiler(route as Parameters<typeof checkedSerializerCompiler>[0]);
};
