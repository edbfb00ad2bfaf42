import Stack from '@mui/material/Stack';
import { useSession } from '../../../app/session.tsx';
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
  const { user } = useSession();
  if (!user) return null;
  const permissions = new Set(user.all_permissions);
  const preference = permissions.has('organization.rx-form-preference.update');
  const layout = permissions.has('rx-forms.customize-organization-layout');
  if (!preference && !layout) return null;
  return (
    <Stack spacing={3}>
      {preference && <RxFormPreferenceCard organizationId={organizationId} canEdit={!readOnly} />}
      {layout && <CustomizeRxForm organizationId={organizationId} canEdit={!readOnly} />}
    </Stack>
  );
}
