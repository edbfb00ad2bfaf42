import crypto from 'node:crypto';
import type { AppContext } from '../../platform/context.ts';
import { storedKey } from '../../platform/secrets.ts';

/**
 * Signed, expiring file URLs (uploads and downloads). A token is `<payload>.<signature>`: the
 * payload is base64url JSON, the signature an HMAC-SHA256 of it with a server secret. The secret
 * is generated once and kept in the settings table, so links stay valid across restarts and
 * across the processes of one deployment.
 */
const SETTINGS_KEY = 'file_url_signing_key';

const keyOf = (ctx: AppContext) => storedKey(ctx, SETTINGS_KEY);

/**
 * The values a link is bound to, in a fixed order. Upload links: 'upload', the upload id, its
 * storage path, the user, the file type, the file name, the patient (or ''), the organization and
 * the expiry. Download links: 'download', the file id, the user, the type, the name, the patient,
 * the disposition and the expiry. The server recomputes them from its own rows when the link is
 * used, so a link stops working when what it names changes.
 */
export type Claims = readonly (string | number | null)[];

function canonical(claims: Claims): string {
  return claims.map((c) => encodeURIComponent(c === null ? '' : String(c))).join('|');
}

export async function signClaims(ctx: AppContext, claims: Claims): Promise<string> {
  return crypto
    .createHmac('sha256', await keyOf(ctx))
    .update(canonical(claims))
    .digest('base64url');
}

/** Checks the signature in constant time, then the expiry (epoch seconds). */
export async function verifyClaims(
  ctx: AppContext,
  claims: Claims,
  signature: string,
  expires: number,
  now = Date.now(),
): Promise<'ok' | 'invalid' | 'expired'> {
  const expected = crypto
    .createHmac('sha256', await keyOf(ctx))
    .update(canonical(claims))
    .digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return 'invalid';
  return expires * 1000 < now ? 'expired' : 'ok';
}
