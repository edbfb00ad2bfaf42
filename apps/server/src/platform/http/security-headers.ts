import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const API_PATH = '/services/api/';

/**
 * The Content Security Policy of the web app. No inline or remote scripts; styles may be inline
 * because MUI (emotion) injects its style tags at run time. The bot check solves its proof of work
 * with the browser's WebCrypto (no workers, no WebAssembly); the 3D preview reads scans as blob:
 * URLs; the real-time socket needs ws:/wss:. Nothing may frame the app.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'ws:', 'wss:', 'blob:', 'data:'],
  'worker-src': ["'self'"],
  'media-src': ["'self'", 'blob:'],
  'frame-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/** The API explorer (Swagger UI) runs inline scripts: its pages get this relaxed policy only. */
const DOCS_CONTENT_SECURITY_POLICY = {
  ...CONTENT_SECURITY_POLICY,
  'script-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'validator.swagger.io'],
};

/** A year of HTTPS only, sent only on answers that went out over HTTPS. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer (helmet): the CSP above, `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy: no-referrer`, `X-Frame-Options: DENY`, HSTS over HTTPS (the request's
 * protocol, so behind a proxy only when TRUST_PROXY trusts it). API answers default to
 * `Cache-Control: no-store` (patient data, sign-in) unless the route sets its own; the web app's
 * files keep the cache headers of web.ts.
 */
export async function registerSecurityHeaders(app: FastifyInstance, docsPrefix: string): Promise<void> {
  // With S3 storage and presigned URLs the browser PUTs files to the bucket, shows its images and
  // reads scans from it: its origins join img-src, connect-src and media-src.
  const bucket = app.hasDecorator('ctx') ? (app.ctx.storage.presign?.origins ?? []) : [];
  const directives = bucket.length
    ? {
        ...CONTENT_SECURITY_POLICY,
        'img-src': [...CONTENT_SECURITY_POLICY['img-src'], ...bucket],
        'connect-src': [...CONTENT_SECURITY_POLICY['connect-src'], ...bucket],
        'media-src': [...CONTENT_SECURITY_POLICY['media-src'], ...bucket],
      }
    : CONTENT_SECURITY_POLICY;
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(docsPrefix)) {
      route.config = Object.assign(route.config ?? {}, {
        helmet: { contentSecurityPolicy: { useDefaults: false, directives: DOCS_CONTENT_SECURITY_POLICY } },
      });
    }
  });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    // Set below, only over HTTPS.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    // The app loads nothing cross-origin that would need these relaxed, nor embeds others.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (
      request.url.startsWith(API_PATH) &&
      !request.url.startsWith(docsPrefix) &&
      !reply.hasHeader('cache-control')
    ) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
