import crypto from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey as derivePbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import { deriveKey as deriveSha } from 'altcha-lib/algorithms/sha';
import { deriveHmacKeySecret } from 'altcha-lib/frameworks/fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';

/**
 * ALTCHA bot check (self-hosted proof of work) for login, sign-up and payment-method saving.
 * The web's `altcha` widget fetches GET /altcha/challenge, solves it and sends the base64 payload
 * in the form's `altcha` field; the server verifies it here and accepts each challenge once.
 */
export const ALTCHA_FAILED_MESSAGE = 'The bot check failed. Please try again.';
const SETTINGS_KEY = 'altcha_hmac_key';
const CHALLENGE_TTL_MS = 10 * 60 * 1000;

interface Secrets {
  signature: string;
  keySignature: string;
}

const secretsByContext = new WeakMap<AppContext, Promise<Secrets>>();

/**
 * The HMAC key: ALTCHA_HMAC_KEY, else a random key created once and kept in `settings`, so every
 * server process signs and verifies with the same key.
 */
async function loadSecrets(ctx: AppContext): Promise<Secrets> {
  let master = ctx.config.altchaHmacKey;
  if (!master) {
    await ctx.db
      .insertInto('settings')
      .values({ key: SETTINGS_KEY, value: JSON.stringify(crypto.randomBytes(32).toString('hex')) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await ctx.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', SETTINGS_KEY)
      .executeTakeFirstOrThrow();
    master = String(row.value);
  }
  return { signature: master, keySignature: await deriveHmacKeySecret(master) };
}

function secrets(ctx: AppContext): Promise<Secrets> {
  let s = secretsByContext.get(ctx);
  if (!s) {
    s = loadSecrets(ctx);
    s.catch(() => secretsByContext.delete(ctx));
    secretsByContext.set(ctx, s);
  }
  return s;
}

/** Tests use a trivial work factor; everyone else a few seconds of browser work. */
function difficulty(ctx: AppContext) {
  return ctx.config.env === 'test'
    ? { algorithm: 'SHA-256', cost: 1, counter: randomInt(50, 0), deriveKey: deriveSha }
    : { algorithm: 'PBKDF2/SHA-256', cost: 500, counter: randomInt(4_000, 1_000), deriveKey: derivePbkdf2 };
}

function deriveKeyFor(algorithm: string) {
  return algorithm.startsWith('PBKDF2/') ? derivePbkdf2 : deriveSha;
}

/** A fresh signed challenge, as the widget expects it. */
export async function createAltchaChallenge(ctx: AppContext): Promise<Challenge> {
  const { signature, keySignature } = await secrets(ctx);
  return createChallenge({
    ...difficulty(ctx),
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: keySignature,
  });
}

function parsePayload(payload: string): Payload | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    if (parsed && typeof parsed === 'object' && 'challenge' in parsed && 'solution' in parsed)
      return parsed as Payload;
    return null;
  } catch {
    return null;
  }
}

/** True when the payload solves a challenge we signed, not expired and not used before. */
export async function verifyAltcha(ctx: AppContext, payload: string | null | undefined): Promise<boolean> {
  if (!payload || payload.length > 20_000) return false;
  const parsed = parsePayload(payload);
  if (!parsed?.challenge?.parameters || !parsed.solution) return false;
  const { signature, keySignature } = await secrets(ctx);
  let verified = false;
  try {
    const result = await verifySolution({
      challenge: parsed.challenge,
      solution: parsed.solution,
      deriveKey: deriveKeyFor(String(parsed.challenge.parameters.algorithm)),
      hmacSignatureSecret: signature,
      hmacKeySignatureSecret: keySignature,
    });
    verified = result.verified;
  } catch {
    return false;
  }
  if (!verified) return false;
  // Single use, across processes: the first insert of the (signed) nonce wins.
  const expiresAt = new Date((parsed.challenge.parameters.expiresAt ?? Date.now() / 1000 + 600) * 1000);
  await ctx.db
    .deleteFrom('altcha_used_challenges')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  const inserted = await ctx.db
    .insertInto('altcha_used_challenges')
    .values({ id: parsed.challenge.parameters.nonce, expires_at: expiresAt })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Throws 422 with errors.altcha unless the payload passes the bot check. */
export async function assertAltcha(ctx: AppContext, payload: string | null | undefined): Promise<void> {
  if (!(await verifyAltcha(ctx, payload))) {
    throw new AppError(422, ALTCHA_FAILED_MESSAGE, { altcha: [ALTCHA_FAILED_MESSAGE] });
  }
}
