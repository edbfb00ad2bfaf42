import { sql, type Kysely } from 'kysely';
import type { LayoutItem } from '@archline/contracts';
import type { DB } from '../../db/schema.ts';

export interface LayoutRow {
  id: number;
  organization_id: number | null;
  form_data: LayoutItem[];
  updated_at: string;
}

function parse(row: {
  id: number | string;
  organization_id: number | string | null;
  form_data: unknown;
  updated_at: Date | string;
}): LayoutRow {
  return {
    id: Number(row.id),
    organization_id: row.organization_id === null ? null : Number(row.organization_id),
    form_data: (typeof row.form_data === 'string'
      ? JSON.parse(row.form_data)
      : row.form_data) as LayoutItem[],
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

const columns = ['id', 'organization_id', 'form_data', 'updated_at'] as const;

/** The stored layout of an organization, or the stored default layout (organizationId null). */
export async function findLayoutOf(db: Kysely<DB>, organizationId: number | null): Promise<LayoutRow | null> {
  const row = await db
    .selectFrom('form_builder_layouts')
    .select(columns)
    .where((eb) =>
      organizationId === null
        ? eb('organization_id', 'is', null)
        : eb('organization_id', '=', organizationId),
    )
    .executeTakeFirst();
  return row ? parse(row) : null;
}

export async function findLayout(db: Kysely<DB>, id: number): Promise<LayoutRow | null> {
  const row = await db
    .selectFrom('form_builder_layouts')
    .select(columns)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? parse(row) : null;
}

/** Inserts a layout; null when the organization (or the default) already has one. */
export async function insertLayout(
  db: Kysely<DB>,
  organizationId: number | null,
  formData: LayoutItem[],
  userId: number,
): Promise<LayoutRow | null> {
  const row = await db
    .insertInto('form_builder_layouts')
    .values({
      organization_id: organizationId,
      form_data: JSON.stringify(formData),
      updated_by_user_id: userId,
    })
    .onConflict((oc) => oc.expression(sql`(coalesce(organization_id, 0))`).doNothing())
    .returning(columns)
    .executeTakeFirst();
  return row ? parse(row) : null;
}

export async function updateLayout(
  db: Kysely<DB>,
  id: number,
  formData: LayoutItem[],
  userId: number,
): Promise<LayoutRow> {
  const row = await db
    .updateTable('form_builder_layouts')
    .set({ form_data: JSON.stringify(formData), updated_by_user_id: userId, updated_at: sql`now()` })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirstOrThrow();
  return parse(row);
}

/** Removes an organization's own layout (it falls back to the default); the id removed, if any. */
export async function deleteLayoutOf(db: Kysely<DB>, organizationId: number): Promise<number | null> {
  const row = await db
    .deleteFrom('form_builder_layouts')
    .where('organization_id', '=', organizationId)
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}
