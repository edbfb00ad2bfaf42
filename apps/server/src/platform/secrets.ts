import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from './context.ts';

/**
 * Server keys kept in the settings table: generated once (32 random bytes, stored base64), then
 * read by every process of the deployment, so what they sign or encrypt survives restarts. Each key
 * is loaded once per context; a failed load is forgotten and tried again on the next use.
 */
const keys = new WeakMap<AppContext, Map<string, Promise<Buffer>>>();

const fromBase64 = (value: string) => Buffer.from(value, 'base64');

async function loadKey(ctx: AppContext, name: string, parse: (value: string) => Buffer): Promise<Buffer> {
  // Insert-if-absent, then read: concurrent first uses all end up with the same stored key.
  await ctx.db
    .insertInto('settings')
    .values({ key: name, value: JSON.stringify(crypto.randomBytes(32).toString('base64')) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await ctx.db
    .selectFrom('settings')
    .select(sql<string>`value #>> '{}'`.as('value'))
    .where('key', '=', name)
    .executeTakeFirstOrThrow();
  return parse(row.value);
}

/** The key stored under `name` in the settings table (created on first use), read with `parse`. */
export function storedKey(
  ctx: AppContext,
  name: string,
  parse: (value: string) => Buffer = fromBase64,
): Promise<Buffer> {
  let byName = keys.get(ctx);
  if (!byName) {
    byName = new Map();
    keys.set(ctx, byName);
  }
  let key = byName.get(name);
  if (!key) {
    key = loadKey(ctx, name, parse);
    key.catch(() => byName.delete(name));
    byName.set(name, key);
  }
  return key;
}
