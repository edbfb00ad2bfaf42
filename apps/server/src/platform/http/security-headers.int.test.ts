import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DEFAULT_PASSWORD, givenUser, solveAltcha } from '../../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { DOCUMENT_ONLY_HEADERS, HASHED_ASSET_CACHE, REVALIDATE_CACHE } from './web.ts';

let t: TestApp;
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'archline-web-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Archline</title>');
  fs.writeFileSync(path.join(webDir, 'assets/index-Ab12Cd34.js'), 'console.log(1);');
  t = await createTestApp({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  expect(csp).toMatch(/worker-src 'self'(;|$)/);
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("object-src 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
}

describe('security headers', () => {
  it('the web app: CSP, nosniff, referrer policy; its own cache headers are kept', async () => {
    const page = await t.app.inject({ url: '/' });
    expect(page.statusCode).toBe(200);
    expectSecurityHeaders(page.headers);
    expect(page.headers['cache-control']).toBe(REVALIDATE_CACHE);
    const deep = await t.app.inject({ url: '/patients/12' });
    expectSecurityHeaders(deep.headers);
    // A hashed script is no document: it keeps nosniff, its resource and referrer policies, and
    // leaves out what only a document obeys (the CSP, framing) and the revalidation tags.
    const asset = await t.app.inject({ url: '/assets/index-Ab12Cd34.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['referrer-policy']).toBe('no-referrer');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of DOCUMENT_ONLY_HEADERS) expect(asset.headers[name], name).toBeUndefined();
    expect(asset.headers['cache-control']).toBe(HASHED_ASSET_CACHE);
  });

  it('API answers: the same headers and no-store, errors included', async () => {
    const ok = await t.app.inject({ url: `${API}/health` });
    expectSecurityHeaders(ok.headers);
    expect(ok.headers['cache-control']).toBe('no-store');
    const denied = await t.app.inject({ url: `${API}/me` });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['cache-control']).toBe('no-store');
  });

  it('sign-in answers are not stored', async () => {
    const u = await givenUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/login`,
      payload: { email: u.email, password: DEFAULT_PASSWORD, altcha: await solveAltcha(t) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('HSTS only over HTTPS, and a forged X-Forwarded-Proto does not count', async () => {
    const plain = await t.app.inject({ url: `${API}/health` });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const forged = await t.app.inject({
      url: `${API}/health`,
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '198.51.100.1',
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('the API explorer keeps working with its own relaxed policy', async () => {
    const res = await t.app.inject({ url: `${API}/docs/` });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe('behind a trusted proxy that terminates HTTPS', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => proxied?.close());

  it('sends HSTS when the proxy says the request came over HTTPS', async () => {
    const res = await proxied.app.inject({
      url: `${API}/health`,
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '127.0.0.1',
    });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await proxied.app.inject({ url: `${API}/health`, remoteAddress: '127.0.0.1' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
