import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CUSTOM_PERMISSIONS,
  ORGANIZATION_ROLE_PERMISSIONS,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  isManagementOnly,
} from '@archline/contracts';

describe('docs/permissions.md', () => {
  it('shows the matrix exactly as the code declares it', () => {
    // Compared without the padding a formatter may add to the table's cells.
    const squeeze = (text: string) => text.replace(/[ \t]*\|[ \t]*/g, '|');
    const doc = squeeze(
      fs.readFileSync(new URL('../../../../../docs/permissions.md', import.meta.url), 'utf8'),
    );
    const roles = [
      'super_admin',
      'admin',
      'supervisor',
      'tech_support',
      'lab_partner',
      'doctor',
      'staff_member',
    ] as const;
    const orgRoles = ['organization_owner', 'organization_manager', 'organization_member'] as const;
    for (const p of PERMISSIONS) {
      const toggle = CUSTOM_PERMISSIONS.find((c) => c.permission === p);
      const cells = [
        '`' + p + '`',
        ...roles.map((r) => ((ROLE_PERMISSIONS[r] as readonly string[]).includes(p) ? '✓' : '')),
        ...orgRoles.map((r) =>
          (ORGANIZATION_ROLE_PERMISSIONS[r] as readonly string[]).includes(p) ? '✓' : '',
        ),
        toggle ? toggle.profiles.join('/') : '',
        isManagementOnly(p) ? 'management' : 'practice',
      ];
      expect(doc, p).toContain(squeeze('| ' + cells.join(' | ') + ' |'));
    }
  });
});
