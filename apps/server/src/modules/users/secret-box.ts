import crypto from 'node:crypto';
import type { AppContext } from '../../platform/context.ts';
import { storedKey } from '../../platform/secrets.ts';

/**
 * Encryption at rest for third-party credentials (the Whitehat password): AES-256-GCM with a
 * random 96-bit IV per value. The key comes from WHITEHAT_ENCRYPTION_KEY, or else is generated
 * once and kept in the settings table (configure the variable so that a copy of the database
 * alone cannot reveal the passwords).
 */
const SETTINGS_KEY = 'whitehat_encryption_key';

/** Parses a 32-byte key given as 64 hex characters or base64. */
export function parseKey(value: string): Buffer {
  const text = value.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32)
    throw new Error('WHITEHAT_ENCRYPTION_KEY must be 32 bytes (64 hex characters or base64)');
  return key;
}

async function keyOf(ctx: AppContext): Promise<Buffer> {
  if (ctx.config.whitehatEncryptionKey) return parseKey(ctx.config.whitehatEncryptionKey);
  return storedKey(ctx, SETTINGS_KEY, parseKey);
}

/** `v1:<iv>:<tag>:<ciphertext>`, each base64. */
export async function encryptSecret(ctx: AppContext, plain: string): Promise<string> {
  const key = await keyOf(ctx);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(
    ':',
  );
}

export async function decryptSecret(ctx: AppContext, stored: string): Promise<string> {
  const [version, iv, tag, data] = stored.split(':');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown secret format');
  const decipher = crypto.createDecipheriv('aes-256-gcm', await keyOf(ctx), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}
