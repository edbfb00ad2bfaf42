import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';

const API_PATH = '/services/api/';
/** Where the build puts the files whose names carry a content hash. */
const HASHED_ASSET_PREFIX = '/assets/';

/** Built files whose names carry a content hash never change: a browser may keep them a year. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, files without a hash) is checked with the server on every use. */
export const REVALIDATE_CACHE = 'no-cache';

/**
 * Headers that govern a document (what it may load, frame or open), or that revalidate a file
 * that never changes. A hashed script, style or font is not a document and is kept a year without
 * revalidation, so these only add bytes to each of the several dozen files of a first visit.
 * `X-Content-Type-Options`, `Cross-Origin-Resource-Policy` and `Referrer-Policy` (which module
 * scripts apply to their imports) stay.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'etag',
  'last-modified',
] as const;

/**
 * Serves the built single-page app from apps/web/dist when it exists. The build writes a brotli
 * and a gzip copy of each text file beside it; they are sent as they are to browsers that accept
 * them. Unknown non-API GET paths answer index.html so the client router can show the page (or
 * 'Page Not Found').
 */
export async function registerWeb(app: FastifyInstance, config: Config) {
  const indexFile = path.join(config.webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The plugin's own Cache-Control (max-age=0) would replace ours: leave the header to us.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.startsWith(path.join(config.webDistDir, 'assets') + path.sep);
        res.setHeader('cache-control', hashed ? HASHED_ASSET_CACHE : REVALIDATE_CACHE);
        // The same address answers brotli, gzip or plain bytes: shared caches must key on it.
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
  if (hasWeb) {
    app.addHook('onSend', async (request, reply, payload) => {
      if (
        request.url.startsWith(HASHED_ASSET_PREFIX) &&
        reply.getHeader('cache-control') === HASHED_ASSET_CACHE
      ) {
        for (const name of DOCUMENT_ONLY_HEADERS) {
          reply.removeHeader(name);
          reply.raw.removeHeader(name);
        }
      }
      return payload;
    });
  }
  const index = hasWeb ? indexPage(indexFile) : null;
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (index && (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith(API_PATH)) {
      const page = index.current();
      reply
        .header('cache-control', REVALIDATE_CACHE)
        .header('vary', 'Accept-Encoding')
        .header('etag', page.etag);
      if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.status(304).send();
      const accepted = request.headers['accept-encoding'];
      const encoding =
        page.br && accepts(accepted, 'br') ? 'br' : page.gzip && accepts(accepted, 'gzip') ? 'gzip' : null;
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .type('text/html; charset=utf-8')
        .send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
    }
    return reply.status(404).send({ message: `Route ${request.method} ${url} not found.` });
  });
}

interface IndexPage {
  html: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  etag: string;
}

/**
 * index.html, which answers every page address, with the build's brotli and gzip copies: read
 * once and again only when the file changes (a new build), and tagged by its content so a reload
 * answers 304.
 */
function indexPage(indexFile: string): { current(): IndexPage } {
  let loaded: { mtimeMs: number; page: IndexPage } | null = null;
  const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file) : null);
  return {
    current() {
      const mtimeMs = fs.statSync(indexFile).mtimeMs;
      if (!loaded || loaded.mtimeMs !== mtimeMs) {
        const html = fs.readFileSync(indexFile);
        const etag = `"${crypto.createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`;
        loaded = {
          mtimeMs,
          page: { html, br: read(`${indexFile}.br`), gzip: read(`${indexFile}.gz`), etag },
        };
      }
      return loaded.page;
    },
  };
}

/** Whether an If-None-Match header names the tag (or `*`); weak tags compare equal. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/** Whether an Accept-Encoding header accepts a coding (named, or `*`, with a q above 0). */
export function accepts(header: string | undefined, coding: string): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name.trim() === coding) return allowed;
    if (name.trim() === '*') star = allowed;
  }
  return star;
}
