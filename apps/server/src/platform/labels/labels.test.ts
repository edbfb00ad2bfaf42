import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
// pdf.js needs DOMMatrix and a canvas in Node 20: it takes both from @napi-rs/canvas.
import { OPS, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import {
  BarcodeTextError,
  PATIENT_LABEL_SIZE,
  SHIPPING_LABEL_SIZE,
  barcodePng,
  caseIdentifier,
  printable,
  renderPatientLabels,
  renderShippingLabel,
  type LabelAddress,
  type PatientLabelInput,
  type ShippingLabelInput,
} from './index.ts';

const require = createRequire(import.meta.url);

// The reader's WebAssembly comes from the installed package, never from the network.
beforeAll(async () => {
  const wasm = fs.readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({ overrides: { wasmBinary: new Uint8Array(wasm).buffer }, fireImmediately: true });
});

const standardFontDataUrl = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

interface ParsedPage {
  width: number;
  height: number;
  lines: string[];
  images: Pixels[];
}

/** RGBA pixels of a pdf.js image object (kind 1: 1-bit gray, 2: RGB, 3: RGBA). */
function toRgba(image: { width: number; height: number; kind: number; data: Uint8Array }): Pixels {
  const { width, height, kind, data } = image;
  if (kind === 3) return { width, height, data: new Uint8ClampedArray(data) };
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    let value: [number, number, number];
    if (kind === 2) value = [data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!];
    else {
      const row = Math.floor(i / width);
      const column = i % width;
      const byte = data[row * Math.ceil(width / 8) + (column >> 3)]!;
      const gray = byte & (0x80 >> (column & 7)) ? 255 : 0;
      value = [gray, gray, gray];
    }
    rgba.set([...value, 255], i * 4);
  }
  return { width, height, data: rgba };
}

function openPdf(pdf: Buffer) {
  return getDocument({ data: new Uint8Array(pdf), standardFontDataUrl, isEvalSupported: false, verbosity: 0 })
    .promise;
}

/** Every page of a PDF: its size in points, its lines of text, and the pixels of its images. */
async function parsePdf(pdf: Buffer): Promise<ParsedPage[]> {
  const document = await openPdf(pdf);
  const pages: ParsedPage[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const lines = content.items.map((item) => ('str' in item ? item.str : '')).filter((line) => line !== '');
    const operators = await page.getOperatorList();
    const images: Pixels[] = [];
    for (const [index, operator] of operators.fnArray.entries()) {
      if (operator !== OPS.paintImageXObject) continue;
      const name = (operators.argsArray[index] as [string])[0];
      const image = await new Promise<{ width: number; height: number; kind: number; data: Uint8Array }>(
        (resolve) => page.objs.get(name, resolve),
      );
      images.push(toRgba(image));
    }
    pages.push({ width: x1 - x0, height: y1 - y0, lines, images });
  }
  await document.destroy();
  return pages;
}

/** Every page of a PDF as a 203 dpi thermal label printer prints it. */
async function printPages(pdf: Buffer, dpi = 203): Promise<Pixels[]> {
  const document = await openPdf(pdf);
  const printed: Pixels[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const viewport = page.getViewport({ scale: dpi / 72 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    await page.render({ canvas, canvasContext: context, viewport }).promise;
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    printed.push({ data, width, height });
  }
  await document.destroy();
  return printed;
}

async function decodeCode128(image: Pixels | Buffer): Promise<string[]> {
  const input = image instanceof Buffer ? new Uint8Array(image) : { ...image, colorSpace: 'srgb' };
  const results = await readBarcodes(input, { formats: ['Code128'], tryHarder: true });
  return results.filter((result) => result.isValid).map((result) => result.text);
}

const lab: LabelAddress = {
  name: 'Archline Dental Lab',
  company: 'Archline Inc.',
  street1: '100 Main Street',
  street2: 'Suite 200',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'US',
  phone: '512-555-0100',
};

const shippingLocation: LabelAddress = {
  name: 'Bright Smiles Orthodontics',
  company: null,
  street1: '42 Elm Avenue',
  street2: 'Floor 3',
  city: 'Portland',
  state: 'OR',
  zip: '97205',
  country: 'United States',
};

const shipping: ShippingLabelInput = {
  from: lab,
  to: shippingLocation,
  service: 'Priority',
  carrier: 'Offline',
  trackingNumber: '1Z999AA10123456784',
  reference: 'Bundle #123',
  weightOz: 35.5,
  shipDate: '2025-03-04',
};

const patients: PatientLabelInput[] = [
  {
    patientId: 42,
    patientName: 'Jane Doe',
    doctorName: 'Dr. Alan Smith',
    caseNumber: 'A-1001',
    arch: 'Maxillary',
  },
  {
    patientId: 7,
    patientName: 'John Roe',
    doctorName: 'Dr. Maria Lopez',
    caseNumber: null,
    arch: 'Mandibular',
  },
  {
    patientId: 1234567,
    patientName: 'Ann Poe',
    doctorName: 'Dr. Kim Lee',
    caseNumber: '2025/17',
    arch: 'Both',
  },
];

describe('renderShippingLabel', () => {
  it('draws a 4 x 6 inch page with both addresses, the service, the tracking number and the reference', async () => {
    const pages = await parsePdf(await renderShippingLabel(shipping));

    expect(pages).toHaveLength(1);
    const [page] = pages as [ParsedPage];
    expect(SHIPPING_LABEL_SIZE).toEqual([288, 432]);
    expect([page.width, page.height]).toEqual([288, 432]);
    for (const line of [
      'Archline Dental Lab',
      'Archline Inc.',
      '100 Main Street',
      'Suite 200',
      'Austin, TX 78701',
      'US',
      'Bright Smiles Orthodontics',
      '42 Elm Avenue',
      'Floor 3',
      'Portland, OR 97205',
      'United States',
      'PRIORITY',
      'Offline',
      'Weight: 2 lb 3.5 oz',
      'Ship date: 2025-03-04',
      '1Z999AA10123456784',
      'Bundle #123',
    ]) {
      expect(page.lines).toContain(line);
    }
  });

  it('embeds a Code 128 barcode that scans as the tracking number', async () => {
    const [page] = (await parsePdf(await renderShippingLabel(shipping))) as [ParsedPage];

    expect(page.images).toHaveLength(1);
    expect(await decodeCode128(page.images[0]!)).toEqual(['1Z999AA10123456784']);
    expect(await decodeCode128(await barcodePng('1Z999AA10123456784'))).toEqual(['1Z999AA10123456784']);
  });

  it('scans as the tracking number from the printed page', async () => {
    const [printed] = await printPages(await renderShippingLabel(shipping));
    expect(await decodeCode128(printed!)).toEqual(['1Z999AA10123456784']);
  });

  it('cuts a line too long for the label with an ellipsis and stays on one page', async () => {
    const street1 = `${'1234 Very Long Boulevard Name '.repeat(6)}End`;
    const pages = await parsePdf(
      await renderShippingLabel({ ...shipping, to: { ...shippingLocation, street1 } }),
    );

    expect(pages).toHaveLength(1);
    const cut = pages[0]!.lines.find((line) => line.startsWith('1234 Very Long'));
    expect(cut).toMatch(/…$/);
    expect(cut!.length).toBeLessThan(street1.length);
  });

  it('refuses a tracking number a Code 128 barcode cannot hold', async () => {
    await expect(renderShippingLabel({ ...shipping, trackingNumber: '1Zé' })).rejects.toThrow(
      BarcodeTextError,
    );
    await expect(renderShippingLabel({ ...shipping, trackingNumber: '' })).rejects.toThrow(BarcodeTextError);
    await expect(renderShippingLabel({ ...shipping, trackingNumber: '9'.repeat(49) })).rejects.toThrow(
      BarcodeTextError,
    );
  });
});

describe('renderPatientLabels', () => {
  it('draws one 4 x 2 inch page per label with the names, case number, arch and case identifier', async () => {
    const pages = await parsePdf(await renderPatientLabels(patients));

    expect(pages).toHaveLength(patients.length);
    expect(PATIENT_LABEL_SIZE).toEqual([288, 144]);
    for (const [index, patient] of patients.entries()) {
      const page = pages[index]!;
      expect([page.width, page.height]).toEqual([288, 144]);
      expect(page.lines).toContain(patient.patientName);
      expect(page.lines).toContain(`Doctor: ${patient.doctorName}`);
      expect(page.lines).toContain(`Case #: ${patient.caseNumber ?? '—'}`);
      expect(page.lines).toContain(`Arch: ${patient.arch}`);
      expect(page.lines).toContain(`CASE-${patient.patientId}`);
    }
  });

  it("embeds on each page a Code 128 barcode that scans as that case's identifier", async () => {
    const pages = await parsePdf(await renderPatientLabels(patients));

    for (const [index, patient] of patients.entries()) {
      const page = pages[index]!;
      expect(page.images).toHaveLength(1);
      expect(await decodeCode128(page.images[0]!)).toEqual([caseIdentifier(patient.patientId)]);
    }
    expect(await decodeCode128(await barcodePng('CASE-42'))).toEqual(['CASE-42']);
  });

  it("scans as each case's identifier from the printed pages", async () => {
    const printed = await printPages(await renderPatientLabels(patients));
    expect(printed).toHaveLength(patients.length);
    for (const [index, patient] of patients.entries()) {
      expect(await decodeCode128(printed[index]!)).toEqual([`CASE-${patient.patientId}`]);
    }
  });

  it('refuses an empty list and ids that are not patient ids', async () => {
    await expect(renderPatientLabels([])).rejects.toThrow(RangeError);
    expect(caseIdentifier(42)).toBe('CASE-42');
    expect(() => caseIdentifier(-1)).toThrow(RangeError);
    expect(() => caseIdentifier(1.5)).toThrow(RangeError);
  });
});

describe('text the standard fonts cannot draw', () => {
  const unicodeName = 'Zoë 山田 👨‍👩‍👧 Łukasz Иван \u{1F9B7}\uD800';

  it('renders names with emoji, CJK and other scripts without throwing', async () => {
    const label = await renderShippingLabel({
      ...shipping,
      to: { ...shippingLocation, name: unicodeName, city: '東京', street1: '1-2-3 Ｓｈｉｂｕｙａ' },
      reference: 'Bundle #123 ✓',
    });
    const [page] = (await parsePdf(label)) as [ParsedPage];
    expect(page.lines).toContain('Zoë ?? ? Lukasz ???? ??');
    expect(page.lines).toContain('??, OR 97205');
    expect(page.lines).toContain('1-2-3 Shibuya');
    expect(page.lines).toContain('Bundle #123 ?');

    const patientPages = await parsePdf(
      await renderPatientLabels([{ ...patients[0]!, patientName: unicodeName, doctorName: 'Dr. 김민준 😀' }]),
    );
    expect(patientPages).toHaveLength(1);
    expect(patientPages[0]!.lines).toContain('Doctor: Dr. ??? ?');
    expect(await decodeCode128(patientPages[0]!.images[0]!)).toEqual(['CASE-42']);
  });

  it('keeps Windows-1252 text, folds accents it lacks and replaces each other character once', () => {
    expect(printable('Zoë Müller — “ok” €5 ½')).toBe('Zoë Müller — “ok” €5 ½');
    expect(printable('Łódź Đorđević Őry')).toBe('Lódz Dordevic Ory');
    expect(printable('Ｓｍｉｔｈ ﬁne')).toBe('Smith fine');
    expect(printable('山田 👨‍👩‍👧 🦷 Kim')).toBe('?? ? ? Kim');
    expect(printable('e\u0301')).toBe('é');
    expect(printable(' a\n\tb\u0000c\u200d  ')).toBe('a bc');
    expect(printable('\uD800x')).toBe('?x');
  });
});
