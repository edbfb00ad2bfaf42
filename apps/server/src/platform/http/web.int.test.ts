import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/** A built web app as Vite leaves it: index.html, hashed assets with their .br and .gz copies. */
function writeBuiltApp(dir: string) {
  const script = `console.log(${JSON.stringify('Archline '.repeat(400))});`;
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Archline</title><div id="root"></div>',
  );
  const html = '<!doctype html><title>Archline</title><div id="root"></div>';
  fs.writeFileSync(path.join(dir, 'index.html.br'), zlib.brotliCompressSync(html));
  fs.writeFileSync(path.join(dir, 'index.html.gz'), zlib.gzipSync(html));
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dir, 'assets/index-Ab12Cd34.js'), script);
  fs.writeFileSync(path.join(dir, 'assets/index-Ab12Cd34.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, 'assets/index-Ab12Cd34.js.gz'), zlib.gzipSync(script));
  return script;
}

let t: TestApp;
let script: string;
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'archline-web-'));

beforeAll(async () => {
  script = writeBuiltApp(webDir);
  t = await createTestApp({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('sends a hashed asset precompressed with brotli, cached for a year as immutable', async () => {
    const res = await t.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy to a browser that accepts only gzip, and the file itself to one that accepts neither', async () => {
    const gz = await t.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has the browser check index.html and unhashed files on every use', async () => {
    for (const url of ['/', '/patients', '/favicon.svg']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const page = await t.app.inject({ url: '/patients' });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<div id="root"></div>');
  });

  it('sends index.html precompressed, tagged by its content; a reload with the tag answers 304', async () => {
    const html = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
    const br = await t.app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(html);
    const etag = String(br.headers['etag']);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const gz = await t.app.inject({ url: '/patients', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(html);
    expect(gz.headers['etag']).toBe(etag);

    const again = await t.app.inject({ url: '/login', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // A new build changes the page, its tag, and what a stale tag gets.
    const rebuilt = html.replace('<title>Archline</title>', '<title>Archline 2</title>');
    fs.writeFileSync(path.join(webDir, 'index.html'), rebuilt);
    fs.writeFileSync(path.join(webDir, 'index.html.br'), zlib.brotliCompressSync(rebuilt));
    fs.writeFileSync(path.join(webDir, 'index.html.gz'), zlib.gzipSync(rebuilt));
    const future = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(webDir, 'index.html'), future, future);
    const stale = await t.app.inject({ url: '/login', headers: { 'if-none-match': etag } });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['etag']).not.toBe(etag);
    expect(stale.body).toContain('Archline 2');
  });

  it('leaves the revalidation tags and the document-only headers off hashed files', async () => {
    const res = await t.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['etag']).toBeUndefined();
    expect(res.headers['last-modified']).toBeUndefined();
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an unknown API path with the JSON 404, not the app', async () => {
    const res = await t.app.inject({ url: '/services/api/v2/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Route GET /services/api/v2/nothing-here not found.' });
  });
});
