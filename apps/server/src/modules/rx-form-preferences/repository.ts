import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface PreferenceRow {
  organization_id: number;
  initial_setup_assignments: number[];
  print_assignments: number[];
  insert_brackets_assignments: number[];
  allowed_dibs_options: number[];
  hidden_fields: string[];
  rush_case_enabled: boolean;
  updated_at: string | null;
  third_party_partner: { id: number; name: string } | null;
}

export interface PreferenceFields {
  initial_setup_assignments: number[];
  print_assignments: number[];
  insert_brackets_assignments: number[];
  allowed_dibs_options: number[];
  hidden_fields: string[];
  rush_case_enabled: boolean;
}

/** The organization with its preference row (null columns when it has none) and its partner's name. */
export async function findPreference(db: Kysely<DB>, organizationId: number) {
  const row = await db
    .selectFrom('organizations as o')
    .leftJoin('organization_preferences as p', 'p.organization_id', 'o.id')
    .leftJoin('users as partner', 'partner.id', 'p.third_party_partner_user_id')
    .select([
      'o.id as organization_id',
      'p.organization_id as preference_organization_id',
      'p.initial_setup_assignments',
      'p.print_assignments',
      'p.insert_brackets_assignments',
      'p.allowed_dibs_options',
      'p.hidden_fields',
      'p.rush_case_enabled',
      'p.updated_at',
      'partner.id as partner_id',
      sql<
        string | null
      >`case when partner.id is null then null else partner.first_name || ' ' || partner.last_name end`.as(
        'partner_name',
      ),
    ])
    .where('o.id', '=', organizationId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    exists: row.preference_organization_id !== null,
    organization_id: Number(row.organization_id),
    initial_setup_assignments: (row.initial_setup_assignments ?? null) as number[] | null,
    print_assignments: (row.print_assignments ?? null) as number[] | null,
    insert_brackets_assignments: (row.insert_brackets_assignments ?? null) as number[] | null,
    allowed_dibs_options: (row.allowed_dibs_options ?? null) as number[] | null,
    hidden_fields: (row.hidden_fields ?? null) as string[] | null,
    rush_case_enabled: row.rush_case_enabled ?? null,
    updated_at: row.updated_at ? new Date(row.updated_at).toISOString() : null,
    third_party_partner:
      row.partner_id !== null && row.partner_id !== undefined
        ? { id: Number(row.partner_id), name: row.partner_name ?? '' }
        : null,
  };
}

/** Inserts or updates the organization's preference row (other columns keep their values). */
export async function upsertPreference(db: Kysely<DB>, organizationId: number, fields: PreferenceFields) {
  const values = {
    initial_setup_assignments: fields.initial_setup_assignments,
    print_assignments: fields.print_assignments,
    insert_brackets_assignments: fields.insert_brackets_assignments,
    allowed_dibs_options: fields.allowed_dibs_options,
    hidden_fields: fields.hidden_fields,
    rush_case_enabled: fields.rush_case_enabled,
  };
  await db
    .insertInto('organization_preferences')
    .values({ organization_id: organizationId, ...values })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet({ ...values, updated_at: sql`now()` }))
    .execute();
}
