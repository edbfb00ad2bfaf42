import bwipjs from 'bwip-js/node';

/**
 * Code 128 barcodes, rendered by bwip-js to a PNG that the label PDFs embed. The PNG has an
 * opaque white background (a scanner reads transparency as black) and a quiet zone of
 * BARCODE_QUIET_ZONE modules on each side; its bars are BARCODE_SCALE pixels per module, and the
 * page scales the image to whole modules of the width it has (see `placeBarcode` in pdf.ts).
 */
export const BARCODE_SCALE = 4;
export const BARCODE_QUIET_ZONE = 10;
/** Longer values make bars too thin to scan on a 4-inch label. */
export const BARCODE_MAX_LENGTH = 48;

export class BarcodeTextError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BarcodeTextError';
  }
}

/** Code 128 encodes printable ASCII; a tracking number or case identifier always is. */
export function assertBarcodeText(text: string): void {
  if (!/^[\x20-\x7e]+$/.test(text)) {
    throw new BarcodeTextError(`A barcode holds printable ASCII characters only: ${JSON.stringify(text)}`);
  }
  if (text.length > BARCODE_MAX_LENGTH) {
    throw new BarcodeTextError(`A barcode holds at most ${BARCODE_MAX_LENGTH} characters.`);
  }
}

/** The Code 128 barcode of `text` as a PNG, without human-readable text (the label prints it). */
export async function barcodePng(text: string): Promise<Buffer> {
  assertBarcodeText(text);
  return bwipjs.toBuffer({
    bcid: 'code128',
    text,
    scale: BARCODE_SCALE,
    height: 8,
    includetext: false,
    paddingwidth: BARCODE_QUIET_ZONE,
    paddingheight: 0,
    backgroundcolor: 'FFFFFF',
  });
}

/** A PNG's pixel size, from its IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.length < 24 || png.toString('ascii', 12, 16) !== 'IHDR') throw new Error('Not a PNG image.');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
