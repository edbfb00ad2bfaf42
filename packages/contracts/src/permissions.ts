/**
 * Every permission name of Archline, declared once.
 *
 * Naming: `area.action` is a global capability (any organization, the management profile);
 * `organization.area.action` is the same capability limited to the organizations the caller may
 * see (their memberships, or for a lab partner the organizations assigned to the third party).
 * Spec: section 6 of the three documents plus the gates in their sections 2, 4 and 5.
 * Where the spec gives a family in short form ("printing-request-items.manage, .update, .delete
 * (and organization variants)", "reports.{report}.export") every member is spelled out here.
 */
export const PERMISSIONS = [
  // Patients (document 1 section 6: patient action gates)
  'patients.manage',
  'patients.supervise',
  'patients.update',
  'patients.toggle-hold',
  'patients.archive',
  'patients.delete',
  'patients.complete-setup',
  'patients.case-reversal',
  'patients.ios.restore-tech-backup',
  'patients.view-archived',
  'patients.view-access-history',
  'organization.patients.view-any',
  'organization.patients.toggle-hold',
  'organization.patients.delete',
  'organization.patients.case-reversal',
  'organization.patients.ios.restore-tech-backup',
  'organization.patients.update-management-data',
  'organization.add-arch',

  // Patient files (document 1 section 6: file management, relu)
  'patient-files.manage',
  'patient-files.create',
  'patient-files.delete',
  'patient-files.relu.flag-job',
  'patient-files.relu.reprocess-job',
  'printing-files.view',
  'organization.patient-files.create',
  'organization.patient-files.delete',

  // Rx forms and case entry (document 2 sections 2 and 6)
  'rx-forms.manage',
  'rx-forms.mark-as-ready',
  'rx-forms.select-doctor',
  'rx-forms.assign',
  'rx-forms.update-management-data',
  'rx-forms.customize-default-layout',
  'rx-forms.customize-organization-layout',
  'organization.rx-forms.mark-as-ready',
  'organization.rx-forms.select-doctor',
  'organization.rx-forms.assign',
  'organization.rx-form-preference.update',
  // Archline addition: authorizing a rush case (the spec's rush_case "with authorizing name").
  'organization.rx-forms.authorize-rush-case',

  // Customer requests (document 2 section 6)
  'customer-requests.manage',
  'customer-requests.cancel',
  'customer-requests.complete',
  'customer-requests.complete-assigned',
  'customer-requests.update-management-data',
  'customer-requests.apply-custom-shipping-fee',
  'customer-requests.apply-internal-shipping-cost',
  'organization.customer-requests.view-any',

  // Printing, flawed trays, tray design, batches (document 2 section 6)
  'printing-request-items.manage',
  'printing-request-items.update',
  'printing-request-items.delete',
  'organization.printing-request-items.manage',
  'organization.printing-request-items.update',
  'organization.printing-request-items.delete',
  'printing-requests.manage',
  'printing-requests.update-shipping-information',
  'printing-requests.assign',
  'organization.printing-requests.update-shipping-information',
  'organization.printing-requests.assign',
  'flawed-trays.manage',
  'flawed-trays.update',
  'flawed-trays.correct',
  'tray-design-requests.manage',
  'batches.manage',

  // Organizations and members (document 3 section 6)
  'organizations.manage',
  'organizations.update',
  'organizations.view-any',
  'organizations.add_member',
  'organizations.change-member-role',
  'organizations.remove-manager',
  'organizations.organization.user.update',
  'organizations.assign-organization-type',
  'organizations.send-invite-to-create',
  'organization-types.manage',
  'organization.view',
  'organization.update',
  'organization.archive',
  'organization.un-archive',
  'organization.view-archived',
  'organization.webhooks.manage',
  'organization.notification-settings.update',
  'organization.onboarding.view',
  'organization.onboarding.proceed',

  // Billing: pricing, orders, payment methods, contracts, promotion codes, periodic rules
  'pricing.update',
  'organization.pricing.update',
  'orders.manage',
  'organization.get-current-order',
  'organization.f_m_payment_methods.update',
  'contracts.manage',
  'promotion-codes.manage',
  'periodic-rules.manage',

  // Users (documents 1 and 3 section 6)
  'users.view',
  'users.create',
  'users.update',
  'users.manage',
  'users.manage-limited',
  'users.archive',
  'users.restore',
  'users.delete',
  'users.view-dashboard',
  'users.update-whitehat-integration',
  'users.manage-notification-settings',
  'permissions.manage',

  // Locations
  'locations.manage',
  'locations.create',
  'locations.update',
  'locations.delete',
  'organization.locations.view-any',
  'organization.locations.create',
  'organization.locations.update',
  'organization.locations.delete',

  // Licenses and their devices (the staff's /licenses pages)
  'licenses.view',
  'licenses.manage',

  // Onboarding
  'onboardings.manage',
  'onboardings.update-metadata',
  'onboardings.proceed',

  // Bracket libraries, arch wires, custom bracket sets
  'bracket-libraries.manage',
  'bracket-libraries.view',
  'bracket-libraries.update',
  'bracket-libraries.delete',
  'bracket-libraries.manage-inventory',
  'organization.bracket-libraries.view',
  'organization.bracket-libraries.view-inventory',
  'arch-wires.list',
  'arch-wires.create',
  'arch-wires.update',
  'arch-wires.manage',
  'organization.arch-wires.update',
  'custom-bracket-sets.manage',

  // Installers, announcements (settings tabs)
  'installers.manage',
  'announcement.update',

  // Reports: reports.{report}.export for each report of /export-reports
  'reports.technicians.export',
  'reports.internal-shipping.export',
  'reports.feedbacks.export',
  'reports.invoices.export',
  'reports.deleted-cases.export',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

const PERMISSION_SET: ReadonlySet<string> = new Set(PERMISSIONS);

export function isPermission(value: string): value is Permission {
  return PERMISSION_SET.has(value);
}

/** Money: prices, invoices, payment methods, contracts, promotion codes, billing runs. */
export const BILLING_PERMISSIONS = [
  'pricing.update',
  'organization.pricing.update',
  'orders.manage',
  'organization.get-current-order',
  'organization.f_m_payment_methods.update',
  'contracts.manage',
  'promotion-codes.manage',
  'periodic-rules.manage',
  // the billing save of an organization
  'organizations.update',
  'reports.invoices.export',
] as const satisfies readonly Permission[];

/**
 * What a practice (organization profile) user may ever hold: capabilities inside their own
 * organization. Everything else is management-only.
 */
export const PRACTICE_PERMISSIONS = [
  'organization.view',
  'organization.update',
  'organization.patients.view-any',
  'organization.patients.toggle-hold',
  'organization.patients.delete',
  'organization.patients.case-reversal',
  'organization.patients.ios.restore-tech-backup',
  'organization.add-arch',
  'organization.patient-files.create',
  'organization.patient-files.delete',
  'organization.rx-forms.select-doctor',
  'organization.rx-forms.assign',
  'organization.rx-forms.authorize-rush-case',
  'organization.customer-requests.view-any',
  'organization.printing-requests.update-shipping-information',
  'organization.webhooks.manage',
  'organization.notification-settings.update',
  'organization.onboarding.view',
  'organization.onboarding.proceed',
  'organization.get-current-order',
  'organization.f_m_payment_methods.update',
  'organization.locations.view-any',
  'organization.locations.create',
  'organization.locations.update',
  'organization.locations.delete',
  'organization.bracket-libraries.view',
  'organization.bracket-libraries.view-inventory',
  'organization.arch-wires.update',
  'users.view-dashboard',
] as const satisfies readonly Permission[];

const PRACTICE_SET: ReadonlySet<string> = new Set(PRACTICE_PERMISSIONS);

/** True when only the provider's staff (management profile) may hold the permission. */
export function isManagementOnly(permission: string): boolean {
  return !PRACTICE_SET.has(permission);
}
