import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { expect } from 'vitest';
import type { ObservedResponse } from '../src/app.ts';

/**
 * Checks answers against the published OpenAPI description: the status is declared for the
 * operation, the content type is one it declares for that status, and a JSON body validates
 * against the declared schema (ajv with formats, OpenAPI 3.0 `nullable`). Every app the
 * integration tests build runs it on every answer; a mismatch fails the test file.
 */

// ajv-formats is CommonJS: its default export arrives wrapped under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

type Schema = Record<string, unknown>;
interface ResponseObject {
  content?: Record<string, { schema?: Schema }>;
}
interface Operation {
  responses?: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** OpenAPI 3.0 keeps draft-04's boolean exclusiveMinimum/Maximum; ajv wants the number form. */
export function toDraft7(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toDraft7);
  if (node === null || typeof node !== 'object') return node;
  const out: Schema = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === 'enum' || k === 'default' ? v : toDraft7(v);
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] === 'boolean') {
      if (out[flag] === true) {
        out[flag] = out[bound];
        delete out[bound];
      } else delete out[flag];
    }
  }
  return out;
}

const mediaType = (contentType: string | undefined) => contentType?.split(';')[0]?.trim().toLowerCase();

/**
 * ajv as the checks use it: formats on, OpenAPI's extra keywords tolerated. The schemas are not
 * checked against the JSON Schema meta-schema (the OpenAPI validation of the whole description
 * does that) and the generated code is not optimized: compiling is then about four times faster,
 * which is most of the check's cost.
 */
export function createAjv(): Ajv {
  const ajv = new Ajv({
    strict: false,
    allErrors: false,
    validateFormats: true,
    validateSchema: false,
    code: { optimize: false },
  });
  addFormats(ajv);
  return ajv;
}

export function createConformanceCheck(getDocument: () => OpenApiDocument) {
  const ajv = createAjv();
  const validators = new Map<string, ValidateFunction>();
  // Operations share schemas (the error body above all): compile each distinct one once.
  const compiled = new Map<string, ValidateFunction>();
  const compile = (schema: Schema) => {
    const text = JSON.stringify(schema);
    let validate = compiled.get(text);
    if (!validate) {
      validate = ajv.compile(toDraft7(schema) as Schema);
      compiled.set(text, validate);
    }
    return validate;
  };
  const failures: string[] = [];
  let checked = 0;

  function operationOf(answer: ObservedResponse): Operation | undefined {
    if (!answer.route || answer.method === 'HEAD') return undefined;
    const path = answer.route.replace(/:(\w+)/g, '{$1}');
    return getDocument().paths[path]?.[answer.method.toLowerCase()];
  }

  function check(answer: ObservedResponse): string | undefined {
    const operation = operationOf(answer);
    if (!operation) return undefined;
    checked++;
    const responses = operation.responses ?? {};
    const status = String(answer.statusCode);
    const key = [status, `${status[0]}XX`, 'default'].find((k) => responses[k]);
    if (!key) return `status ${status} is not declared (declared: ${Object.keys(responses).join(', ')})`;
    const content = responses[key]!.content;
    if (!content || answer.statusCode === 204 || answer.statusCode === 304) return undefined;
    const type = mediaType(answer.contentType);
    const declared = type && [type, `${type.split('/')[0]}/*`, '*/*'].find((t) => content[t]);
    if (!type || !declared) {
      return `content type ${answer.contentType ?? '(none)'} is not declared (declared: ${Object.keys(content).join(', ')})`;
    }
    const schema = content[declared]!.schema;
    if (!schema || type !== 'application/json' || typeof answer.payload !== 'string') return undefined;
    const id = `${answer.method} ${answer.route} ${key} ${type}`;
    let validate = validators.get(id);
    if (!validate) {
      validate = compile(schema);
      validators.set(id, validate);
    }
    let body: unknown;
    try {
      body = JSON.parse(answer.payload);
    } catch {
      return 'the body is not JSON';
    }
    if (validate(body)) return undefined;
    return (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
      .join('; ');
  }

  return {
    observe(answer: ObservedResponse) {
      let problem: string | undefined;
      try {
        problem = check(answer);
      } catch (err) {
        problem = `could not check: ${String(err)}`;
      }
      if (problem) {
        const test = expect.getState().currentTestName ?? '(outside a test)';
        failures.push(
          `${test}: ${answer.method} ${answer.url} (${answer.route}) -> ${answer.statusCode}: ${problem}`,
        );
      }
    },
    get checked() {
      return checked;
    },
    /** The mismatches so far (and forgets them). */
    takeFailures(): string[] {
      return failures.splice(0);
    },
  };
}
