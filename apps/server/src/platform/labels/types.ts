import type { Address } from '../carriers/types.ts';

/** What the printable labels show. Free text may hold any Unicode (see text.ts for how it prints). */

/**
 * A postal address as a label prints it: a carrier's address (the country printed as given), so a
 * shipment's addresses go straight onto its label.
 */
export type LabelAddress = Omit<Address, 'email'>;

export interface ShippingLabelInput {
  /** The sender: the lab. */
  from: LabelAddress;
  /** The recipient: the shipping location. */
  to: LabelAddress;
  /** e.g. 'Ground', 'Priority', 'Express'. */
  service: string;
  /** The carrier's name, printed beside the service when given. */
  carrier?: string | null;
  /** Printed and encoded as a Code 128 barcode (printable ASCII, at most 48 characters). */
  trackingNumber: string;
  /** What the package is, e.g. 'Bundle #123' (nothing prints when blank). */
  reference: string;
  /** The package's weight in ounces, printed in pounds and ounces when given. */
  weightOz?: number | null;
  /** 'YYYY-MM-DD', printed when given. */
  shipDate?: string | null;
}

export type Arch = 'Maxillary' | 'Mandibular' | 'Both';

export interface PatientLabelInput {
  /** The patient's id; the barcode encodes `caseIdentifier(patientId)`, 'CASE-{patientId}'. */
  patientId: number;
  patientName: string;
  doctorName: string;
  /** The case number the doctor gave, if any (an em dash prints otherwise). */
  caseNumber: string | null;
  arch: Arch;
}
