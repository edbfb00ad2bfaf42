/**
 * Large datasets for benchmarks: N organizations, each with users (one doctor owner plus
 * members), locations, a contract for most and submitted Rx-form statistics, and optionally
 * patients with their Rx forms, files (rows only), case notes, on-hold notes, customer and
 * printing requests with items, and initial-case-setup workflows. Made with
 * INSERT ... SELECT generate_series (seconds for tens of thousands, a minute or two for
 * 200,000 patients).
 *
 *   npx tsx bench/generate.ts [organizations=10000] [members=3] [--database NAME] [--patients N] [--teeth]
 *
 *   # the patient-list benchmark dataset (see bench/README.md)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     npx tsx bench/generate.ts 2000 3 --database archline_bench --patients 200000
 *
 * --database NAME creates that database on the DATABASE_URL server when it does not exist and
 * fills it (migrations first); without it the data goes into DATABASE_URL itself, and without
 * DATABASE_URL into the embedded database in DATA_DIR (default ./data).
 * Case statistics are written straight into organization_case_stats / user_case_stats (what the
 * Rx-form trigger maintains) so the hub search sees every status bucket.
 *
 * Patients: 1 in 16 go to the first organization (the big practice: 12,500 of 200,000), 25% to
 * the next 19, the rest spread over the others. List statuses: 4% new without an Rx form, 4% saved for later, 10% new,
 * 12% in progress, 12% awaiting approval, 20% approved, 35% completed, 3% cancelled; 4% on hold,
 * 3% archived, 1% deleted, 5% rush. Rx-form teeth (32 rows each) only with --teeth.
 */
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import type { DB } from '../apps/server/src/db/schema.ts';
import { defaultPasswordHash } from '../apps/server/src/db/seed/factories.ts';

function parseArgs(argv: string[]) {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) positional.push(a);
    else if (a === '--teeth') flags.set('teeth', true);
    else flags.set(a.slice(2), argv[++i] ?? '');
  }
  return { positional, flags };
}

const { positional, flags } = parseArgs(process.argv.slice(2));
const count = Number(positional[0] ?? 10_000);
const membersPerOrganization = Number(positional[1] ?? 3);
const patientCount = Number(flags.get('patients') ?? 0);
const withTeeth = flags.get('teeth') === true;
const databaseName = flags.get('database');
if (
  !Number.isInteger(count) ||
  count < 1 ||
  !Number.isInteger(membersPerOrganization) ||
  membersPerOrganization < 1
) {
  console.error('usage: generate.ts [organizations] [members] [--database NAME] [--patients N] [--teeth]');
  process.exit(1);
}
if (typeof databaseName === 'string' && !/^[a-z_][a-z0-9_]{0,62}$/.test(databaseName)) {
  console.error('--database takes a lower-case PostgreSQL identifier (letters, digits, underscore)');
  process.exit(1);
}

async function databaseUrl(): Promise<string | undefined> {
  const base =
    process.env.DATABASE_URL ?? (databaseName ? 'postgres://postgres@127.0.0.1:5432/postgres' : undefined);
  if (!base || typeof databaseName !== 'string') return base;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [databaseName]);
  if (exists.rowCount === 0) {
    await admin.query(`create database ${databaseName}`);
    console.log(`created database ${databaseName}`);
  }
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

const url = await databaseUrl();
const database = url
  ? await openDatabase({ databaseUrl: url })
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
  // The patients go to the first organizations (the big practices): keep those active.
  await sql`
    update organizations set deleted_at = now() where name like ${`Bench Practice ${run} %`} and id % 50 = 0
      and id > (select min(id) + 20 from organizations where name like ${`Bench Practice ${run} %`})`.execute(
    trx,
  );
});
console.log(
  `${count} organizations, ${count * membersPerOrganization} users, ${count} locations in ${Date.now() - started} ms (run ${run})`,
);

if (patientCount > 0) {
  const t = Date.now();
  await generatePatients(db, run, patientCount);
  console.log(`${patientCount} patients with their cases in ${Date.now() - t} ms`);
}
// statistics for the planner and the visibility map for index-only scans
await sql`vacuum analyze`.execute(db);
console.log(
  `done in ${Date.now() - started} ms; database ${url ? new URL(url).pathname.slice(1) : 'embedded'}`,
);
await database.close();

/**
 * Patients and everything the lists show about them, all with set-based SQL. Each patient's
 * choices come from hashes of its sequence number g, kept in a temporary table with the id it
 * gets (taken from the identity sequence) so the later tables can join on it.
 */
async function generatePatients(db: Kysely<DB>, run: string, total: number): Promise<void> {
  const passwordHash = await defaultPasswordHash();
  const step = async (label: string, work: (trx: Kysely<DB>) => Promise<unknown>) => {
    const t = Date.now();
    await db.transaction().execute(work);
    console.log(`  ${label}: ${Date.now() - t} ms`);
  };
  await step('staff users', async (trx) => {
    // a staff account for the management list, a lab partner for third-party cases
    await sql`
      insert into users (first_name, last_name, email, password_hash, email_verified_at)
      values ('Bench', 'Admin', ${`admin.${run}@bench.example.test`}, ${passwordHash}, now()),
             ('Bench', 'Partner', ${`partner.${run}@bench.example.test`}, ${passwordHash}, now())`.execute(
      trx,
    );
    await sql`
      insert into user_roles (user_id, role)
      select id, case when email like 'admin.%' then 'admin' else 'lab_partner' end
      from users where email in (${`admin.${run}@bench.example.test`}, ${`partner.${run}@bench.example.test`})`.execute(
      trx,
    );
    await sql`update users set password_hash = ${passwordHash} where email like ${`${run}.%`} and password_hash is null`.execute(
      trx,
    );
  });
  await step('organizations of the run', async (trx) => {
    await sql`drop table if exists bench_orgs`.execute(trx);
    await sql`
      create unlogged table bench_orgs as
      select o.id, (row_number() over (order by o.id) - 1)::int as k,
        (select array_agg(ou.user_id order by ou.user_id) from organization_user ou where ou.organization_id = o.id) as doctors,
        (select min(l.id) from locations l where l.organization_id = o.id) as location_id
      from organizations o where o.name like ${`Bench Practice ${run} %`}`.execute(trx);
    await sql`create unique index on bench_orgs (k)`.execute(trx);
    // one in twenty practices works with the lab partner (third-party assignments)
    await sql`
      insert into organization_preferences (organization_id, third_party_partner_user_id, print_assignments)
      select b.id, (select id from users where email = ${`partner.${run}@bench.example.test`}), '{1,2,3}'
      from bench_orgs b where b.k % 20 = 1
      on conflict (organization_id) do update set third_party_partner_user_id = excluded.third_party_partner_user_id`.execute(
      trx,
    );
  });
  const orgs = Number(
    (await sql<{ n: number }>`select count(*)::int as n from bench_orgs`.execute(db)).rows[0]!.n,
  );
  const spread = Math.max(orgs - 20, 1);
  await step('patients', async (trx) => {
    await sql`drop table if exists bench_patients`.execute(trx);
    // h1..h3: independent pseudo-random numbers in [0, 2^31) per patient
    await sql`
      create unlogged table bench_patients as
      with s as (
        select g, hashint4(g) & 2147483647 as h1, hashint4(g + 1000003) & 2147483647 as h2,
          hashint4(g + 2000003) & 2147483647 as h3
        from generate_series(1, ${total}) g
      )
      select nextval(pg_get_serial_sequence('patients', 'id')) as id, g, h1, h2, h3,
        case when ${orgs} <= 20 then g % ${orgs}
             when g % 16 = 0 then 0
             when g % 16 < 5 then 1 + (g / 16) % 19
             else 20 + g % ${spread} end as k,
        case when h1 % 100 < 4 then 'new_empty' when h1 % 100 < 8 then 'new_saved' when h1 % 100 < 18 then 'new'
             when h1 % 100 < 30 then 'in_progress' when h1 % 100 < 42 then 'awaiting_approval'
             when h1 % 100 < 62 then 'approved' when h1 % 100 < 97 then 'completed' else 'cancelled' end as status,
        now() - (h2 % (730 * 24 * 60)) * interval '1 minute' - interval '1 hour' as created_at
      from s`.execute(trx);
    await sql`alter table bench_patients add primary key (id)`.execute(trx);
    await sql`
      insert into patients (id, organization_id, user_id, created_by_user_id, first_name, last_name, case_number_text,
        patient_status_id, setup_completed_at, held_at, held_by_group, deleted_at, deleted_kind, archived_by_name,
        archived_reason, internal_notes, physical_tech_notes, markers, created_at, updated_at)
      overriding system value
      select p.id, o.id, o.doctors[1 + p.h3 % cardinality(o.doctors)], o.doctors[1],
        (array['Emma','Liam','Olivia','Noah','Ava','Elijah','Sophia','Lucas','Isabella','Mason','Mia','Ethan','Amelia',
               'Logan','Harper','James','Evelyn','Aiden','Abigail','Carter','Ella','Jackson','Scarlett','Sebastian',
               'Grace','Mateo','Chloe','Henry','Zoey','Owen','Lily','Wyatt','Hannah','Julian','Nora','Levi','Riley',
               'Gabriel','Aria','Isaac'])[1 + p.h2 % 40],
        (array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez',
               'Hernandez','Lopez','Gonzalez','Wilson','Anderson','Thomas','Taylor','Moore','Jackson','Martin','Lee',
               'Perez','Thompson','White','Harris','Sanchez','Clark','Ramirez','Lewis','Robinson','Walker','Young',
               'Allen','King','Wright','Scott','Torres','Nguyen','Hill','Flores','Green','Adams','Nelson','Baker',
               'Hall','Rivera','Campbell','Mitchell','Carter','Roberts'])[1 + p.h3 % 50],
        case when p.h3 % 100 < 85 then 'C-' || p.g end,
        case when p.status = 'completed' then 3 else 1 end,
        case when p.status = 'completed' then least(now(), p.created_at + interval '30 days') end,
        case when p.h2 % 25 = 0 and p.status not in ('completed', 'cancelled') then least(now(), p.created_at + interval '2 days') end,
        case when p.h2 % 25 = 0 and p.status not in ('completed', 'cancelled') then 1 + p.h1 % 2 end,
        case when p.h3 % 100 in (50, 51, 52, 53) then least(now(), p.created_at + interval '5 days') end,
        case when p.h3 % 100 in (50, 51, 52) then 'archived' when p.h3 % 100 = 53 then 'deleted' end,
        case when p.h3 % 100 in (50, 51, 52, 53) then 'Bench Doctor' end,
        case when p.h3 % 100 in (50, 51, 52, 53) then 'Patient transferred.' end,
        case when p.h1 % 7 = 0 then 'Check the lower scan before S2.' end,
        case when p.h1 % 11 = 0 then 'Trays trimmed 2 mm above the gingival line.' end,
        case when p.h2 % 9 = 0 then '[{"symbol":"R","color":"#D32F2F"}]'::jsonb else '[]'::jsonb end,
        p.created_at,
        least(now(), p.created_at + (p.h1 % 40) * interval '1 day')
      from bench_patients p join bench_orgs o on o.k = p.k`.execute(trx);
    await sql`select setval(pg_get_serial_sequence('patients', 'id'), (select max(id) from patients))`.execute(
      trx,
    );
  });
  await step('rx forms', async (trx) => {
    // the per-row statistics trigger recounts the whole organization each time (quadratic for a
    // big practice): off for this insert, then the statistics are recomputed once, set-based
    await sql`alter table rx_forms disable trigger rx_forms_case_stats`.execute(trx);
    await sql`
      insert into rx_forms (organization_id, patient_id, user_id, created_by_user_id, location_id, shipping_location_id,
        shipping_method_id, status_id, status_updated_at, ready_at, completed_at, cancelled_at, submitted_at,
        submission_completed_by, saved_for_later, scan_submission_type, scanner_type, jaws_id, export_type,
        print_assignment, insert_brackets_assignment, rush_case, rush_case_authorized_by, intraoral_scan_date,
        bonding_date, created_at, updated_at)
      select pt.organization_id, p.id, pt.user_id, pt.user_id, o.location_id, o.location_id,
        (select min(id) from shipping_methods),
        case p.status when 'in_progress' then 2 when 'awaiting_approval' then 3 when 'approved' then 4
                      when 'completed' then 4 when 'cancelled' then 5 else 1 end,
        least(now(), p.created_at + interval '1 day'),
        case when p.status in ('awaiting_approval', 'approved', 'completed') then least(now(), p.created_at + interval '2 days') end,
        case when p.status in ('approved', 'completed') then least(now(), p.created_at + interval '3 days') end,
        case when p.status = 'cancelled' then least(now(), p.created_at + interval '1 day') end,
        case when p.status <> 'new_saved' then least(now(), p.created_at + interval '10 minutes') end,
        case when p.status <> 'new_saved' then 1 end,
        p.status = 'new_saved',
        1, 1 + p.h2 % 7, case when p.h3 % 5 = 0 then 1 else 3 end, 1,
        case when o.k % 20 = 1 and p.h1 % 3 = 0 then 3 else 1 + p.h2 % 2 end,
        1,
        p.h3 % 20 = 7 and p.status <> 'new_saved',
        case when p.h3 % 20 = 7 and p.status <> 'new_saved' then 'Bench Doctor' end,
        (p.created_at - interval '2 days')::date, (p.created_at + interval '21 days')::date,
        p.created_at, pt.updated_at
      from bench_patients p join bench_orgs o on o.k = p.k join patients pt on pt.id = p.id
      where p.status <> 'new_empty'`.execute(trx);
    await sql`alter table rx_forms enable trigger rx_forms_case_stats`.execute(trx);
    await sql`
      insert into organization_case_stats (organization_id, first_submission_at, newest_submission_at, submissions)
      select r.organization_id, min(r.submitted_at), max(r.submitted_at), count(*)
      from rx_forms r join bench_orgs o on o.id = r.organization_id
      where r.submitted_at is not null group by r.organization_id
      on conflict (organization_id) do update set first_submission_at = excluded.first_submission_at,
        newest_submission_at = excluded.newest_submission_at, submissions = excluded.submissions`.execute(
      trx,
    );
    await sql`
      insert into user_case_stats (user_id, first_submission_at, newest_submission_at, submissions)
      select r.user_id, min(r.submitted_at), max(r.submitted_at), count(*)
      from rx_forms r join bench_orgs o on o.id = r.organization_id
      where r.submitted_at is not null group by r.user_id
      on conflict (user_id) do update set first_submission_at = excluded.first_submission_at,
        newest_submission_at = excluded.newest_submission_at, submissions = excluded.submissions`.execute(
      trx,
    );
    if (withTeeth) {
      await sql`
        insert into rx_form_teeth (rx_form_id, tooth, value)
        select r.id, t.tooth, case when t.n between 3 and 12 then 1 else 0 end
        from rx_forms r join bench_patients p on p.id = r.patient_id
        cross join (select jaw || lpad(n::text, 2, '0') as tooth, n from unnest(array['u', 'l']) jaw, generate_series(0, 15) n) t`.execute(
        trx,
      );
    }
  });
  await step('files (rows)', async (trx) => {
    // STL files for both arches, an IOS zip on 30%, two photos on 40%
    await sql`
      insert into patient_files (patient_id, patient_file_type_id, name, original_name, storage_path, size_bytes,
        mime_type, tag, uploaded_by_user_id, created_at, updated_at)
      select p.id, f.type, f.name, f.name, 'patients/' || p.id || '/' || md5(p.id || f.name) || '/' || f.name,
        f.size, f.mime, f.tag, pt.user_id, p.created_at, p.created_at
      from bench_patients p join patients pt on pt.id = p.id
      cross join lateral (values
        (2, 'upper.stl', 2400000, 'model/stl', 'stl_maxillary', true),
        (2, 'lower.stl', 2200000, 'model/stl', 'stl_mandibular', true),
        (1, 'scan.zip', 5200000, 'application/zip', null, p.h2 % 10 < 3),
        (3, 'photo 1.png', 350000, 'image/png', null, p.h3 % 10 < 4),
        (3, 'photo 2.png', 340000, 'image/png', null, p.h3 % 10 < 4)
      ) as f(type, name, size, mime, tag, present)
      where p.status not in ('new_empty', 'new_saved') and f.present`.execute(trx);
    await sql`
      update patients pt set ios_file_id = f.id
      from patient_files f join bench_patients p on p.id = f.patient_id
      where f.patient_id = pt.id and f.patient_file_type_id = 1`.execute(trx);
  });
  await step('case notes and on-hold notes', async (trx) => {
    await sql`
      insert into case_notes (patient_id, author_id, author_type, author_name, message, created_at)
      select p.id, case when n % 2 = 1 then pt.user_id end, case when n % 2 = 1 then 'doctor' else 'management' end,
        case when n % 2 = 1 then 'Bench Doctor' else 'Bench Admin' end,
        case when n % 2 = 1 then 'Please keep the lower incisors as they are.' else 'Setup is ready for your review.' end,
        least(now(), p.created_at + n * interval '6 hours')
      from bench_patients p join patients pt on pt.id = p.id cross join generate_series(1, 1 + p.h2 % 4) n
      where p.h1 % 4 = 0 and p.status <> 'new_empty'`.execute(trx);
    await sql`
      insert into on_hold_notes (patient_id, name, note, is_on_hold_reason, created_at)
      select pt.id, 'Bench Doctor', 'Waiting for a new scan.', true, pt.held_at
      from patients pt join bench_patients p on p.id = pt.id where pt.held_at is not null`.execute(trx);
  });
  await step('customer and printing requests', async (trx) => {
    // the per-row trigger keeping the ship date on the patient would update a patient per request:
    // off for the bulk insert, the ship dates are then set in one statement
    await sql`alter table printing_requests disable trigger user`.execute(trx);
    // approved and completed cases have a request; open ones ship from three days ago to a week ahead
    await sql`
      insert into customer_requests (organization_id, patient_id, status_id, status_updated_at, completed_at, created_at, updated_at)
      select pt.organization_id, p.id, case when p.status = 'completed' then 4 else 1 + p.h2 % 2 end,
        least(now(), p.created_at + interval '4 days'), case when p.status = 'completed' then least(now(), p.created_at + interval '9 days') end,
        least(now(), p.created_at + interval '4 days'), least(now(), p.created_at + interval '4 days')
      from bench_patients p join patients pt on pt.id = p.id
      where p.status in ('approved', 'completed')`.execute(trx);
    await sql`
      insert into printing_requests (customer_request_id, patient_id, location_id, shipping_method_id,
        printing_request_status_id, assigned_to, ship_date, expected_arrival_date, tracking_number, completed_at,
        created_at, updated_at)
      select c.id, c.patient_id, r.shipping_location_id, r.shipping_method_id,
        case when c.status_id = 4 then 3 else c.status_id end, coalesce(r.print_assignment, 1),
        case when c.status_id = 4 then (least(now(), c.created_at + interval '5 days'))::date else current_date + (p.h3 % 11 - 3) end,
        case when c.status_id = 4 then (least(now(), c.created_at + interval '8 days'))::date else current_date + (p.h3 % 11) end,
        case when c.status_id = 4 then '1Z' || lpad(c.id::text, 12, '0') end,
        c.completed_at, c.created_at, c.updated_at
      from customer_requests c join bench_patients p on p.id = c.patient_id join rx_forms r on r.patient_id = c.patient_id`.execute(
      trx,
    );
    await sql`
      insert into printing_request_items (printing_request_id, jaw_type_id, content_type_id, created_at, updated_at)
      select pr.id, j, 1, greatest(pr.created_at, now() - (p.h1 % 72) * interval '1 hour'), pr.created_at
      from printing_requests pr join bench_patients p on p.id = pr.patient_id cross join generate_series(1, 2) j`.execute(
      trx,
    );
    await sql`alter table printing_requests enable trigger user`.execute(trx);
    const kept = await sql`
      select 1 from information_schema.columns
      where table_schema = current_schema() and table_name = 'patients' and column_name = 'ship_date'`.execute(
      trx,
    );
    if (kept.rows.length) {
      // the ship date of the latest open printing request, whether it is completed, and its
      // shipment key (ship date, location; no bundles in the dataset)
      await sql`
        update patients pt set ship_date = l.ship_date, ship_completed = l.completed,
          ship_request_id = l.id,
          shipment_key = coalesce(to_char(l.ship_date, 'YYYY-MM-DD'), '9999-12-31')
            || '|' || coalesce(lpad(l.location_id::text, 12, '0'), '~') || '|~'
        from (
          select distinct on (pr.patient_id) pr.patient_id, pr.id, pr.ship_date, pr.location_id,
            pr.printing_request_status_id = 3 as completed
          from printing_requests pr join bench_patients p on p.id = pr.patient_id
          where pr.printing_request_status_id <> 4
          order by pr.patient_id, pr.created_at desc, pr.id desc
        ) l
        where l.patient_id = pt.id`.execute(trx);
    }
  });
  await step('initial case setup workflows', async (trx) => {
    await sql`
      insert into tech_workflows (type, patient_id, created_at, updated_at)
      select 'initial_case_setup', p.id, least(now(), p.created_at + interval '1 day'), least(now(), p.created_at + interval '2 days')
      from bench_patients p where p.status in ('in_progress', 'awaiting_approval', 'approved', 'completed')`.execute(
      trx,
    );
    await sql`
      insert into tech_workflow_processes (tech_workflow_id, step, process, status, started_at, finished_at, created_at, updated_at)
      select w.id, s.step, s.process,
        case when p.status <> 'in_progress' or s.step <= p.h3 % 6 then 'COMPLETED'
             when s.step = p.h3 % 6 + 1 then 'IN_PROGRESS' else 'NEW' end,
        case when p.status <> 'in_progress' or s.step <= p.h3 % 6 + 1 then least(now(), w.created_at + s.step * interval '2 hours') end,
        case when p.status <> 'in_progress' or s.step <= p.h3 % 6 then least(now(), w.created_at + s.step * interval '2 hours' + interval '90 minutes') end,
        w.created_at, w.updated_at
      from tech_workflows w join bench_patients p on p.id = w.patient_id
      cross join (values (1, 'S1'), (2, 'S2'), (3, 'S3'), (4, 'S4'), (5, 'S5'), (6, 'QA')) as s(step, process)`.execute(
      trx,
    );
  });
  await sql`drop table if exists bench_patients`.execute(db);
  await sql`drop table if exists bench_orgs`.execute(db);
  console.log(
    `  sign-in: admin.${run}@bench.example.test (admin), partner.${run}@bench.example.test (lab partner), ` +
      `${run}.1@bench.example.test (owner of the biggest practice); password DemoPass123`,
  );
}
