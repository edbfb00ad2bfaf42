/**
 * The accounts the load tests act as, found in a database filled by bench/generate.ts:
 * - management: the newest bench admin (falls back to any admin),
 * - practice: the owner of the active organization with the most patients,
 * - partner: the newest lab partner serving an organization.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../apps/server/src/db/schema.ts';

export type BenchWho = 'management' | 'practice' | 'partner';

export interface BenchUser {
  who: BenchWho;
  user_id: number;
  email: string;
  organization_id: number | null;
  management: boolean;
}

export async function findBenchUser(db: Kysely<DB>, who: BenchWho): Promise<BenchUser> {
  if (who === 'practice') {
    const { rows } = await sql<{ user_id: number; email: string; organization_id: number }>`
      with biggest as (
        select p.organization_id, count(*) as n from patients p
        join organizations o on o.id = p.organization_id and o.deleted_at is null
        group by p.organization_id order by n desc limit 1
      )
      select ou.user_id, u.email, ou.organization_id
      from biggest b join organization_user ou on ou.organization_id = b.organization_id and ou.role = 'organization_owner'
      join users u on u.id = ou.user_id and u.deleted_at is null
      order by ou.user_id limit 1`.execute(db);
    const row = rows[0];
    if (!row) throw new Error('no practice with patients: run bench/generate.ts with --patients first');
    // the practice list works on the user's current organization
    await db
      .updateTable('users')
      .set({ current_organization_id: row.organization_id })
      .where('id', '=', row.user_id)
      .execute();
    return {
      who,
      user_id: Number(row.user_id),
      email: row.email,
      organization_id: Number(row.organization_id),
      management: false,
    };
  }
  const role = who === 'management' ? 'admin' : 'lab_partner';
  const row = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(['users.id', 'users.email'])
    .where('user_roles.role', '=', role)
    .where('users.deleted_at', 'is', null)
    .orderBy(sql`users.email like '%@bench.example.test'`, 'desc')
    .orderBy('users.id', 'desc')
    .executeTakeFirst();
  if (!row) throw new Error(`no ${role} account in this database`);
  return {
    who,
    user_id: row.id,
    email: String(row.email),
    organization_id: null,
    management: who === 'management',
  };
}
