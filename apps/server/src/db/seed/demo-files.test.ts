import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { archStl, crc32, photoPng, storedZip, textPdf } from './demo-files.ts';

type V = [number, number, number];

function readStl(buf: Buffer): { count: number; triangles: { n: V; v: [V, V, V] }[] } {
  const count = buf.readUInt32LE(80);
  const triangles = [];
  for (let i = 0; i < count; i++) {
    const o = 84 + i * 50;
    const f = (k: number): V => [
      buf.readFloatLE(o + k * 12),
      buf.readFloatLE(o + k * 12 + 4),
      buf.readFloatLE(o + k * 12 + 8),
    ];
    triangles.push({ n: f(0), v: [f(1), f(2), f(3)] as [V, V, V] });
  }
  return { count, triangles };
}

describe('demo STL arches', () => {
  for (const arch of ['maxillary', 'mandibular'] as const) {
    it(`${arch}: a binary STL whose size matches its triangle count`, () => {
      const buf = archStl({ arch, variant: 2 });
      const { count } = readStl(buf);
      expect(count).toBeGreaterThan(100);
      expect(buf.length).toBe(84 + count * 50);
      // a binary STL header must not start with "solid" (ASCII STL readers would misread it)
      expect(buf.subarray(0, 5).toString('ascii')).not.toBe('solid');
    });

    it(`${arch}: a closed, consistently wound mesh with outward normals`, () => {
      const { triangles } = readStl(archStl({ arch }));
      const key = (p: V) => p.map((x) => x.toFixed(4)).join(',');
      const directed = new Map<string, number>();
      let volume = 0;
      for (const { n, v } of triangles) {
        for (let k = 0; k < 3; k++) {
          const e = `${key(v[k]!)}>${key(v[(k + 1) % 3]!)}`;
          directed.set(e, (directed.get(e) ?? 0) + 1);
        }
        const [a, b, c] = v;
        volume +=
          (a[0] * (b[1] * c[2] - b[2] * c[1]) -
            a[1] * (b[0] * c[2] - b[2] * c[0]) +
            a[2] * (b[0] * c[1] - b[1] * c[0])) /
          6;
        expect(Math.hypot(...n)).toBeCloseTo(1, 3);
      }
      // every directed edge once, and its reverse exactly once: closed and consistently oriented
      for (const [e, times] of directed) {
        expect(times).toBe(1);
        const [from, to] = e.split('>');
        expect(directed.get(`${to}>${from}`), e).toBe(1);
      }
      expect(volume).toBeGreaterThan(1000); // mm³, positive: normals point outwards
    });
  }
});

describe('demo PNG photos', () => {
  it('has a PNG signature, valid chunk CRCs and pixel data of the declared size', () => {
    const png = photoPng({ width: 40, height: 30, variant: 1 });
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    let o = 8;
    const chunks: { type: string; data: Buffer }[] = [];
    while (o < png.length) {
      const len = png.readUInt32BE(o);
      const type = png.toString('ascii', o + 4, o + 8);
      const data = png.subarray(o + 8, o + 8 + len);
      expect(png.readUInt32BE(o + 8 + len), type).toBe(crc32(png.subarray(o + 4, o + 8 + len)));
      chunks.push({ type, data });
      o += 12 + len;
    }
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(chunks[0]!.data.readUInt32BE(0)).toBe(40);
    expect(chunks[0]!.data.readUInt32BE(4)).toBe(30);
    expect(inflateSync(chunks[1]!.data).length).toBe((40 * 3 + 1) * 30);
  });

  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });
});

describe('demo PDF', () => {
  it('has a header, objects where the cross-reference table says, and the text', () => {
    const pdf = textPdf('Referral letter', ['Patient: Emma (Smith)']);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const startxref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((off, i) => expect(text.slice(off, off + 8)).toBe(`${i + 1} 0 obj\n`));
    expect(text).toContain('(Patient: Emma \\(Smith\\)) Tj');
  });
});

describe('demo ZIP', () => {
  it('stores each entry with its CRC and a central directory that counts them', () => {
    const a = Buffer.from('upper arch');
    const b = Buffer.from('lower arch!');
    const zip = storedZip([
      { name: 'upper.stl', data: a },
      { name: 'lower.stl', data: b },
    ]);
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);
    expect(zip.readUInt32LE(14)).toBe(crc32(a));
    expect(zip.toString('utf8', 30, 39)).toBe('upper.stl');
    expect(zip.subarray(39, 39 + a.length).equals(a)).toBe(true);
    const end = zip.length - 22;
    expect(zip.readUInt32LE(end)).toBe(0x06054b50);
    expect(zip.readUInt16LE(end + 10)).toBe(2);
    const centralOffset = zip.readUInt32LE(end + 16);
    expect(zip.readUInt32LE(centralOffset)).toBe(0x02014b50);
    expect(centralOffset + zip.readUInt32LE(end + 12)).toBe(end);
  });
});
