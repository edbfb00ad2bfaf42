import { DEFAULT_RX_FORM_PREFERENCE, assignmentDefaults, doctorSelectionApplies } from '@archline/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { toRouteUser } from '../../../session/access.ts';
import type { MeUser } from '../../../session/me.ts';
import { permissionsOf } from '../../../session/permissions.ts';
import {
  initialSetupConfigurationQuery,
  layoutQuery,
  locationsQuery,
  preferenceQuery,
  pricingQuery,
  printRequestConfigurationQuery,
} from '../api/case-entry.ts';
import type { RxFormSetup } from './rx-form-fields.tsx';

/** The organization's context of the case form: RxForm preference, layout, locations, doctor selection. */
export function useCaseSetup(user: MeUser, organizationId: number) {
  const preference = useQuery(preferenceQuery(organizationId));
  const layout = useQuery(layoutQuery(organizationId));
  const locations = useQuery(locationsQuery(organizationId));
  // Shown with rush and root integration; the form works without it.
  const pricing = useQuery(pricingQuery(organizationId));
  // The assignments a new case starts with; without them the first options are the defaults.
  const initialSetup = useQuery(initialSetupConfigurationQuery(organizationId));
  const printRequest = useQuery(printRequestConfigurationQuery(organizationId));
  const routeUser = toRouteUser(user);
  const membership = user.organizations.find((o) => o.id === organizationId);
  const setup = useMemo<RxFormSetup | null>(() => {
    if (!preference.data || !layout.data || !locations.data) return null;
    const p = preference.data.data;
    const initial = initialSetup.data?.data;
    const print = printRequest.data?.data;
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
      assignmentDefaults:
        initial && print
          ? assignmentDefaults(
              { assignments: p.initial_setup_assignments, default_assignment: initial.default_assignment },
              {
                print_assignments: p.print_assignments,
                insert_brackets_assignments: p.insert_brackets_assignments,
                default_print_assignment: print.default_print_assignment,
                default_insert_brackets_assignment: print.default_insert_brackets_assignment,
              },
            )
          : undefined,
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
  }, [
    preference.data,
    layout.data,
    locations.data,
    pricing.data,
    initialSetup.data,
    printRequest.data,
    organizationId,
    user,
  ]);
  return {
    setup,
    isLoading:
      preference.isLoading ||
      layout.isLoading ||
      locations.isLoading ||
      initialSetup.isLoading ||
      printRequest.isLoading,
    error: preference.error ?? layout.error ?? locations.error,
  };
}
