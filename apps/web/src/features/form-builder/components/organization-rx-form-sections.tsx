import Stack from '@mui/material/Stack';
import { usePermissions } from '../../../session/permissions.ts';
import { CustomizeRxForm } from './customize-rx-form.tsx';
import { RxFormPreferenceCard } from './rx-form-preference-card.tsx';

/**
 * The organization page's RxForm sections, each by permission: RxForm Preference
 * (organization.rx-form-preference.update) and Customize RxForm (rx-forms.customize-organization-layout).
 */
export function OrganizationRxFormSections({
  organizationId,
  readOnly,
}: {
  organizationId: number;
  readOnly: boolean;
}) {
  const { can } = usePermissions();
  const preference = can('organization.rx-form-preference.update');
  const layout = can('rx-forms.customize-organization-layout');
  if (!preference && !layout) return null;
  return (
    <Stack spacing={3}>
      {preference && <RxFormPreferenceCard organizationId={organizationId} canEdit={!readOnly} />}
      {layout && <CustomizeRxForm organizationId={organizationId} canEdit={!readOnly} />}
    </Stack>
  );
}
