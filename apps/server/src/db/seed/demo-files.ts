/**
 * Small, real files for the demo cases, generated in memory: binary STL arches (a closed
 * horseshoe-shaped mesh with a bump per tooth), PNG photos, a one-page PDF and a stored ZIP
 * (the intraoral scan export holding both arches). Deterministic for a given seed.
 */
import { deflateSync } from 'node:zlib';

// ---------------------------------------------------------------------------------------------
// STL
// ---------------------------------------------------------------------------------------------

type Vec = [number, number, number];

function sub(a: Vec, b: Vec): Vec {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

function cross(a: Vec, b: Vec): Vec {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function normal(a: Vec, b: Vec, c: Vec): Vec {
  const n = cross(sub(b, a), sub(c, a));
  const len = Math.hypot(n[0], n[1], n[2]) || 1;
  return [n[0] / len, n[1] / len, n[2] / len];
}

/**
 * A dental-arch-like solid: a rectangular cross-section swept along a U-shaped curve, its top
 * raised into one bump per tooth, both ends capped. Every edge is shared by exactly two
 * triangles (a closed, consistently wound mesh). Millimetres.
 */
export function archStl(options: { arch: 'maxillary' | 'mandibular'; variant?: number }): Buffer {
  const variant = options.variant ?? 0;
  const upper = options.arch === 'maxillary';
  const width = (upper ? 27 : 24) + (variant % 5) * 0.6; // half width of the arch
  const depth = (upper ? 42 : 36) + (variant % 7) * 0.5;
  const thickness = upper ? 9 : 8;
  const height = upper ? 8 : 7;
  const teeth = 14;
  const segments = teeth * 3;
  const sections: Vec[][] = [];
  for (let i = 0; i <= segments; i++) {
    const t = -Math.PI / 2 + (Math.PI * i) / segments; // -90° .. 90°
    // a U opening towards +y: the incisors at y = 0, the molars at y = depth
    const cx = width * Math.sin(t);
    const cy = depth * (1 - Math.cos(t));
    const dx = width * Math.cos(t);
    const dy = depth * Math.sin(t);
    const len = Math.hypot(dx, dy) || 1;
    // outward (labial) direction, perpendicular to the curve
    const nx = dy / len;
    const ny = -dx / len;
    const bump = height + 2.2 * Math.abs(Math.sin((Math.PI * teeth * i) / segments));
    const half = thickness / 2;
    const inner: [number, number] = [cx - nx * half, cy - ny * half];
    const outer: [number, number] = [cx + nx * half, cy + ny * half];
    sections.push([
      [inner[0], inner[1], 0],
      [outer[0], outer[1], 0],
      [outer[0], outer[1], bump],
      [inner[0], inner[1], bump],
    ]);
  }
  const triangles: [Vec, Vec, Vec][] = [];
  for (let i = 0; i < segments; i++) {
    const a = sections[i]!;
    const b = sections[i + 1]!;
    for (let k = 0; k < 4; k++) {
      const k2 = (k + 1) % 4;
      triangles.push([a[k]!, b[k]!, b[k2]!]);
      triangles.push([a[k]!, b[k2]!, a[k2]!]);
    }
  }
  const first = sections[0]!;
  const last = sections[segments]!;
  // end caps facing away from the arch
  triangles.push([first[0]!, first[1]!, first[2]!], [first[0]!, first[2]!, first[3]!]);
  triangles.push([last[0]!, last[2]!, last[1]!], [last[0]!, last[3]!, last[2]!]);

  const buf = Buffer.alloc(84 + triangles.length * 50);
  buf.write(`Archline demo ${options.arch} arch`.padEnd(80, ' '), 0, 'ascii');
  buf.writeUInt32LE(triangles.length, 80);
  let o = 84;
  for (const [a, b, c] of triangles) {
    for (const v of [normal(a, b, c), a, b, c]) {
      buf.writeFloatLE(v[0], o);
      buf.writeFloatLE(v[1], o + 4);
      buf.writeFloatLE(v[2], o + 8);
      o += 12;
    }
    buf.writeUInt16LE(0, o);
    o += 2;
  }
  return buf;
}

// ---------------------------------------------------------------------------------------------
// PNG
// ---------------------------------------------------------------------------------------------

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * An RGB PNG that looks like a clinical photo placeholder: a soft background gradient with a
 * light, tooth-coloured arch of ellipses. `kind` changes the palette (intraoral, x-ray).
 */
export function photoPng(options: {
  width?: number;
  height?: number;
  variant?: number;
  kind?: 'photo' | 'xray';
}) {
  const width = options.width ?? 96;
  const height = options.height ?? 72;
  const variant = options.variant ?? 0;
  const xray = options.kind === 'xray';
  const raw = Buffer.alloc((width * 3 + 1) * height);
  const teeth = 8;
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      let r: number;
      let g: number;
      let b: number;
      if (xray) {
        const v = 20 + Math.round((30 * x) / width);
        [r, g, b] = [v, v, v + 4];
      } else {
        r = 150 + Math.round((60 * y) / height) + (variant % 3) * 8;
        g = 70 + Math.round((30 * x) / width);
        b = 80 + (variant % 5) * 6;
      }
      // an arch of teeth along a parabola
      for (let t = 0; t < teeth; t++) {
        const cx = ((t + 0.5) * width) / teeth;
        const u = (cx - width / 2) / (width / 2);
        const cy = height * (0.35 + 0.3 * u * u);
        const dx = (x - cx) / (width / teeth / 2.2);
        const dy = (y - cy) / (height / 6);
        if (dx * dx + dy * dy <= 1) {
          const shade = xray ? 215 : 238;
          [r, g, b] = [shade, shade - (xray ? 0 : 6), shade - (xray ? 0 : 22)];
        }
      }
      const p = row + 1 + x * 3;
      raw[p] = Math.min(255, r);
      raw[p + 1] = Math.min(255, g);
      raw[p + 2] = Math.min(255, b);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  header[10] = 0;
  header[11] = 0;
  header[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------------------------------------
// PDF
// ---------------------------------------------------------------------------------------------

function pdfText(s: string): string {
  return s.replace(/[\\()]/g, (c) => `\\${c}`);
}

/** A one-page PDF (letter size) with a title and a few lines of Helvetica text. */
export function textPdf(title: string, lines: string[]): Buffer {
  const content = [
    'BT /F1 18 Tf 72 720 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 11 Tf 0 -28 Td',
    ...lines.flatMap((l) => [`(${pdfText(l)}) Tj`, '0 -16 Td']),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

// ---------------------------------------------------------------------------------------------
// ZIP (stored, no compression)
// ---------------------------------------------------------------------------------------------

/** A ZIP archive of the given entries, stored without compression. */
export function storedZip(entries: { name: string; data: Buffer }[], modified = new Date()): Buffer {
  const time =
    (modified.getUTCHours() << 11) |
    (modified.getUTCMinutes() << 5) |
    Math.floor(modified.getUTCSeconds() / 2);
  const date =
    ((modified.getUTCFullYear() - 1980) << 9) | ((modified.getUTCMonth() + 1) << 5) | modified.getUTCDate();
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
