import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';

/**
 * Conditional answers for what a screen re-reads often (the case lists and their counts).
 *
 * Every committed write to what those answers show raises its organization's counter in
 * `data_versions` within the writing transaction (the triggers of migration
 * 20261130000700_data_versions.sql); row 0 stands for lookups every organization shares. The sum of
 * the counters of the organizations a reader sees changes exactly when a commit could change the
 * answer, so an entity tag built from it, the reader and the request is never stale, and a reader
 * whose tag still matches gets 304 without the answer being computed again.
 */

/** The organizations whose writes can change an answer: 'all' or a list of ids. */
export type VersionScope = 'all' | readonly number[];

/** The data version of the scope (a decimal string: counters are bigint). */
export async function dataVersion(db: Kysely<DB>, scope: VersionScope): Promise<string> {
  const where = scope === 'all' ? sql`true` : sql`organization_id in (${sql.join([0, ...scope])})`;
  const result = await sql<{ v: string }>`
    select coalesce(sum(version), 0)::text as v from data_versions where ${where}`.execute(db);
  return result.rows[0]?.v ?? '0';
}

/** A weak entity tag over the parts (JSON), short and opaque. */
export function entityTag(parts: unknown): string {
  const digest = crypto.createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
  return `W/"${digest.slice(0, 27)}"`;
}

/** The request's If-None-Match, when it sent one. */
export function ifNoneMatchOf(request: FastifyRequest): string | undefined {
  const header = request.headers['if-none-match'];
  return typeof header === 'string' ? header : undefined;
}

/** Whether an If-None-Match header names the tag (weak comparison, as RFC 9110 asks for GET). */
export function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (typeof header !== 'string' || header.length === 0 || header.length > 4096) return false;
  if (header.trim() === '*') return true;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  const wanted = opaque(tag);
  return header.split(',').some((t) => opaque(t) === wanted);
}

/**
 * Private answers that a browser keeps but checks with the server on every use: the tag travels
 * back in If-None-Match, and an unchanged answer costs a 304 with no body.
 */
export const CONDITIONAL_CACHE = 'private, no-cache';

/** What a use case answers to a conditional GET: its tag, and its body unless the caller holds it. */
export type ConditionalAnswer<T> = { etag: string } & (
  { notModified: true } | { notModified: false; body: T }
);

/**
 * Sends a conditional answer: its tag and cache header, then 304 with no body when the request
 * already holds it, else the body.
 */
export function sendConditional<T>(reply: FastifyReply, answer: ConditionalAnswer<T>): FastifyReply | T {
  void reply.header('etag', answer.etag).header('cache-control', CONDITIONAL_CACHE);
  if (answer.notModified) return reply.status(304).send();
  return answer.body;
}

/** The 304 answer of a conditional GET: no body. */
export const NotModified = z
  .null()
  .describe('Not modified: the answer the If-None-Match header names still holds. No body.');

/** A map that forgets its oldest entries beyond `limit` (insertion order; a hit refreshes). */
export class BoundedCache<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly limit: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
