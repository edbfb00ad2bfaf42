import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthenticated } from '../http/errors.ts';
import type { Actor } from './actor.ts';
import { resolveToken } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null when no valid bearer token came with the request. */
    actor: Actor | null;
  }
}

/** The bearer token of a request (`Authorization: Bearer <token>`), if any. */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/** The caller of a route that needs a session; 401 'Unauthenticated.' otherwise. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}

/**
 * Resolves the bearer token of every request into `request.actor`. An unknown, revoked or expired
 * token leaves the actor null, so routes that need a session answer 401.
 */
const authPlugin: FastifyPluginAsync = async (app) => {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerTokenOf(request);
    request.actor = token ? await resolveToken(app.ctx, token) : null;
  });
};

export default fp(authPlugin, { name: 'archline-auth' });
