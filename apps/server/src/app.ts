import crypto from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { serializerCompiler } from './platform/http/serializer.ts';
import { pino, type Logger } from 'pino';
import type { Config } from './platform/config/env.ts';
import type { AppContext } from './platform/context.ts';
import authPlugin from './platform/auth/plugin.ts';
import { registerErrorHandler, sendFrameworkError } from './platform/http/error-handler.ts';
import { declareCommonErrors, fixNullable } from './platform/http/openapi.ts';
import { rejectUnstorableText } from './platform/http/storable-text.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { registerAuditHooks } from './platform/audit/index.ts';
import type { Database } from './db/database.ts';
import { registerModules } from './modules/index.ts';
import { registerWeb } from './platform/http/web.ts';
import { registerCompression } from './platform/http/compression.ts';
import { createJobs } from './platform/jobs/index.ts';
import { registerMailJobs } from './platform/mail/delivery.ts';
import { registerSmsJobs } from './platform/sms/delivery.ts';
import { createRealtime } from './platform/realtime/index.ts';
import { createStorage } from './platform/storage/index.ts';

export const API_PREFIX = '/services/api/v2';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** One answer as sent: the route's pattern (`/x/:id`), status, content type and serialized body. */
export interface ObservedResponse {
  method: string;
  route: string | undefined;
  url: string;
  statusCode: number;
  contentType: string | undefined;
  payload: unknown;
}

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: Logger;
  /** Sees every answer before it goes out (the tests check each against the OpenAPI description). */
  observeResponse?: (response: ObservedResponse) => void;
}

export type App = FastifyInstance;

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies next to the server. */
function trustProxyOption(
  setting: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/** Builds the HTTP application: API under /services/api/v2, OpenAPI docs, and the web app. */
export async function buildApp(opts: BuildOptions): Promise<App> {
  const logger = opts.logger ?? pino({ level: opts.config.logLevel });
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
    requestIdHeader: false,
    // Forwarded headers count only from the configured proxies (TRUST_PROXY; none by default).
    trustProxy: trustProxyOption(opts.config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
    // A malformed URL or an over-long path parameter answers in the API's error shape too.
    frameworkErrors: sendFrameworkError,
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const ctx: AppContext = {
    config: opts.config,
    database: opts.database,
    db: opts.database.db,
    log: logger,
    jobs: createJobs(opts.database.db, {
      ...opts.config.jobs,
      connectionString: opts.database.connectionString,
      log: logger.child({ module: 'jobs' }),
    }),
    realtime: createRealtime(() => ctx),
    storage: createStorage(opts.config),
  };
  app.decorate('ctx', ctx);
  registerMailJobs(ctx);
  registerSmsJobs(ctx);
  app.addHook('onReady', async () => {
    await ctx.realtime.attach(app.server);
    ctx.jobs.start();
  });
  // Sockets first: an open WebSocket would keep the HTTP server from closing.
  app.addHook('preClose', () => ctx.realtime.close());
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    await ctx.realtime.close();
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  if (opts.observeResponse) {
    const observe = opts.observeResponse;
    app.addHook('onSend', async (request, reply, payload) => {
      const type = reply.getHeader('content-type');
      observe({
        method: request.method,
        route: request.routeOptions.url,
        url: request.url,
        statusCode: reply.statusCode,
        contentType: typeof type === 'string' ? type : undefined,
        payload,
      });
      return payload;
    });
  }

  registerErrorHandler(app);
  await registerSecurityHeaders(app, `${API_PREFIX}/docs`);
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(API_PREFIX) && !route.url.startsWith(`${API_PREFIX}/docs`)) {
      declareCommonErrors(route);
    }
  });
  app.addHook('preValidation', rejectUnstorableText);
  registerAuditHooks(app);
  await registerCompression(app);
  await app.register(authPlugin);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Archline API',
        version: '2.0.0',
        description: 'Case-management portal for digital orthodontics',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) => {
      const document =
        'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
      fixNullable(document.paths);
      return document;
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  await app.register(
    async (api) => {
      await registerModules(api);
    },
    { prefix: API_PREFIX },
  );

  await registerWeb(app, opts.config);
  return app;
}
