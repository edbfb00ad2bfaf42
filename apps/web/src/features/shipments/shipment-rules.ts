import {
  ASSIGNMENT,
  BUNDLE_MESSAGES,
  REQUEST_MESSAGES,
  type PatientListItem,
  type PatientShipment,
} from '@archline/contracts';

/**
 * The shipping group's rules (document 2 section 4, 'Shipping group'): which cases can go on a
 * shipping label, when a group may be completed, and why not.
 */

/** A case of the shipping view with its shipment. */
export interface ShipmentCase {
  patient: PatientListItem;
  shipment: PatientShipment;
}

/** Printing request statuses: 1 New, 2 In Progress, 3 Completed. */
export const PRINTING_STATUS = { new: 1, inProgress: 2, completed: 3 } as const;

export function isShipmentOpen(shipment: PatientShipment): boolean {
  return shipment.status_id === PRINTING_STATUS.new || shipment.status_id === PRINTING_STATUS.inProgress;
}

/** Why this shipment cannot go on a shipping label (the shipment rows' messages), or null. */
export function shipmentBlockedReason(shipment: PatientShipment): string | null {
  if (shipment.location === null) return REQUEST_MESSAGES.shippingLocationMissing;
  if (shipment.assigned_to === ASSIGNMENT.thirdParty) return REQUEST_MESSAGES.assignedToThirdParty;
  return null;
}

/** An open shipment with a location that the lab ships (not the third party's). */
export function canShip(shipment: PatientShipment): boolean {
  return isShipmentOpen(shipment) && shipmentBlockedReason(shipment) === null;
}

/** Chosen when the Print Shipping Label dialog opens: open, the provider's, with a location. */
export function preselectedForLabel(shipment: PatientShipment): boolean {
  return canShip(shipment) && shipment.assigned_to === ASSIGNMENT.provider;
}

/** Why the chosen shipments cannot share one label, or null when they can. */
export function labelSelectionProblem(selection: readonly PatientShipment[]): string | null {
  if (selection.length === 0) return 'Choose the cases that go on the label.';
  for (const s of selection) {
    const reason = shipmentBlockedReason(s);
    if (reason) return reason;
    if (!isShipmentOpen(s)) return BUNDLE_MESSAGES.completed;
  }
  const locationId = selection[0]!.location!.id;
  if (selection.some((s) => s.location!.id !== locationId)) return REQUEST_MESSAGES.differentLocations;
  return null;
}

/** The group's bundled shipment (rows of one key share it), or null before a label bundles them. */
export function groupBundle(cases: readonly ShipmentCase[]): PatientShipment['bundle'] {
  return cases.find((c) => c.shipment.bundle)?.shipment.bundle ?? null;
}

/** The shipping label counts as printed when the bundle's (or, without a bundle, every row's) flag is true. */
export function shippingLabelPrinted(cases: readonly ShipmentCase[]): boolean {
  const bundle = groupBundle(cases);
  if (bundle) return bundle.shipping_label_printed;
  return cases.length > 0 && cases.every((c) => c.shipment.shipping_label_printed);
}

/** Every row's patient labels are printed. */
export function patientLabelsPrinted(cases: readonly ShipmentCase[]): boolean {
  return cases.every((c) => c.shipment.patient_label_printed);
}

/** The open rows of a group: what Complete completes. */
export function openCases(cases: readonly ShipmentCase[]): ShipmentCase[] {
  return cases.filter((c) => isShipmentOpen(c.shipment));
}

/**
 * Why Complete is not available, or null: it needs open rows, and the shipping label and every
 * row's patient labels printed.
 */
export function completeProblem(cases: readonly ShipmentCase[]): string | null {
  if (openCases(cases).length === 0) return BUNDLE_MESSAGES.completed;
  if (!shippingLabelPrinted(cases) || !patientLabelsPrinted(cases)) return BUNDLE_MESSAGES.labelsFirst;
  return null;
}

/**
 * Why the group's Print Shipping Label is not available, or null. A bundle whose label was bought
 * can always print it again; otherwise some open row must be able to ship.
 */
export function shippingLabelProblem(cases: readonly ShipmentCase[]): string | null {
  const bundle = groupBundle(cases);
  if (bundle?.shipping_label_printed) return null;
  const open = openCases(cases);
  if (open.length === 0) return BUNDLE_MESSAGES.completed;
  if (open.some((c) => canShip(c.shipment))) return null;
  return shipmentBlockedReason(open[0]!.shipment);
}

/** Cents as the dollars a fee field shows ('12.50'); '' for none. */
export function centsToInput(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? '' : (cents / 100).toFixed(2);
}
