import { solveChallenge } from 'altcha-lib';
import { generate } from 'otplib';
import { deriveKey as derivePbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import { deriveKey as deriveSha } from 'altcha-lib/algorithms/sha';
import type { OrganizationRole, Role } from '@archline/contracts';
import { createAltchaChallenge } from '../src/platform/auth/altcha.ts';
import { hashPassword } from '../src/platform/auth/password.ts';
import { issueToken } from '../src/platform/auth/tokens.ts';
import type { TestApp } from './test-app.ts';

/** The password of every user made by givenUser (unless one is given). */
export const DEFAULT_PASSWORD = 'Secret123';
/** argon2id of DEFAULT_PASSWORD, precomputed so a test user costs no hashing. */
const DEFAULT_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$gFO+ZrYxE9twqzhQ8rayrA$E2paEdpkCkRHWd4kRU2wz07rMeg/tmt/DAAYJZ23wvw';

export const API = '/services/api/v2';

type T = Pick<TestApp, 'app' | 'ctx' | 'db'>;

export interface GivenUserOptions {
  roles?: Role[];
  email?: string;
  password?: string;
  first_name?: string;
  last_name?: string;
  account_number?: string | null;
  /** Defaults to true (e-mail verified). */
  verified?: boolean;
  /** Archived user (deleted_at set). */
  archived?: boolean;
  organizations?: { id: number; role: OrganizationRole }[];
  /** Defaults to the first of `organizations`. */
  current_organization_id?: number | null;
}

export interface GivenUser {
  id: number;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
}

let sequence = 0;

/** Inserts a user directly (fast). Default: a verified doctor with DEFAULT_PASSWORD and no organization. */
export async function givenUser(t: T, opts: GivenUserOptions = {}): Promise<GivenUser> {
  sequence += 1;
  const email = opts.email ?? `user${sequence}-${Date.now().toString(36)}@example.test`;
  const password = opts.password ?? DEFAULT_PASSWORD;
  const first_name = opts.first_name ?? 'Test';
  const last_name = opts.last_name ?? `User ${sequence}`;
  const current =
    opts.current_organization_id !== undefined
      ? opts.current_organization_id
      : (opts.organizations?.[0]?.id ?? null);
  const row = await t.db
    .insertInto('users')
    .values({
      first_name,
      last_name,
      email,
      password_hash: opts.password ? await hashPassword(password) : DEFAULT_PASSWORD_HASH,
      account_number: opts.account_number ?? null,
      email_verified_at: opts.verified === false ? null : new Date(),
      deleted_at: opts.archived ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const roles = opts.roles ?? ['doctor'];
  if (roles.length) {
    await t.db
      .insertInto('user_roles')
      .values(roles.map((role) => ({ user_id: row.id, role })))
      .execute();
  }
  if (opts.organizations?.length) {
    await t.db
      .insertInto('organization_user')
      .values(opts.organizations.map((o) => ({ organization_id: o.id, user_id: row.id, role: o.role })))
      .execute();
  }
  if (current !== null) {
    await t.db
      .updateTable('users')
      .set({ current_organization_id: current })
      .where('id', '=', row.id)
      .execute();
  }
  return { id: row.id, email, password, first_name, last_name };
}

/** Inserts an organization directly; returns its id. */
export async function givenOrganization(
  t: T,
  opts: { name?: string; account_number?: string | null } = {},
): Promise<number> {
  sequence += 1;
  const row = await t.db
    .insertInto('organizations')
    .values({ name: opts.name ?? `Practice ${sequence}`, account_number: opts.account_number ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A bearer token for a user (a real session row). */
export async function tokenFor(
  t: T,
  userId: number,
  opts: { management?: boolean; rememberMe?: boolean } = {},
): Promise<string> {
  const issued = await issueToken(t.ctx, userId, {
    management: opts.management ?? false,
    rememberMe: opts.rememberMe ?? false,
  });
  return issued.token;
}

/** Request headers carrying a bearer token. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** A valid ALTCHA payload (base64 JSON, as the widget sends it) for a fresh server challenge. */
export async function solveAltcha(t: T): Promise<string> {
  const challenge = await createAltchaChallenge(t.ctx);
  const deriveKey = challenge.parameters.algorithm.startsWith('PBKDF2/') ? derivePbkdf2 : deriveSha;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the ALTCHA challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Logs in through POST /login; returns the access token (throws unless 200). */
export async function loginAs(
  t: T,
  email: string,
  password: string = DEFAULT_PASSWORD,
  opts: { management?: boolean } = {},
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${API}/login`,
    payload: { email, password, management: opts.management ?? false, altcha: await solveAltcha(t) },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { access_token: string }).access_token;
}

/** The queued e-mails to an address, oldest first (the `mail` jobs' payloads). */
export async function mailsTo(
  t: T,
  to: string,
): Promise<{ to: string; subject: string; text: string; html?: string }[]> {
  const rows = await t.db
    .selectFrom('jobs')
    .select(['payload'])
    .where('queue', '=', 'mail')
    .orderBy('id')
    .execute();
  return rows
    .map(
      (r) =>
        (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as {
          to: string;
          subject: string;
          text: string;
          html?: string;
        },
    )
    .filter((m) => m.to.toLowerCase() === to.toLowerCase());
}

/** The token of the last link to `path` (e.g. '/verify-user') mailed to an address. */
export async function linkTokenFrom(t: T, to: string, path: string): Promise<string> {
  const mails = await mailsTo(t, to);
  for (const mail of mails.reverse()) {
    const match = new RegExp(`${path.replace(/[/-]/g, '\\$&')}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
    if (match) return match[1]!;
  }
  throw new Error(`no ${path} link mailed to ${to}`);
}

/**
 * A new client address on each call, within 10.{block}.0.0/16: each test signs in from its own
 * address, so the per-IP limit only matters where a test means it.
 */
export function addressSequence(block: number): () => string {
  let n = 0;
  return () => {
    n += 1;
    return `10.${block}.${Math.floor(n / 250)}.${n % 250}`;
  };
}

/** The authenticator app's code `offset` 30-second steps from now (each accepted step works once). */
export function totpCodeAt(secret: string, offset = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });
}
