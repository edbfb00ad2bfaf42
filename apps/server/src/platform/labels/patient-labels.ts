import { POINTS_PER_INCH, labelDocument, placeBarcode, textLine } from './pdf.ts';
import type { PatientLabelInput } from './types.ts';

/**
 * A 4 x 2 inch label (the common thermal label for bags and boxes at the bench), one page per
 * label, so a label printer prints each on its own label.
 */
export const PATIENT_LABEL_SIZE: [number, number] = [4 * POINTS_PER_INCH, 2 * POINTS_PER_INCH];

const MARGIN = 10;

/** What the bench scans to find a patient's case: 'CASE-{patientId}'. */
export function caseIdentifier(patientId: number): string {
  if (!Number.isSafeInteger(patientId) || patientId < 0)
    throw new RangeError(`Not a patient id: ${patientId}`);
  return `CASE-${patientId}`;
}

/**
 * The bench labels of patients' cases, one 4 x 2 inch page each: the patient and doctor names,
 * the case number, the arch, and the case identifier as a Code 128 barcode with its text.
 */
export async function renderPatientLabels(labels: readonly PatientLabelInput[]): Promise<Buffer> {
  if (labels.length === 0) throw new RangeError('There are no labels to print.');
  const { doc, finish } = labelDocument(labels.length === 1 ? 'Patient label' : 'Patient labels');
  const [pageWidth] = PATIENT_LABEL_SIZE;
  const width = pageWidth - 2 * MARGIN;
  const leftWidth = width * 0.6;

  for (const label of labels) {
    const identifier = caseIdentifier(label.patientId);
    doc.addPage({ size: PATIENT_LABEL_SIZE, margin: 0 });
    let y = textLine(doc, label.patientName, MARGIN, MARGIN, width, { font: 'Helvetica-Bold', size: 14 });
    y = textLine(doc, `Doctor: ${label.doctorName}`, MARGIN, y + 2, width, { size: 9 });
    textLine(doc, `Case #: ${label.caseNumber?.trim() || '—'}`, MARGIN, y + 2, leftWidth, { size: 9 });
    textLine(doc, `Arch: ${label.arch}`, MARGIN + leftWidth, y + 2, width - leftWidth, {
      font: 'Helvetica-Bold',
      size: 9,
      align: 'right',
    });
    await placeBarcode(doc, identifier, { x: MARGIN, y: 58, width, height: 56, maxModule: 1.5, textSize: 9 });
  }

  return finish();
}
