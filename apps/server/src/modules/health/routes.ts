import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponse } from '@archline/contracts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness and database check',
        security: [],
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (_request, reply) => {
      const started = performance.now();
      try {
        await sql`select 1`.execute(app.ctx.db);
        return {
          status: 'ok' as const,
          database: {
            engine: app.ctx.database.engine,
            ok: true,
            latency_ms: Math.round(performance.now() - started),
          },
        };
      } catch {
        return reply.status(503).send({
          status: 'error' as const,
          database: {
            engine: app.ctx.database.engine,
            ok: false,
            latency_ms: Math.round(performance.now() - started),
          },
        });
      }
    },
  );
};
