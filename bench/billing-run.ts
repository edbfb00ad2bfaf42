/**
 * The monthly billing run for N organizations (default 2,000), each with an owner, a license, a
 * contract due on the bench day, a primary card and K submitted cases (default 5) to charge, on a
 * database of its own (dropped and made again each time). Times the two phases of the run:
 * issuing the orders (the due day) and charging them (delay_payment_processing days later).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     npx tsx bench/billing-run.ts [organizations=2000] [cases=5] [--database archline_bench_billing]
 */
import path from 'node:path';
import os from 'node:os';
import pg from 'pg';
import { sql } from 'kysely';
import { pino } from 'pino';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { loadConfig } from '../apps/server/src/platform/config/env.ts';
import { runBilling } from '../apps/server/src/modules/billing/run.ts';

const args = process.argv.slice(2);
const flagAt = args.indexOf('--database');
const databaseName = flagAt >= 0 ? args[flagAt + 1]! : 'archline_bench_billing';
const positional = flagAt >= 0 ? args.filter((_a, i) => i !== flagAt && i !== flagAt + 1) : args;
const organizations = Number(positional[0] ?? 2000);
const casesPerOrganization = Number(positional[1] ?? 5);
if (!/^[a-z_][a-z0-9_]{0,62}$/.test(databaseName) || !(organizations > 0) || !(casesPerOrganization >= 0)) {
  console.error('usage: billing-run.ts [organizations] [cases] [--database NAME]');
  process.exit(1);
}

const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`drop database if exists ${databaseName} with (force)`);
await admin.query(`create database ${databaseName}`);
await admin.end();
const url = new URL(base);
url.pathname = `/${databaseName}`;

const database = await openDatabase({ databaseUrl: url.toString() });
const db = database.db;
await migrate(db);

const DUE = '2031-03-01';
const started = Date.now();
await db.transaction().execute(async (trx) => {
  const pricing = await sql<{ id: number }>`
    insert into pricing (organization_id, arch_fees, export_fees, shipping_fees, custom_rxform,
      delay_case_charging, delay_payment_processing, flat_monthly, root_integration, root_integration_with_ai)
    values (null,
      '{"software": 25, "initial_case_setup": 75, "print": 40, "insert_brackets": 30, "rush_case": 50}',
      '{"export_with_guides": 20, "export_with_brackets": 35, "export_tray": 15, "export_aligner_models": 25, "tray_design": 30}',
      '{"express": 25, "urgent": 45, "lightspeed": 90, "international": 60}',
      '[]', 5, 3, 299, 40, 60)
    returning id`.execute(trx);
  await sql`
    insert into pricing_volume_discounts (pricing_id, volume, discount, is_global)
    values (${pricing.rows[0]!.id}, 6, 5, true), (${pricing.rows[0]!.id}, 10, 7.5, true)`.execute(trx);
  await sql`insert into license_types (name, default_seats, monthly_fee) values ('Standard', 2, 299)`.execute(
    trx,
  );
  await sql`
    insert into organizations (name, account_number)
    select 'Billing Practice ' || g, 'BILL-' || g from generate_series(1, ${organizations}) g`.execute(trx);
  await sql`
    insert into users (first_name, last_name, email, email_verified_at)
    select 'Doc', 'Owner ' || o.id, 'owner' || o.id || '@billing.example.test', now() from organizations o`.execute(
    trx,
  );
  await sql`
    insert into organization_user (organization_id, user_id, role)
    select o.id, u.id, 'organization_owner' from organizations o
    join users u on u.email = 'owner' || o.id || '@billing.example.test'`.execute(trx);
  await sql`
    insert into licenses (organization_id, license_type_id, seats)
    select o.id, (select id from license_types limit 1), 2 from organizations o`.execute(trx);
  await sql`
    insert into contracts (organization_id, license_id, payment_status, initial_payment_date, last_payment_date, next_payment_date)
    select l.organization_id, l.id, 'PAID', ${DUE}::date - 30, ${DUE}::date - 30, ${DUE}::date from licenses l`.execute(
    trx,
  );
  await sql`
    insert into payment_methods (organization_id, provider_token, payment_method_nickname, payment_method_type,
      card_exp_datetime, is_primary)
    select o.id, 'offline_card_visa_4242_203512_bench' || o.id, 'Visa ending in 4242', 'card', '2035-12-31', true
    from organizations o`.execute(trx);
  await sql`
    insert into patients (organization_id, user_id, first_name, last_name, case_number_text)
    select ou.organization_id, ou.user_id, 'Pat', 'Case ' || g, 'C-' || ou.organization_id || '-' || g
    from organization_user ou cross join generate_series(1, ${casesPerOrganization}) g`.execute(trx);
  await sql`
    insert into rx_forms (organization_id, patient_id, user_id, jaws_id, rush_case, rush_case_authorized_by,
      root_integration_type, print_assignment, initial_setup_assignment, submitted_at)
    select p.organization_id, p.id, p.user_id, 1 + p.id % 3, p.id % 4 = 0, case when p.id % 4 = 0 then 'Doc' end,
      p.id % 3, 1, 1, ${DUE}::date - 25 + (p.id % 15) * interval '1 day'
    from patients p`.execute(trx);
});
await sql`vacuum analyze`.execute(db);
console.log(
  `${organizations} organizations, ${organizations * casesPerOrganization} cases made in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DEMO: '0',
  DATABASE_URL: url.toString(),
  DATA_DIR: path.join(os.tmpdir(), 'archline-bench-billing'),
});
const app = await buildApp({ config, database, logger: pino({ level: 'silent' }) });

const t0 = Date.now();
const issued = await runBilling(app.ctx, { now: new Date(`${DUE}T02:00:00Z`) });
const t1 = Date.now();
const charged = await runBilling(app.ctx, { now: new Date(`${DUE}T02:00:00Z`.replace('-01T', '-04T')) });
const t2 = Date.now();
const again = await runBilling(app.ctx, { now: new Date(`${DUE}T02:00:00Z`.replace('-01T', '-04T')) });
const t3 = Date.now();

console.log(`issue:  ${issued.ordersIssued} orders in ${((t1 - t0) / 1000).toFixed(1)} s`);
console.log(
  `charge: ${charged.chargesAttempted} charges (${charged.paid} paid) in ${((t2 - t1) / 1000).toFixed(1)} s`,
);
console.log(
  `again:  ${again.ordersIssued} orders, ${again.chargesAttempted} charges in ${((t3 - t2) / 1000).toFixed(1)} s`,
);
console.log(`total:  ${((t2 - t0) / 1000).toFixed(1)} s for ${organizations} organizations`);

await app.close();
await database.close();
