import crypto from 'node:crypto';
import type { AppContext } from '../../platform/context.ts';
import { storedKey } from '../../platform/secrets.ts';

/**
 * Signed, expiring links of library files (uploads and downloads): an HMAC-SHA256 of the values a
 * link is bound to, with a key kept in the settings table (the same across restarts and processes).
 * The server recomputes the values from its own rows when a link is used, so a link stops working
 * when what it names changes (another file, a removed library).
 */
const SETTINGS_KEY = 'library_url_signing_key';

export type Claims = readonly (string | number | null)[];

const canonical = (claims: Claims) =>
  claims.map((c) => encodeURIComponent(c === null ? '' : String(c))).join('|');

export async function sign(ctx: AppContext, claims: Claims): Promise<string> {
  return crypto
    .createHmac('sha256', await storedKey(ctx, SETTINGS_KEY))
    .update(canonical(claims))
    .digest('base64url');
}

/** Checks the signature in constant time, then the expiry (epoch seconds). */
export async function verify(
  ctx: AppContext,
  claims: Claims,
  signature: string,
  expires: number,
): Promise<'ok' | 'invalid' | 'expired'> {
  const expected = crypto
    .createHmac('sha256', await storedKey(ctx, SETTINGS_KEY))
    .update(canonical(claims))
    .digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return 'invalid';
  return expires * 1000 < Date.now() ? 'expired' : 'ok';
}
