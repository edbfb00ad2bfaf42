import { DEFAULT_RX_FORM_PREFERENCE, doctorSelectionApplies } from '@archline/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { toRouteUser } from '../../../session/access.ts';
import type { MeUser } from '../../../session/me.ts';
import { permissionsOf } from '../../../session/permissions.ts';
import { layoutQuery, locationsQuery, preferenceQuery, pricingQuery } from '../api/case-entry.ts';
import type { RxFormSetup } from './rx-form-fields.tsx';

/** The organization's context of the case form: RxForm preference, layout, locations, doctor selection. */
export function useCaseSetup(user: MeUser, organizationId: number) {
  const preference = useQuery(preferenceQuery(organizationId));
  const layout = useQuery(layoutQuery(organizationId));
  const locations = useQuery(locationsQuery(organizationId));
  // Shown with rush and root integration; the form works without it.
  const pricing = useQuery(pricingQuery(organizationId));
  const routeUser = toRouteUser(user);
  const membership = user.organizations.find((o) => o.id === organizationId);
  const setup = useMemo<RxFormSetup | null>(() => {
    if (!preference.data || !layout.data || !locations.data) return null;
    const p = preference.data.data;
    return {
      organizationId,
      rushCaseEnabled: p.rush_case_enabled,
      hiddenFields: p.hidden_fields,
      assignments: {
        initial_setup: p.initial_setup_assignments.length
          ? p.initial_setup_assignments
          : DEFAULT_RX_FORM_PREFERENCE.initial_setup_assignments,
        print: p.print_assignments.length
          ? p.print_assignments
          : DEFAULT_RX_FORM_PREFERENCE.print_assignments,
        insert_brackets: p.insert_brackets_assignments.length
          ? p.insert_brackets_assignments
          : DEFAULT_RX_FORM_PREFERENCE.insert_brackets_assignments,
      },
      layout: layout.data.form_data as RxFormSetup['layout'],
      doctorSelection: doctorSelectionApplies(
        {
          profile: routeUser.profile,
          permissions: [...permissionsOf(user)],
          current_organization_id: user.current_organization_id,
        },
        organizationId,
      ),
      defaultDoctorId: user.id,
      locations: locations.data,
      customBracketSetsEnabled:
        routeUser.profile === 'management' ? true : membership?.enable_custom_bracket_sets === true,
      pricing: pricing.data ?? null,
    };
  }, [preference.data, layout.data, locations.data, pricing.data, organizationId, user]);
  return {
    setup,
    isLoading: preference.isLoading || layout.isLoading || locations.isLoading,
    error: preference.error ?? layout.error ?? locations.error,
  };
}
