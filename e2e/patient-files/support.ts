import { crc32 } from 'node:zlib';
import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { API, expect } from '../support/fixtures.ts';

/** A GET with the signed-in user's bearer token. */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('archline.access_token'));
  const response = await page.request.get(`${API}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

interface FilesResponse {
  sections: { type: number; name: string; files: { id: number; name: string; original_name: string }[] }[];
  has_ios_file: boolean;
}

export function filesOf(page: Page, patientId: number): Promise<FilesResponse> {
  return apiGet<FilesResponse>(page, `/patients/${patientId}/files`);
}

/**
 * A patient of the signed-in user's list (not archived) whose IOS state is the wanted one, so
 * the test does not depend on which demo cases exist.
 */
export async function findPatient(
  page: Page,
  options: { hasIos: boolean; skip?: number[] },
): Promise<number> {
  const list = await apiGet<{ data: { id: number }[] }>(page, '/patients?status=all&per_page=100');
  for (const { id } of list.data) {
    if (options.skip?.includes(id)) continue;
    const details = await apiGet<{ patient: { deleted_at: string | null; has_ios_file: boolean } }>(
      page,
      `/patients/${id}`,
    );
    if (details.patient.deleted_at === null && details.patient.has_ios_file === options.hasIos) return id;
  }
  throw new Error(`No patient with has_ios_file=${options.hasIos} in the list`);
}

/** A closed tetrahedron as a binary STL (84-byte header, 50 bytes per triangle). */
export function tetrahedronStl(scale = 10): Buffer {
  const v = [
    [0, 0, 0],
    [scale, 0, 0],
    [0, scale, 0],
    [0, 0, scale],
  ];
  const faces = [
    [0, 2, 1],
    [0, 1, 3],
    [0, 3, 2],
    [1, 2, 3],
  ];
  const buffer = Buffer.alloc(84 + 50 * faces.length);
  buffer.write('archline e2e tetrahedron', 0, 'latin1');
  buffer.writeUInt32LE(faces.length, 80);
  faces.forEach((face, i) => {
    const at = 84 + i * 50;
    face.forEach((index, corner) => {
      for (let axis = 0; axis < 3; axis++)
        buffer.writeFloatLE(v[index]![axis]!, at + 12 + corner * 12 + axis * 4);
    });
  });
  return buffer;
}

/** A 1x1 PNG; `tag` goes into a tEXt-like trailing comment so different files have different bytes. */
export function tinyPng(tag: string): Buffer {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  return Buffer.concat([png, Buffer.from(tag, 'latin1')]);
}

/** A stored (uncompressed) zip holding one file of `size` random bytes. */
export function storedZip(entryName: string, size: number): Buffer {
  const data = crypto.randomBytes(size);
  const name = Buffer.from(entryName, 'utf8');
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0, 6);
  local.writeUInt16LE(0, 8); // stored
  local.writeUInt32LE(0, 10);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(size, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  local.writeUInt16LE(0, 28);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0, 8);
  central.writeUInt16LE(0, 10);
  central.writeUInt32LE(0, 12);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(size, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42); // local header offset
  const centralStart = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralStart, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}
