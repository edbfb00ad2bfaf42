import '@testing-library/jest-dom/vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeUser } from './me.ts';
import { useOrganizationPermissions } from './permissions.ts';

const session = vi.hoisted(() => ({ user: undefined as unknown }));
vi.mock('./session.tsx', () => ({ useSession: () => ({ user: session.user }) }));

function user(roles: string[], allPermissions: string[], pivot: string[] = []): MeUser {
  return {
    id: 1,
    first_name: 'Sam',
    last_name: 'Staff',
    full_name: 'Sam Staff',
    email: 'sam@example.test',
    roles: roles.map((name) => ({ name })),
    all_permissions: allPermissions,
    organizations: pivot.length
      ? [{ id: 7, name: 'Bright Smiles', pivot: { role: 'organization_owner', all_permissions: pivot } }]
      : [],
    current_organization_id: pivot.length ? 7 : null,
  } as unknown as MeUser;
}

let calls: string[];
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(new URL(url, 'http://x').pathname);
      return new Response(
        JSON.stringify({
          data: {
            organization_id: 7,
            organization_role: null,
            permissions: ['organizations.view-any', 'organization.rx-form-preference.update'],
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {children}
  </QueryClientProvider>
);

describe('useOrganizationPermissions', () => {
  it("a staff user working inside an organization: the session floor plus the organization's list", async () => {
    session.user = user(['admin'], ['organizations.view-any']);
    const { result } = renderHook(() => useOrganizationPermissions(7), { wrapper });
    // Until the list answers, the floor alone.
    expect(result.current.can('organizations.view-any')).toBe(true);
    await waitFor(() => expect(result.current.can('organization.rx-form-preference.update')).toBe(true));
    expect(calls).toEqual(['/services/api/v2/organizations/7/current_user_permissions']);
  });

  it('a practice user keeps the floor of the current organization (no call)', async () => {
    session.user = user(['doctor'], [], ['organization.update']);
    const { result } = renderHook(() => useOrganizationPermissions(7), { wrapper });
    expect(result.current.can('organization.update')).toBe(true);
    expect(result.current.can('organization.rx-form-preference.update')).toBe(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
  });
});
