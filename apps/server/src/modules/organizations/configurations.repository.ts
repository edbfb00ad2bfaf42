/**
 * SQL of an organization's assignment configurations. The options live in the preference row's
 * assignment columns (shared with the RxForm preference), the defaults in its
 * initial_setup_configuration and print_request_configuration documents.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB>;

/** Table defaults of an organization without a preference row. */
const DEFAULT_OPTIONS = [1];

export interface ConfigurationsRow {
  organization_id: number;
  initial_setup_assignments: number[];
  print_assignments: number[];
  insert_brackets_assignments: number[];
  /** Stored defaults (null when never configured). */
  default_assignment: number | null;
  default_print_assignment: number | null;
  default_insert_brackets_assignment: number | null;
  updated_at: string | null;
  third_party_partner: { id: number; name: string } | null;
}

function storedInt(doc: unknown, key: string): number | null {
  if (!doc || typeof doc !== 'object') return null;
  const v = (doc as Record<string, unknown>)[key];
  return typeof v === 'number' && Number.isInteger(v) ? v : null;
}

function ints(v: unknown): number[] {
  return Array.isArray(v) && v.length ? v.map(Number) : DEFAULT_OPTIONS;
}

/** Both configurations of the organization with its partner (undefined when it does not exist). */
export async function findConfigurations(
  db: Db,
  organizationId: number,
): Promise<ConfigurationsRow | undefined> {
  const row = await db
    .selectFrom('organizations as o')
    .leftJoin('organization_preferences as p', 'p.organization_id', 'o.id')
    .leftJoin('users as partner', 'partner.id', 'p.third_party_partner_user_id')
    .select([
      'o.id as organization_id',
      'p.initial_setup_assignments',
      'p.print_assignments',
      'p.insert_brackets_assignments',
      'p.initial_setup_configuration',
      'p.print_request_configuration',
      'p.updated_at',
      'partner.id as partner_id',
      sql<string | null>`partner.first_name || ' ' || partner.last_name`.as('partner_name'),
    ])
    .where('o.id', '=', organizationId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    organization_id: Number(row.organization_id),
    initial_setup_assignments: ints(row.initial_setup_assignments),
    print_assignments: ints(row.print_assignments),
    insert_brackets_assignments: ints(row.insert_brackets_assignments),
    default_assignment: storedInt(row.initial_setup_configuration, 'default_assignment'),
    default_print_assignment: storedInt(row.print_request_configuration, 'default_print_assignment'),
    default_insert_brackets_assignment: storedInt(
      row.print_request_configuration,
      'default_insert_brackets_assignment',
    ),
    updated_at: row.updated_at ? new Date(row.updated_at).toISOString() : null,
    third_party_partner:
      row.partner_id !== null && row.partner_id !== undefined
        ? { id: Number(row.partner_id), name: row.partner_name ?? '' }
        : null,
  };
}

/** Saves the initial setup options and default (the preference row is created when missing). */
export async function saveInitialSetupConfiguration(
  db: Db,
  organizationId: number,
  input: { assignments: number[]; default_assignment: number },
): Promise<void> {
  const values = {
    initial_setup_assignments: input.assignments,
    initial_setup_configuration: JSON.stringify({ default_assignment: input.default_assignment }),
  };
  await db
    .insertInto('organization_preferences')
    .values({ organization_id: organizationId, ...values })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet({ ...values, updated_at: sql`now()` }))
    .execute();
}

/** Saves the print and insert-brackets options and defaults (the preference row is created when missing). */
export async function savePrintRequestConfiguration(
  db: Db,
  organizationId: number,
  input: {
    print_assignments: number[];
    insert_brackets_assignments: number[];
    default_print_assignment: number;
    default_insert_brackets_assignment: number;
  },
): Promise<void> {
  const values = {
    print_assignments: input.print_assignments,
    insert_brackets_assignments: input.insert_brackets_assignments,
    print_request_configuration: JSON.stringify({
      default_print_assignment: input.default_print_assignment,
      default_insert_brackets_assignment: input.default_insert_brackets_assignment,
    }),
  };
  await db
    .insertInto('organization_preferences')
    .values({ organization_id: organizationId, ...values })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet({ ...values, updated_at: sql`now()` }))
    .execute();
}
