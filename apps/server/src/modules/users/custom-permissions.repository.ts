import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface TargetUser {
  id: number;
  roles: string[];
}

/**
 * A user (not removed) if it lies in the scope: 'all', or a member of one of the given
 * organizations. Returns undefined otherwise, so the caller answers 404.
 */
export async function findUserInScope(
  db: Kysely<DB>,
  userId: number,
  scope: 'all' | number[],
): Promise<TargetUser | undefined> {
  if (scope !== 'all' && scope.length === 0) return undefined;
  let query = db
    .selectFrom('users')
    .select((eb) => [
      'users.id',
      eb.fn
        .coalesce(
          eb
            .selectFrom('user_roles')
            .select((r) => r.fn.agg<string[]>('array_agg', ['user_roles.role']).as('roles'))
            .whereRef('user_roles.user_id', '=', 'users.id'),
          eb.val<string[]>([]),
        )
        .as('roles'),
    ])
    .where('users.id', '=', userId)
    .where('users.removed_at', 'is', null);
  if (scope !== 'all') {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('organization_user')
          .select('organization_user.user_id')
          .whereRef('organization_user.user_id', '=', 'users.id')
          .where('organization_user.organization_id', 'in', scope),
      ),
    );
  }
  const row = await query.executeTakeFirst();
  return row ? { id: row.id, roles: row.roles ?? [] } : undefined;
}

export async function listEnabledCustomPermissions(db: Kysely<DB>, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_custom_permissions')
    .select('permission')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.permission);
}

/** Flips one toggle; returns whether it is enabled afterwards. */
export async function toggleCustomPermission(
  db: Kysely<DB>,
  userId: number,
  permission: string,
): Promise<boolean> {
  const removed = await db
    .deleteFrom('user_custom_permissions')
    .where('user_id', '=', userId)
    .where('permission', '=', permission)
    .returning('permission')
    .executeTakeFirst();
  if (removed) return false;
  await db
    .insertInto('user_custom_permissions')
    .values({ user_id: userId, permission })
    .onConflict((oc) => oc.columns(['user_id', 'permission']).doNothing())
    .execute();
  return true;
}
