import { usePermissions } from '../../../session/permissions.ts';
import { InstallersManagement } from './installers-management.tsx';

/** The organization page's Installers Management (installers.manage; hidden while read-only). */
export function OrganizationInstallersSection({
  organizationId,
  readOnly,
}: {
  organizationId: number;
  readOnly: boolean;
}) {
  const { can } = usePermissions();
  if (readOnly || !can('installers.manage')) return null;
  return <InstallersManagement organizationId={organizationId} />;
}
