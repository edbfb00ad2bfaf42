import { sql } from 'kysely';
import type { AppContext } from './platform/context.ts';
import { hashPassword } from './platform/auth/password.ts';
import { buildUser } from './db/seed/factories.ts';
import { DEMO_ACCOUNTS, demoAccountsTable, seedDemo } from './db/seed/demo.ts';

/** The first start with DEMO=0 cannot create its administrator. */
export class InitialAdminMissingError extends Error {
  constructor() {
    super(
      'DEMO=0 on a new database needs ADMIN_EMAIL and ADMIN_PASSWORD to create the first super_admin account.',
    );
    this.name = 'InitialAdminMissingError';
  }
}

export type InitializeOutcome = 'existing' | 'demo' | 'admin';

const SEED_LOCK = 742_002;

/**
 * First start of a new database: demo data (unless DEMO=0), otherwise one super_admin
 * from ADMIN_EMAIL / ADMIN_PASSWORD. A database that already has users is left alone.
 * Throws InitialAdminMissingError (after logging it) when DEMO=0 lacks the admin variables,
 * so the process exits with a non-zero status. With the demo on, the demo accounts are printed.
 */
export async function initializeData(
  ctx: AppContext,
  /** Where the demo accounts table goes: the terminal as plain text at start-up (else the log). */
  print: (text: string) => void = (text) => ctx.log.info(`\n${text}`),
): Promise<InitializeOutcome> {
  const outcome = await initialize(ctx);
  if (ctx.config.demo) {
    const present = await ctx.db
      .selectFrom('users')
      .select('email')
      .where(
        'email',
        'in',
        DEMO_ACCOUNTS.map((a) => a.email),
      )
      .where('deleted_at', 'is', null)
      .execute();
    if (present.length > 0) print(demoAccountsTable(ctx.config.publicUrl));
  }
  return outcome;
}

async function initialize(ctx: AppContext): Promise<InitializeOutcome> {
  const existing = await ctx.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return 'existing';

  if (ctx.config.demo) {
    const started = Date.now();
    const seeded = await seedDemo(ctx.db, { storage: ctx.storage });
    if (!seeded) return 'existing';
    ctx.log.info(`new database: demo data created in ${Date.now() - started} ms`);
    return 'demo';
  }

  const { adminEmail, adminPassword } = ctx.config;
  if (!adminEmail || !adminPassword) {
    const error = new InitialAdminMissingError();
    ctx.log.error(error.message);
    throw error;
  }
  const passwordHash = await hashPassword(adminPassword);
  const created = await ctx.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    if (await trx.selectFrom('users').select('id').limit(1).executeTakeFirst()) return false;
    await buildUser(trx, {
      email: adminEmail,
      first_name: 'Super',
      last_name: 'Admin',
      roles: ['super_admin'],
      password_hash: passwordHash,
    });
    return true;
  });
  if (!created) return 'existing';
  ctx.log.info(`new database: super_admin ${adminEmail} created`);
  return 'admin';
}
