// Subpath imports keep the first screen's bundle to the contracts it needs.
import { canAccessRoute } from '@archline/contracts/route-access';
import type { Permission } from '@archline/contracts/permissions';
import { useCallback } from 'react';
import { isBuiltPath } from '../lib/built-routes.ts';
import { toRouteUser } from './access.ts';
import { permissionsOf } from './permissions.ts';
import { useSession } from './session.tsx';

/**
 * `canOpen(path, ...anyOf)`: true when the page is built, the route access table lets the
 * signed-in user in, and (when given) they hold one of the permissions its data needs. Links to
 * other pages are offered only when this is true, so no link ends on 'Page Not Found' or a refusal.
 */
export function useCanOpen(): (path: string, ...anyOf: Permission[]) => boolean {
  const { user } = useSession();
  return useCallback(
    (path: string, ...anyOf: Permission[]) => {
      if (!user || !isBuiltPath(path.split('?')[0] ?? path)) return false;
      if (!canAccessRoute(path.split('?')[0] ?? path, toRouteUser(user))) return false;
      if (anyOf.length === 0) return true;
      const permissions = permissionsOf(user);
      return anyOf.some((p) => permissions.has(p));
    },
    [user],
  );
}
