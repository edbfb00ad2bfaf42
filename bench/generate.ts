/**
 * Large datasets for benchmarks: N organizations, each with users (one doctor owner plus
 * members), locations, a contract for most and submitted Rx-form statistics, made with
 * INSERT ... SELECT generate_series (seconds for tens of thousands).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/archline npx tsx bench/generate.ts 20000
 *
 * Without DATABASE_URL it writes to the embedded database in DATA_DIR (default ./data).
 * Case statistics are written straight into organization_case_stats / user_case_stats (what the
 * Rx-form trigger maintains) so the hub search sees every status bucket.
 */
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';

const count = Number(process.argv[2] ?? 10_000);
const membersPerOrganization = Number(process.argv[3] ?? 3);

const database = process.env.DATABASE_URL
  ? await openDatabase({ databaseUrl: process.env.DATABASE_URL })
  : await openDatabase({
      pgliteDir: process.env.DATA_DIR ? `${process.env.DATA_DIR}/pglite` : './data/pglite',
    });
const db = database.db;
await migrate(db);
const started = Date.now();
const run = `b${Date.now().toString(36)}`;

await db.transaction().execute(async (trx) => {
  await sql`
    insert into organizations (name, account_number, created_at)
    select 'Bench Practice ' || ${run} || ' ' || g, upper(${run}) || '-' || g, now() - (g % 1000) * interval '1 day'
    from generate_series(1, ${count}) g`.execute(trx);
  await sql`
    insert into users (first_name, last_name, email, email_verified_at, created_at, last_login_at, last_activity_at)
    select 'Doc' || g, 'Bench' || (g % 997), ${run} || '.' || g || '@bench.example.test', now(),
      now() - (g % 700) * interval '1 day', now() - (g % 90) * interval '1 day', now() - (g % 30) * interval '1 hour'
    from generate_series(1, ${count * membersPerOrganization}) g`.execute(trx);
  await sql`
    insert into user_roles (user_id, role)
    select id, 'doctor' from users where email like ${`${run}.%`}`.execute(trx);
  // The users of organization k are the k-th block of membersPerOrganization users; the first is the owner.
  await sql`
    with o as (select id, row_number() over (order by id) - 1 as k from organizations where name like ${`Bench Practice ${run} %`}),
         u as (select id, row_number() over (order by id) - 1 as n from users where email like ${`${run}.%`})
    insert into organization_user (organization_id, user_id, role)
    select o.id, u.id, case when u.n % ${membersPerOrganization} = 0 then 'organization_owner' else 'organization_member' end
    from u join o on o.k = u.n / ${membersPerOrganization}`.execute(trx);
  await sql`
    update users u set current_organization_id = ou.organization_id
    from organization_user ou where ou.user_id = u.id and u.email like ${`${run}.%`}`.execute(trx);
  await sql`
    insert into locations (organization_id, location_name, first_name, last_name, email, phone_number, street_address, city, state, country, zip_code)
    select o.id, 'Office ' || o.id, 'Front', 'Desk', 'office' || o.id || '@bench.example.test', '+13035550100',
      (o.id % 900 + 1) || ' Main Street', (array['Denver','Austin','Boston','Miami','Seattle'])[o.id % 5 + 1], 'CO', 'USA', lpad((o.id % 99999)::text, 5, '0')
    from organizations o where o.name like ${`Bench Practice ${run} %`}`.execute(trx);
  // Buckets: 1 in 6 a lead (no contract), others contracted; some onboarding, some archived.
  await sql`
    insert into contracts (organization_id, payment_status)
    select id, 'PAID' from organizations where name like ${`Bench Practice ${run} %`} and id % 6 <> 0`.execute(
    trx,
  );
  await sql`
    insert into onboardings (organization_id, status, current_step)
    select id, case when id % 6 = 1 then 5 else 10 end, case when id % 6 = 1 then 3 else 8 end
    from organizations where name like ${`Bench Practice ${run} %`}`.execute(trx);
  await sql`
    insert into organization_case_stats (organization_id, first_submission_at, newest_submission_at, submissions)
    select id, now() - (id % 400) * interval '1 day', now() - (id % 120) * interval '1 day', (id % 50) + 1
    from organizations where name like ${`Bench Practice ${run} %`} and id % 6 not in (0, 2)`.execute(trx);
  await sql`
    insert into user_case_stats (user_id, first_submission_at, newest_submission_at, submissions)
    select ou.user_id, s.first_submission_at, s.newest_submission_at, s.submissions
    from organization_user ou join organization_case_stats s on s.organization_id = ou.organization_id
    where ou.role = 'organization_owner' and ou.user_id in (select id from users where email like ${`${run}.%`})`.execute(
    trx,
  );
  await sql`
    update organizations set deleted_at = now() where name like ${`Bench Practice ${run} %`} and id % 50 = 0`.execute(
    trx,
  );
});
await sql`analyze`.execute(db);
console.log(
  `${count} organizations, ${count * membersPerOrganization} users, ${count} locations in ${Date.now() - started} ms (run ${run})`,
);
await database.close();
