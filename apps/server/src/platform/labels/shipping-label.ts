import { POINTS_PER_INCH, labelDocument, placeBarcode, rule, textLine } from './pdf.ts';
import type { LabelAddress, ShippingLabelInput } from './types.ts';

/** A 4 x 6 inch shipping label, the size thermal label printers and carriers use. */
export const SHIPPING_LABEL_SIZE: [number, number] = [4 * POINTS_PER_INCH, 6 * POINTS_PER_INCH];

const MARGIN = 14;

/** 'City, ST 12345' (without the state's comma when there is no state). */
export function cityLine(address: Pick<LabelAddress, 'city' | 'state' | 'zip'>): string {
  const region = [address.state, address.zip].filter((part) => part.trim() !== '').join(' ');
  return [address.city, region].filter((part) => part.trim() !== '').join(', ');
}

function addressLines(address: LabelAddress): string[] {
  return [address.company ?? '', address.street1, address.street2 ?? ''].filter((line) => line.trim() !== '');
}

/** '2 lb 3.5 oz' */
export function formatWeight(weightOz: number): string {
  const pounds = Math.floor(weightOz / 16);
  const ounces = Math.round((weightOz - pounds * 16) * 10) / 10;
  return pounds > 0 ? `${pounds} lb ${ounces} oz` : `${ounces} oz`;
}

/**
 * The shipping label of one package, a one-page PDF of 4 x 6 inches: the sender (the lab), the
 * recipient (the shipping location), the service, the tracking number as a Code 128 barcode with
 * its text, and the reference.
 */
export async function renderShippingLabel(input: ShippingLabelInput): Promise<Buffer> {
  const { doc, finish } = labelDocument(`Shipping label ${input.trackingNumber}`);
  const [pageWidth] = SHIPPING_LABEL_SIZE;
  const width = pageWidth - 2 * MARGIN;
  doc.addPage({ size: SHIPPING_LABEL_SIZE, margin: 0 });

  // The sender, small, at the top.
  let y = textLine(doc, 'FROM', MARGIN, MARGIN, width, { font: 'Helvetica-Bold', size: 6.5 });
  y = textLine(doc, input.from.name, MARGIN, y, width, { font: 'Helvetica-Bold', size: 8 });
  for (const line of addressLines(input.from)) y = textLine(doc, line, MARGIN, y, width, { size: 8 });
  y = textLine(doc, cityLine(input.from), MARGIN, y, width, { size: 8 });
  textLine(doc, input.from.country, MARGIN, y, width, { size: 8 });
  rule(doc, 86, MARGIN, width);

  // The recipient, large.
  const indent = MARGIN + 10;
  const toWidth = width - 10;
  y = textLine(doc, 'SHIP TO', MARGIN, 92, width, { font: 'Helvetica-Bold', size: 7 });
  y = textLine(doc, input.to.name, indent, y, toWidth, { font: 'Helvetica-Bold', size: 13 });
  for (const line of addressLines(input.to)) y = textLine(doc, line, indent, y, toWidth, { size: 11 });
  y = textLine(doc, cityLine(input.to), indent, y, toWidth, { font: 'Helvetica-Bold', size: 12 });
  textLine(doc, input.to.country, indent, y, toWidth, { size: 11 });
  rule(doc, 194, MARGIN, width, 2);

  // The service, with the carrier, weight and date beside it.
  textLine(doc, input.service.toUpperCase(), MARGIN, 204, width * 0.6, { font: 'Helvetica-Bold', size: 22 });
  const details = [
    input.carrier ?? '',
    input.weightOz != null ? `Weight: ${formatWeight(input.weightOz)}` : '',
    input.shipDate ? `Ship date: ${input.shipDate}` : '',
  ].filter((line) => line !== '');
  let detailsY = 203;
  for (const line of details) {
    detailsY = textLine(doc, line, MARGIN + width * 0.6, detailsY, width * 0.4, { size: 8, align: 'right' });
  }
  rule(doc, 238, MARGIN, width, 2);

  // The tracking number, scannable and readable.
  y = textLine(doc, 'TRACKING #', MARGIN, 246, width, { font: 'Helvetica-Bold', size: 7 });
  await placeBarcode(doc, input.trackingNumber, {
    x: MARGIN,
    y: y + 4,
    width,
    height: 84,
    maxModule: 1.5,
    textSize: 11,
  });
  rule(doc, 368, MARGIN, width);

  if (input.reference.trim() !== '') {
    y = textLine(doc, 'REFERENCE', MARGIN, 376, width, { font: 'Helvetica-Bold', size: 7 });
    textLine(doc, input.reference, MARGIN, y, width, { font: 'Helvetica-Bold', size: 12 });
  }

  return finish();
}
