/**
 * Printable label PDFs, drawn with the standard Helvetica faces (no font files, works offline)
 * and Code 128 barcodes: a carrier's 4 x 6 inch shipping label, and 4 x 2 inch bench labels of
 * patients' cases.
 */
export { BarcodeTextError, barcodePng } from './barcode.ts';
export { PATIENT_LABEL_SIZE, caseIdentifier, renderPatientLabels } from './patient-labels.ts';
export { SHIPPING_LABEL_SIZE, renderShippingLabel } from './shipping-label.ts';
export { printable } from './text.ts';
export type { Arch, LabelAddress, PatientLabelInput, ShippingLabelInput } from './types.ts';
