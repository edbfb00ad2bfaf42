/**
 * Customer requests (document 2 sections 2, 3, 4, 5 and 7): the /requests list and the request
 * details, printing request items, shipping, assignment and tray design requests.
 *
 * Endpoints (under /services/api/v2):
 * - GET    /customer_requests                      list (ListCustomerRequestsQuery) → ListCustomerRequestsResponse
 * - GET    /customer_requests/{id}                 one request with flawed trays, printing request, tray design
 * - POST   /customer_requests/{id}/cancel          → canceled (customer-requests.cancel | .manage)
 * - POST   /customer_requests/{id}/complete        → completed; tracking_number required with a printing request
 * - PUT    /customer_requests/{id}/management_data (customer-requests.update-management-data | .manage)
 * - PUT    /printing_request_items/{id}            insert_brackets (only while the request is open)
 * - DELETE /printing_request_items/{id}            (only while the request is open)
 * - PUT    /printing_requests/{id}/shipping        location, method and dates (only while open)
 * - PUT    /printing_requests/{id}/assign          assign_to (only while new)
 * - GET    /tray-design-requests/{id}, PUT /tray-design-requests/{id} (file ids)
 *
 * A request is "open" while its status is New or In Progress (status_id 1 and 2): only then may
 * items, shipping and the status change. Completed and canceled requests are read-only.
 */
import { z } from 'zod';
import type { Permission } from './permissions.ts';

// ------------------------------------------------------------------------------ statuses and types

/** Request status ids (document 2 section 9). */
export const REQUEST_STATUS = { new: 1, in_progress: 2, pending: 3, completed: 4, canceled: 5 } as const;
export type RequestStatusKey = keyof typeof REQUEST_STATUS;
export type RequestStatusId = (typeof REQUEST_STATUS)[RequestStatusKey];

export const REQUEST_STATUS_LABELS: Record<RequestStatusId, string> = {
  1: 'New',
  2: 'In Progress',
  3: 'Pending',
  4: 'Completed',
  5: 'Canceled',
};

export const REQUEST_STATUS_KEYS = Object.keys(REQUEST_STATUS) as RequestStatusKey[];

export function requestStatusKey(id: number): RequestStatusKey | null {
  return REQUEST_STATUS_KEYS.find((k) => REQUEST_STATUS[k] === id) ?? null;
}

/** The kinds of request; the kind follows from what the request carries. */
export const REQUEST_TYPES = ['initial_case_setup', 'flawed_tray', 'printing', 'tray_design'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

export const REQUEST_TYPE_LABELS: Record<RequestType, string> = {
  initial_case_setup: 'Initial Case Setup',
  flawed_tray: 'Flawed Tray Correction',
  printing: 'Printing',
  tray_design: 'Tray Design',
};

/** The statuses each kind of request goes through. */
export const REQUEST_TYPE_STATUSES: Record<RequestType, readonly RequestStatusKey[]> = {
  initial_case_setup: ['new', 'in_progress', 'pending', 'completed'],
  flawed_tray: ['new', 'in_progress', 'completed', 'canceled'],
  printing: ['new', 'in_progress', 'completed', 'canceled'],
  tray_design: ['new', 'in_progress', 'completed', 'canceled'],
};

/**
 * The transitions each kind allows. The initial case setup is never canceled (the case is); its
 * pending step waits for the doctor's approval and may go back to work. The other kinds finish or
 * are canceled from New or In Progress.
 */
export const REQUEST_TRANSITIONS: Record<
  RequestType,
  Partial<Record<RequestStatusKey, readonly RequestStatusKey[]>>
> = {
  initial_case_setup: {
    new: ['in_progress'],
    in_progress: ['pending', 'completed'],
    pending: ['in_progress', 'completed'],
  },
  flawed_tray: { new: ['in_progress', 'completed', 'canceled'], in_progress: ['completed', 'canceled'] },
  printing: { new: ['in_progress', 'completed', 'canceled'], in_progress: ['completed', 'canceled'] },
  tray_design: { new: ['in_progress', 'completed', 'canceled'], in_progress: ['completed', 'canceled'] },
};

export function canTransition(type: RequestType, from: RequestStatusKey, to: RequestStatusKey): boolean {
  return REQUEST_TRANSITIONS[type][from]?.includes(to) ?? false;
}

/** The 409 message of a refused transition, or null when it is allowed. */
export function transitionError(type: RequestType, fromId: number, to: RequestStatusKey): string | null {
  const from = requestStatusKey(fromId);
  if (from && canTransition(type, from, to)) return null;
  const kind = REQUEST_TYPE_LABELS[type];
  const fromLabel = from ? REQUEST_STATUS_LABELS[REQUEST_STATUS[from]] : 'Unknown';
  const toLabel = REQUEST_STATUS_LABELS[REQUEST_STATUS[to]];
  return `A ${kind} request that is ${fromLabel} cannot become ${toLabel}.`;
}

/** Open: items, shipping and the status may still change (New or In Progress). */
export function isRequestOpen(statusId: number): boolean {
  return statusId === REQUEST_STATUS.new || statusId === REQUEST_STATUS.in_progress;
}

/** The kind of a request from what it carries. */
export function requestTypeOf(r: {
  has_tray_design: boolean;
  has_flawed_trays: boolean;
  has_printing: boolean;
}): RequestType {
  if (r.has_tray_design) return 'tray_design';
  if (r.has_flawed_trays) return 'flawed_tray';
  if (r.has_printing) return 'printing';
  return 'initial_case_setup';
}

/** The Next Step label when the request's workflow has none to show. */
export const DEFAULT_NEXT_STEP = '1 Generate Tray';

/** Flawed tray status ids and the group label. */
export const FLAWED_TRAY_STATUS = { open: 1, corrected: 2 } as const;
export function flawedTrayGroupLabel(trays: readonly { status_id: number }[]): 'COMPLETED' | 'PENDING' {
  return trays.length > 0 && trays.every((t) => t.status_id === FLAWED_TRAY_STATUS.corrected)
    ? 'COMPLETED'
    : 'PENDING';
}

/** Arch (jaw type) and content type labels. */
export const JAW_TYPE_LABELS: Record<number, string> = { 1: 'Maxillary', 2: 'Mandibular', 3: 'Both' };
/** The file fields of a tray design of this arch: 1 maxillary, 2 mandibular, 3 both. */
export function trayDesignFileFields(jawType: number): ('maxillary_file_id' | 'mandibular_file_id')[] {
  if (jawType === 1) return ['maxillary_file_id'];
  if (jawType === 2) return ['mandibular_file_id'];
  return ['maxillary_file_id', 'mandibular_file_id'];
}

export const CONTENT_TYPE_LABELS: Record<number, string> = { 1: 'IDB tray', 2: 'Guides', 3: 'Brackets' };

/** Texts of the requests area. */
export const REQUEST_MESSAGES = {
  /** The lab's bench labels of a printing request (staff). */
  patientLabelsOnlyStaff: 'Patient labels are printed at the lab.',
  /** Shipping labels (document 2 section 8: the shipment rows' messages). */
  shippingLocationMissing: 'Shipping location is missing.',
  assignedToThirdParty: 'This is assigned to third party partner.',
  differentLocations: 'A shipping label needs requests that ship to one location.',
  shippingLabelPrinted: 'The shipping label has been printed.',
  canceled: 'The request has been canceled.',
  completed: 'The request has been completed.',
  managementDataUpdated: 'The management data has been updated.',
  itemUpdated: 'The item has been updated.',
  itemDeleted: 'The item has been removed.',
  shippingUpdated: 'The shipping information has been updated.',
  assigned: 'The printing request has been assigned.',
  trayDesignUpdated: 'The tray design request has been updated.',
  trackingNumberRequired: 'The tracking number is required.',
  notOpen: 'Only a new or in progress request can be changed.',
  assignOnlyNew: 'Only a new printing request can be assigned.',
  assignWithoutPartner: 'The third party option needs a third party partner for this organization.',
  unknownLocation: 'The selected location is invalid.',
  unknownShippingMethod: 'The selected shipping method is invalid.',
  unknownFile: "The selected file is not one of this patient's files.",
  deliveryRange: 'The delivery date to must be a date after or equal to delivery date from.',
} as const;

/** Realtime event on `patient.{id}` when one of the patient's requests changes: refetch it. */
export const REQUEST_UPDATED_EVENT = 'request-updated';
export interface RequestUpdatedEvent {
  customer_request_id: number;
  status_id: number;
}

// ------------------------------------------------------------------------------ requests

const requiredDate = (field: string) =>
  z
    .string({ error: `The ${field} field is required.` })
    .min(1, `The ${field} field is required.`)
    .pipe(z.iso.date(`The ${field} must be a date (YYYY-MM-DD).`));

const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((v, ctx) => {
    const parts = (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean);
    const ids = parts.map(Number);
    if (ids.some((n) => !Number.isInteger(n) || n < 1)) {
      ctx.addIssue({ code: 'custom', message: 'Must be a list of ids.' });
      return z.NEVER;
    }
    return ids;
  })
  .optional();

export const REQUEST_LIST_STATUSES = ['all', ...REQUEST_STATUS_KEYS] as const;
export type RequestListStatus = (typeof REQUEST_LIST_STATUSES)[number];

export const REQUESTS_PAGE_SIZE = 25;
export const REQUESTS_PAGE_SIZES = [10, 25, 50, 100] as const;

/**
 * GET /customer_requests. `organizationId` narrows to one organization (practice users: always
 * their current one). `doctor` needs organization.customer-requests.view-any.
 */
export const ListCustomerRequestsQuery = z.object({
  organizationId: z.coerce
    .number({ error: 'The organization must be a number.' })
    .int()
    .positive()
    .optional(),
  includes: z.string().max(255).optional(),
  patient: z.string().trim().max(255, 'The patient name must not be greater than 255 characters.').optional(),
  doctor: z.string().trim().max(255, 'The doctor name must not be greater than 255 characters.').optional(),
  location_ids: idList,
  status: z.enum(REQUEST_LIST_STATUSES, { error: 'The selected status is invalid.' }).default('all'),
  page: z.coerce
    .number({ error: 'The page must be a number.' })
    .int('The page must be an integer.')
    .min(1, 'The page must be at least 1.')
    .default(1),
  per_page: z.coerce
    .number({ error: 'The per page must be a number.' })
    .int('The per page must be an integer.')
    .min(1, 'The per page must be at least 1.')
    .max(100, 'The per page must not be greater than 100.')
    .default(REQUESTS_PAGE_SIZE),
});
export type ListCustomerRequestsQuery = z.input<typeof ListCustomerRequestsQuery>;
export type ListCustomerRequestsFilters = z.output<typeof ListCustomerRequestsQuery>;

export const CustomerRequestIdParams = z.object({ id: z.coerce.number().int().positive() });

/** The body may be left out (null or empty): the tracking number is optional in the schema. */
export const CompleteCustomerRequestBody = z.preprocess(
  (v) => v ?? {},
  z.object({
    tracking_number: z
      .string({ error: 'The tracking number must be a string.' })
      .trim()
      .max(255, 'The tracking number must not be greater than 255 characters.')
      .optional()
      .nullable(),
  }),
);
export type CompleteCustomerRequestBody = z.input<typeof CompleteCustomerRequestBody>;

/** Management data: free notes the staff keep on a request. */
export const UpdateManagementDataBody = z.object({
  management_data: z
    .record(z.string().max(64), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]), {
      error: 'The management data field is required.',
    })
    .refine((v) => Object.keys(v).length <= 50, 'The management data may hold at most 50 fields.'),
});
export type UpdateManagementDataBody = z.input<typeof UpdateManagementDataBody>;

export const PrintingRequestItemIdParams = z.object({ id: z.coerce.number().int().positive() });

export const UpdatePrintingRequestItemBody = z.object({
  insert_brackets: z.boolean({ error: 'The insert brackets field is required.' }),
});
export type UpdatePrintingRequestItemBody = z.input<typeof UpdatePrintingRequestItemBody>;

export const PrintingRequestIdParams = z.object({ id: z.coerce.number().int().positive() });

const requiredId = (field: string) =>
  z.coerce
    .number({ error: `The ${field} field is required.` })
    .int(`The ${field} field is required.`)
    .positive(`The ${field} field is required.`);

/** Shipping edit (document 2 section 5): every field required. */
export const UpdateShippingBody = z
  .object({
    patient_id: z.coerce.number().int().positive().optional(),
    location_id: requiredId('location id'),
    shipping_method_id: requiredId('shipping method id'),
    expected_arrival_date: requiredDate('expected arrival date'),
    delivery_date_from: requiredDate('delivery date from'),
    delivery_date_to: requiredDate('delivery date to'),
  })
  .refine((v) => v.delivery_date_to >= v.delivery_date_from, {
    path: ['delivery_date_to'],
    message: REQUEST_MESSAGES.deliveryRange,
  });
export type UpdateShippingBody = z.input<typeof UpdateShippingBody>;

export const AssignPrintingRequestBody = z.object({
  assign_to: z.union([z.literal(1), z.literal(2), z.literal(3)], {
    error: 'The assign to field must be 1 (provider), 2 (in-office) or 3 (third party).',
  }),
});
export type AssignPrintingRequestBody = z.input<typeof AssignPrintingRequestBody>;

export const TrayDesignRequestIdParams = z.object({ id: z.coerce.number().int().positive() });

const optionalFileId = z
  .number({ error: 'The file id must be a number.' })
  .int('The file id must be a number.')
  .positive('The file id must be a number.')
  .nullable()
  .optional();

export const UpdateTrayDesignRequestBody = z
  .object({ maxillary_file_id: optionalFileId, mandibular_file_id: optionalFileId })
  .refine((v) => v.maxillary_file_id !== undefined || v.mandibular_file_id !== undefined, {
    message: 'The maxillary file id or the mandibular file id is required.',
    path: ['maxillary_file_id'],
  });
export type UpdateTrayDesignRequestBody = z.input<typeof UpdateTrayDesignRequestBody>;

// ------------------------------------------------------------------------------ responses

const NamedRef = z.object({ id: z.number().int(), name: z.string() });

export const RequestPatient = z.object({
  id: z.number().int(),
  full_name: z.string(),
  case_number_text: z.string().nullable(),
  numeric_suffix: z.number().int().nullable(),
  user: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  organization: NamedRef,
});

export const CustomerRequestListItem = z.object({
  id: z.number().int(),
  type: z.enum(REQUEST_TYPES),
  status_id: z.number().int(),
  status: z.string(),
  patient: RequestPatient,
  /** Management only (null for practice users): the next process of the request's workflow. */
  next_step: z.string().nullable(),
  /** The oldest item of the request (age chip), or its creation. */
  oldest_item_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomerRequestListItem = z.infer<typeof CustomerRequestListItem>;

export const ListCustomerRequestsResponse = z.object({
  customer_requests: z.array(CustomerRequestListItem),
  meta: z.object({
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  }),
});
export type ListCustomerRequestsResponse = z.infer<typeof ListCustomerRequestsResponse>;

export const FlawedTray = z.object({
  id: z.number().int(),
  status_id: z.number().int(),
  print: z.boolean(),
  arch: z.number().int(),
  file_id: z.number().int().nullable(),
  stl_file_id: z.number().int().nullable(),
  corrected_file_id: z.number().int().nullable(),
  customer_request_id: z.number().int(),
  created_at: z.string(),
});
export type FlawedTray = z.infer<typeof FlawedTray>;

export const PrintingRequestItem = z.object({
  id: z.number().int(),
  jaw_type_id: z.number().int(),
  content_type_id: z.number().int(),
  insert_brackets: z.boolean(),
  file_id: z.number().int().nullable(),
  flawed_tray_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type PrintingRequestItem = z.infer<typeof PrintingRequestItem>;

export const PrintingRequest = z.object({
  id: z.number().int(),
  printing_request_status_id: z.number().int(),
  location: z
    .object({ id: z.number().int(), location_name: z.string(), full_address: z.string() })
    .nullable(),
  shipping_method: NamedRef.nullable(),
  expected_arrival_date: z.string().nullable(),
  delivery_date_from: z.string().nullable(),
  delivery_date_to: z.string().nullable(),
  ship_date: z.string().nullable(),
  tracking_number: z.string().nullable(),
  assigned_to: z.number().int(),
  courier: z.object({ name: z.string().nullable(), link: z.string().nullable() }),
  shipping_label_printed: z.boolean(),
  patient_label_printed: z.boolean(),
  bundled_shipment_id: z.number().int().nullable(),
  items: z.array(PrintingRequestItem),
});
export type PrintingRequest = z.infer<typeof PrintingRequest>;

export const TrayDesignRequest = z.object({
  id: z.number().int(),
  customer_request_id: z.number().int(),
  patient_id: z.number().int(),
  status_id: z.number().int(),
  status_label: z.string(),
  jaw_type: z.number().int(),
  maxillary_file_id: z.number().int().nullable(),
  mandibular_file_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TrayDesignRequest = z.infer<typeof TrayDesignRequest>;

/** What the caller may do on the request now (its status and their permissions). */
export const RequestAbilities = z.object({
  cancel: z.boolean(),
  complete: z.boolean(),
  update_management_data: z.boolean(),
  update_items: z.boolean(),
  delete_items: z.boolean(),
  update_shipping: z.boolean(),
  assign: z.boolean(),
  update_tray_design: z.boolean(),
});
export type RequestAbilities = z.infer<typeof RequestAbilities>;

export const CustomerRequestDetails = CustomerRequestListItem.extend({
  flawed_trays: z.array(FlawedTray),
  flawed_trays_status_id: z.number().int().nullable(),
  /** The patient's original IOS file (the Flawed Trays card's download). */
  original_ios_file: NamedRef.nullable(),
  printing_request: PrintingRequest.nullable(),
  tray_design_request: TrayDesignRequest.nullable(),
  management_data: z.record(z.string(), z.unknown()),
  /** The print assignments the caller may choose now (1 provider, 2 in-office, 3 third party when
   * the organization has a partner); empty unless `can.assign`. */
  assign_options: z.array(z.number().int()),
  /** An initial case setup request's Rx form (GET /rx-forms/{id}: its label, assignment and Notify Doctor); null otherwise. */
  rx_form_id: z.number().int().nullable(),
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  can: RequestAbilities,
});
export type CustomerRequestDetails = z.infer<typeof CustomerRequestDetails>;

export const CustomerRequestResponse = z.object({ customer_request: CustomerRequestDetails });
export type CustomerRequestResponse = z.infer<typeof CustomerRequestResponse>;
export const CustomerRequestMessageResponse = CustomerRequestResponse.extend({ message: z.string() });
export type CustomerRequestMessageResponse = z.infer<typeof CustomerRequestMessageResponse>;

export const TrayDesignRequestResponse = z.object({ tray_design_request: TrayDesignRequest });
export const TrayDesignRequestMessageResponse = TrayDesignRequestResponse.extend({ message: z.string() });

const shipmentIds = z
  .array(z.number().int().positive(), { error: 'The ids field is required.' })
  .min(1, 'The ids field is required.')
  .max(100, 'At most 100 requests ship together.');

/**
 * POST /shipment/print-shipping-label: `ids`, open printing requests that ship together to one
 * location (buys a label and bundles them), or `bundled_shipment_id`, a bundle whose label was
 * bought (prints that label again, nothing is bought).
 */
export const PrintShippingLabelBody = z
  .object({
    ids: shipmentIds.optional(),
    bundled_shipment_id: z.number().int().positive().optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.ids === undefined) === (v.bundled_shipment_id === undefined))
      ctx.addIssue({ code: 'custom', path: ['ids'], message: 'The ids field is required.' });
  });
export type PrintShippingLabelBody = z.input<typeof PrintShippingLabelBody>;

// ------------------------------------------------------------------------------ bundled shipments

export const BUNDLE_MESSAGES = {
  invalidNumber: 'Please enter a valid number',
  negative: 'Value cannot be less than zero',
  labelsFirst: 'Print the shipping label and the patient labels first.',
  completed: 'The shipment has been completed.',
  updated: 'Bundled shipment updated successfully',
  noLabel: 'This shipment has no shipping label yet.',
} as const;

/** Staff with either see the case list's shipping view (lab partners never: they ship their own). */
export const SHIPPING_VIEW_PERMISSIONS = [
  'printing-requests.update-shipping-information',
  'printing-requests.manage',
] as const satisfies readonly Permission[];

/** The largest fee a bundle takes, in cents (numeric(12, 2)). */
export const MAX_SHIPPING_FEE_CENTS = 99_999_999_999;

/**
 * A fee or cost the user types in dollars (a number, or the text of one): integer cents, null when
 * empty, undefined when absent. 'Please enter a valid number' / 'Value cannot be less than zero'.
 */
export const shippingMoney = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
    const text = typeof v === 'number' ? String(v) : v.trim();
    const n = typeof v === 'number' ? v : /^-?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: BUNDLE_MESSAGES.invalidNumber });
      return z.NEVER;
    }
    if (n < 0) {
      ctx.addIssue({ code: 'custom', message: BUNDLE_MESSAGES.negative });
      return z.NEVER;
    }
    const cents = Math.round(n * 100);
    if (cents > MAX_SHIPPING_FEE_CENTS) {
      ctx.addIssue({ code: 'custom', message: BUNDLE_MESSAGES.invalidNumber });
      return z.NEVER;
    }
    return cents;
  });

const bundleTrackingNumber = z
  .string({ error: REQUEST_MESSAGES.trackingNumberRequired })
  .trim()
  .min(1, REQUEST_MESSAGES.trackingNumberRequired)
  .max(255, 'The tracking number must not be greater than 255 characters.');

/**
 * POST /bundled_completion: completes printing requests that shipped together in one parcel
 * (Bundled Shipping). The fees need customer-requests.apply-custom-shipping-fee /
 * apply-internal-shipping-cost; omit them otherwise.
 */
export const BundledCompletionBody = z.object({
  ids: shipmentIds,
  tracking_number: bundleTrackingNumber,
  custom_shipping_fee: shippingMoney,
  internal_shipping_cost: shippingMoney,
});
export type BundledCompletionBody = z.input<typeof BundledCompletionBody>;

/** PATCH /bundled-shipments/{id} (Update Bundled Shipping): any of the fields. */
export const UpdateBundledShipmentBody = z.object({
  tracking_number: bundleTrackingNumber.optional(),
  custom_shipping_fee: shippingMoney,
  internal_shipping_cost: shippingMoney,
});
export type UpdateBundledShipmentBody = z.input<typeof UpdateBundledShipmentBody>;

export const BundledShipmentIdParams = z.object({ id: z.coerce.number().int().positive() });

/** Money is integer cents. */
export const BundledShipment = z.object({
  id: z.number().int(),
  location_id: z.number().int().nullable(),
  tracking_number: z.string().nullable(),
  courier_name: z.string().nullable(),
  custom_shipping_fee_cents: z.number().int().nullable(),
  internal_shipping_cost_cents: z.number().int().nullable(),
  /** What the carrier charged for the label. */
  shipping_cost_cents: z.number().int().nullable(),
  shipping_label_printed: z.boolean(),
  /** Set when every request of the bundle is completed. */
  completed_at: z.string().nullable(),
  printing_request_ids: z.array(z.number().int()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BundledShipment = z.infer<typeof BundledShipment>;

export const BundledShipmentResponse = z.object({ bundled_shipment: BundledShipment, message: z.string() });
export type BundledShipmentResponse = z.infer<typeof BundledShipmentResponse>;
