import PDFDocument from 'pdfkit';
import { BARCODE_SCALE, barcodePng, pngSize } from './barcode.ts';
import { printable } from './text.ts';

/** PDF units: 72 points to the inch. */
export const POINTS_PER_INCH = 72;

export type Font = 'Helvetica' | 'Helvetica-Bold';

export interface LabelDocument {
  doc: PDFKit.PDFDocument;
  /** Ends the document and resolves with its bytes. */
  finish(): Promise<Buffer>;
}

/**
 * A document with no margins (the layouts place everything themselves) and no page yet. Its
 * bytes are collected from the start, so nothing written is lost.
 */
export function labelDocument(title: string): LabelDocument {
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    info: { Title: printable(title), Creator: 'Archline', Producer: 'Archline' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    finish() {
      doc.end();
      return done;
    },
  };
}

/** `text` cut with an ellipsis to fit `width` in the current font and size. */
export function fitToWidth(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${text.slice(0, middle).trimEnd()}…`) <= width) low = middle;
    else high = middle - 1;
  }
  return low === 0 ? '' : `${text.slice(0, low).trimEnd()}…`;
}

export interface TextOptions {
  font?: Font;
  size?: number;
  align?: 'left' | 'center' | 'right';
  color?: string;
}

/**
 * One line of user text at (x, y) (y is the top of the line), made printable and cut to `width`.
 * It never wraps and never starts a page. Returns the y below it.
 */
export function textLine(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  { font = 'Helvetica', size = 10, align = 'left', color = '#000000' }: TextOptions = {},
): number {
  doc.font(font).fontSize(size).fillColor(color);
  const fitted = fitToWidth(doc, printable(text), width);
  if (fitted !== '') {
    const textWidth = doc.widthOfString(fitted);
    const left =
      align === 'left' ? x : align === 'right' ? x + width - textWidth : x + (width - textWidth) / 2;
    doc.text(fitted, left, y, { lineBreak: false });
  }
  return y + size * 1.2;
}

/** A horizontal rule across the page between the margins. */
export function rule(doc: PDFKit.PDFDocument, y: number, x: number, width: number, thickness = 1): void {
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(thickness)
    .strokeColor('#000000')
    .stroke();
}

/**
 * The Code 128 barcode of `value` centered in a box `width` wide and `height` high at (x, y),
 * with `value` printed under it. Each module is as wide as the box allows, at most `maxModule`
 * points (quiet zones included). Returns the y below the printed value.
 */
export async function placeBarcode(
  doc: PDFKit.PDFDocument,
  value: string,
  box: { x: number; y: number; width: number; height: number; maxModule: number; textSize: number },
): Promise<number> {
  const png = await barcodePng(value);
  const modules = pngSize(png).width / BARCODE_SCALE;
  const module = Math.min(box.maxModule, box.width / modules);
  const imageWidth = modules * module;
  doc.image(png, box.x + (box.width - imageWidth) / 2, box.y, { width: imageWidth, height: box.height });
  const textTop = box.y + box.height + 2;
  return textLine(doc, value, box.x, textTop, box.width, { size: box.textSize, align: 'center' });
}
