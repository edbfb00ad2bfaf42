import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTALLER_MESSAGES } from '@archline/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { API, bearer, givenUser, tokenFor } from '../../../test/auth-helpers.ts';
import { exeBytes, msiBytes, multipart, type Part } from '../../../test/installer-helpers.ts';

type H = { authorization: string };
let t: TestApp;
let admin: H;

beforeAll(async () => {
  t = await createTestApp();
  const a = await givenUser(t, { roles: ['admin'] });
  admin = bearer(await tokenFor(t, a.id, { management: true }));
});
afterAll(() => t?.close());

function upload(path: string, parts: Part[]) {
  const { body, contentType } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `${API}${path}`,
    headers: { ...admin, 'content-type': contentType },
    payload: body,
  });
}

const parts = (version: string, fileName: string, data: Buffer, notes = 'Notes'): Part[] => [
  { name: 'version', value: version },
  { name: 'release_notes', value: notes },
  { name: 'installer_file', fileName, data },
];

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const k of t.ctx.storage.listKeys()) if (k.startsWith('installers/')) keys.push(k);
  return keys;
}

async function installerCount(): Promise<number> {
  const row = await t.db
    .selectFrom('installers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('disguised files', () => {
  it('refuses a text file named .exe, an .exe named .msi, a double extension and a .7z that is not one; nothing is kept', async () => {
    const before = { keys: (await storedKeys()).length, rows: await installerCount() };
    const text = Buffer.from('#!/bin/sh\necho pwned\n'.repeat(20));
    for (const [name, data] of [
      ['setup.exe', text],
      ['setup.msi', exeBytes()],
      ['setup.exe.txt', exeBytes()],
      ['setup.exe ', exeBytes()],
      ['setup', exeBytes()],
      ['MZ.exe', Buffer.from('M')],
    ] as const) {
      const res = await upload('/installers', parts('1.0.1', name, data));
      expect(res.statusCode, name).toBe(422);
      expect(res.json().errors.installer_file, name).toEqual([INSTALLER_MESSAGES.unsupportedFormat]);
    }
    const ml = await upload('/installers/machine-learning-file', [
      { name: 'file', fileName: 'model.7z', data: exeBytes() },
    ]);
    expect(ml.statusCode).toBe(422);
    expect(ml.json().errors.file).toEqual([INSTALLER_MESSAGES.machineLearningFormat]);
    expect((await storedKeys()).length).toBe(before.keys);
    expect(await installerCount()).toBe(before.rows);
  });
});

describe('file names', () => {
  it('refuses path traversal and separators in the file name', async () => {
    for (const name of [
      '../../etc/evil.exe',
      '..\\..\\evil.exe',
      'dir/evil.exe',
      '.hidden.exe',
      `${'a'.repeat(300)}.exe`,
    ]) {
      const res = await upload('/installers', parts('1.0.2', name, exeBytes()));
      expect(res.statusCode, name).toBe(422);
      expect(res.json().errors.installer_file, name).toEqual([INSTALLER_MESSAGES.fileName]);
    }
    expect(await storedKeys()).toEqual([]);
  });

  it('keeps a name with separators and unicode safely in the download header', async () => {
    const res = await upload('/installers', parts('1.0.3', 'DIBS; setup é.msi', msiBytes()));
    expect(res.statusCode, res.body).toBe(201);
    const link = await t.app.inject({
      method: 'GET',
      url: `${API}/installers/${res.json().installer.id}/download_link`,
      headers: admin,
    });
    const file = await t.app.inject({ method: 'GET', url: link.json().url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="DIBS; setup _.msi"; filename*=UTF-8''${encodeURIComponent('DIBS; setup é.msi')}`,
    );
  });
});

describe('version strings and fields', () => {
  it('refuses oversize and odd versions with the format message', async () => {
    for (const version of [
      '1'.repeat(10_000) + '.1.1',
      '100.1.1',
      '1.1',
      '1.1.1.1',
      '-1.1.1',
      ' 1.1.1x',
      '١.١.١',
    ]) {
      const res = await upload('/installers', parts(version, 'a.exe', exeBytes()));
      expect(res.statusCode, version.slice(0, 20)).toBe(422);
      expect(res.json().errors.version).toEqual([INSTALLER_MESSAGES.versionFormat]);
    }
  });

  it('refuses a text field beyond its limit, too many parts and a body that never closes', async () => {
    const long = await upload('/installers', parts('1.0.4', 'a.exe', exeBytes(), 'x'.repeat(300_000)));
    expect(long.statusCode).toBe(400);
    const many: Part[] = Array.from({ length: 20 }, (_, i) => ({ name: `f${i}`, value: 'x' }));
    expect((await upload('/installers', many)).statusCode).toBe(400);
    const { body, contentType } = multipart(parts('1.0.5', 'a.exe', exeBytes()));
    const cut = await t.app.inject({
      method: 'POST',
      url: `${API}/installers`,
      headers: { ...admin, 'content-type': contentType },
      payload: body.subarray(0, body.length - 30),
    });
    expect(cut.statusCode).toBe(400);
    expect(await storedKeys()).not.toContainEqual(expect.stringContaining('a.exe'));
  });

  it('answers the file message for a body that is not multipart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/installers`,
      headers: { ...admin, 'content-type': 'application/json' },
      payload: { version: '1.0.6', release_notes: 'x' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.installer_file).toEqual([INSTALLER_MESSAGES.fileRequired]);
  });

  it('refuses a version already taken before reading the file', async () => {
    expect((await upload('/installers', parts('1.0.7', 'a.exe', exeBytes()))).statusCode).toBe(201);
    const res = await upload('/installers', parts('1.0.7', 'b.exe', exeBytes()));
    expect(res.json().errors.version).toEqual([INSTALLER_MESSAGES.versionExists]);
  });
});

describe('signed links', () => {
  it("refuses one installer's signature on another", async () => {
    const a = await upload('/installers', parts('1.0.8', 'a.exe', exeBytes()));
    const b = await upload('/installers', parts('1.0.9', 'b.exe', exeBytes()));
    const link = await t.app.inject({
      method: 'GET',
      url: `${API}/installers/${a.json().installer.id}/download_link`,
      headers: admin,
    });
    const swapped = link
      .json()
      .url.replace(`/installers/${a.json().installer.id}/`, `/installers/${b.json().installer.id}/`);
    expect((await t.app.inject({ method: 'GET', url: swapped })).statusCode).toBe(403);
  });
});

describe('a large upload streams with flat memory', () => {
  it(
    'stores a 200 MB installer generated on the fly while the RSS stays flat',
    { timeout: 240_000 },
    async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const size = 200 * 1024 * 1024;
      const boundary = '----archline-large-upload';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="version"\r\n\r\n42.0.0\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="release_notes"\r\n\r\nBig one\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="installer_file"; filename="big.exe"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const chunk = Buffer.alloc(1024 * 1024, 0x41);
      chunk.write('MZ', 0, 'latin1');
      const filler = Buffer.alloc(1024 * 1024, 0x41);
      function* body() {
        yield head;
        for (let sent = 0; sent < size; sent += chunk.length) yield sent === 0 ? chunk : filler;
        yield tail;
      }
      global.gc?.();
      // What this test's thread holds: its heap and its buffers. (The process's RSS also counts the
      // test files other worker threads run at the same time.)
      const held = () => {
        const m = process.memoryUsage();
        return m.heapUsed + m.arrayBuffers;
      };
      const baseline = held();
      const rssBaseline = process.memoryUsage().rss;
      let peak = baseline;
      let rssPeak = rssBaseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, held());
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      }, 20);
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: `${API}/installers`,
            headers: {
              ...admin,
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'content-length': String(head.length + size + tail.length),
            },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (d: string) => (text += d));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        request.on('error', reject);
        Readable.from(body()).pipe(request);
      });
      clearInterval(sampler);
      expect(answer.status, answer.body).toBe(201);
      const installer = JSON.parse(answer.body).installer;
      expect(installer.file_size).toBe(size);
      const growthMb = (peak - baseline) / 1024 / 1024;
      console.log(
        `200 MB streamed upload: heap and buffers peak growth ${growthMb.toFixed(1)} MB; process RSS ${Math.round(rssBaseline / 1048576)} MB before, peak growth ${((rssPeak - rssBaseline) / 1048576).toFixed(1)} MB`,
      );
      expect(growthMb).toBeLessThan(64);
    },
  );
});
