import crypto from 'node:crypto';
import { expect } from 'vitest';
import { API } from './auth-helpers.ts';
import type { TestApp } from './test-app.ts';

/** A binary STL of n triangles with random (incompressible) content. */
export function binaryStl(n = 4): Buffer {
  const buf = Buffer.alloc(84 + 50 * n);
  buf.write('binary stl', 0, 'latin1');
  buf.writeUInt32LE(n, 80);
  crypto.randomFillSync(buf, 84);
  return buf;
}

/**
 * Uploads an STL (file type 2) for a patient the way the web app does: upload_link, then PUT of
 * the bytes to the link. Returns the upload's file_path, which a later call makes a patient file.
 */
export async function uploadStl(
  t: TestApp,
  headers: { authorization: string },
  patientId: number,
  name: string,
  triangles = 4,
): Promise<string> {
  const link = await t.app.inject({
    method: 'GET',
    url: `${API}/patient_files/upload_link?name=${name}&type=2&patient_id=${patientId}`,
    headers,
  });
  expect(link.statusCode, link.body).toBe(200);
  const put = await t.app.inject({
    method: 'PUT',
    url: link.json().url,
    payload: binaryStl(triangles),
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(put.statusCode, put.body).toBe(200);
  return link.json().file_path as string;
}
