import type { RouteOptions } from 'fastify';
import { ErrorResponse } from '@archline/contracts';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The error answers any operation may give whatever its use case, declared on every API route so
 * the OpenAPI description lists them: 400 (malformed path, query or body, text PostgreSQL cannot
 * store), 401 (no session, unless the route is public), 414 (a path parameter over 100
 * characters), 413 and 415 (a body too large or of a type the API does not read) and 500. All
 * share the error body.
 */
export function declareCommonErrors(route: RouteOptions) {
  const schema = (route.schema ??= {}) as { response?: Record<string, unknown>; security?: unknown[] };
  const response = (schema.response ??= {});
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const isPublic = Array.isArray(schema.security) && schema.security.length === 0;
  const codes = [400, 500];
  if (!isPublic) codes.push(401);
  if (route.url.includes(':')) codes.push(414);
  if (methods.some((m) => BODY_METHODS.has(m))) codes.push(413, 415);
  for (const code of codes) response[code] ??= ErrorResponse;
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Lets a typed OpenAPI 3.0 schema (or the typed branches of a union) accept null. */
function allowNull(schema: Node, onlyFirst: boolean) {
  if (schema.type !== undefined) {
    schema.nullable = true;
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
    return true;
  }
  const branches = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (!branches) return false;
  let done = false;
  for (const b of branches) {
    if (onlyFirst && done) break;
    if (isNode(b) && allowNull(b, onlyFirst || schema.oneOf !== undefined)) done = true;
  }
  return done;
}

/**
 * Makes `nullable` mean what the answers do under OpenAPI 3.0 (where it only adds null to a
 * schema with a `type`, and an `enum` must list null itself): a nullable enum lists null, and a
 * nullable union without a type lets its typed branches accept null instead. Applied to the
 * published description.
 */
export function fixNullable(node: unknown) {
  if (Array.isArray(node)) {
    for (const n of node) fixNullable(n);
    return;
  }
  if (!isNode(node)) return;
  for (const v of Object.values(node)) fixNullable(v);
  if (node.nullable !== true) return;
  if (Array.isArray(node.enum) && !node.enum.includes(null)) node.enum.push(null);
  if (node.type === undefined && node.$ref === undefined) {
    if (node.anyOf || node.oneOf) allowNull(node, node.oneOf !== undefined);
    delete node.nullable;
  }
}
