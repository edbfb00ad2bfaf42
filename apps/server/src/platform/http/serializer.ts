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
 */
const compiled = new WeakSet<z.ZodType>();

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
  if (compiled.has(route.schema)) return fastJson(outputJsonSchema(route.schema));
  return checkedSerializerCompiler(route as Parameters<typeof checkedSerializerCompiler>[0]);
};
