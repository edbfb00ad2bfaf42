import crypto from 'node:crypto';
import type { AppContext } from '../../platform/context.ts';
import { storedKey } from '../../platform/secrets.ts';

/**
 * Signing secrets of webhook endpoints. A secret is `whsec_` and 32 random bytes (hex); it is shown
 * once (on create and on rotate) and kept encrypted at rest (AES-256-GCM with a key of the
 * settings table), because the server needs it again to sign every delivery.
 */
const KEY_NAME = 'webhook_secret_key';

export function generateSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('hex')}`;
}

/** `v1:<iv>:<tag>:<ciphertext>`, each base64. */
export async function sealSecret(ctx: AppContext, plain: string): Promise<string> {
  const key = await storedKey(ctx, KEY_NAME);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(
    ':',
  );
}

export async function openSecret(ctx: AppContext, stored: string): Promise<string> {
  const [version, iv, tag, data] = stored.split(':');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown secret format');
  const key = await storedKey(ctx, KEY_NAME);
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}

/** The Archline-Signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signatureHeader(secret: string, body: string, timestamp: number): string {
  const v1 = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}
