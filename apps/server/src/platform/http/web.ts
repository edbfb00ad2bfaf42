import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';

const API_PATH = '/services/api/';

/** Built files whose names carry a content hash never change: a browser may keep them a year. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, files without a hash) is checked with the server on every use. */
export const REVALIDATE_CACHE = 'no-cache';

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
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith(API_PATH)) {
      return reply
        .header('cache-control', REVALIDATE_CACHE)
        .type('text/html')
        .send(fs.createReadStream(indexFile));
    }
    return reply.status(404).send({ message: `Route ${request.method} ${url} not found.` });
  });
}
