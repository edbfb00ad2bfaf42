import {
  DEFAULT_ERROR_MESSAGE,
  GENERAL_CHANNEL,
  parseChannel,
  REALTIME_PATH,
  REALTIME_TEXTS,
  SUBSCRIBE_EVENT,
  UNSUBSCRIBE_EVENT,
  userChannel,
  type ParsedChannel,
  type SubscribeAck,
} from '@archline/contracts';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { Server, type Socket } from 'socket.io';
import type { Actor } from '../auth/actor.ts';
import { resolveToken } from '../auth/tokens.ts';
import type { AppContext } from '../context.ts';
import type { Realtime } from './types.ts';
import { seesOrganization } from '../permissions/organization-scope.ts';
import { seesPatient } from '../permissions/patient-scope.ts';

export type { Realtime };

type Ack = (answer: SubscribeAck) => void;

interface ClientToServerEvents {
  subscribe(request: unknown, ack?: Ack): void;
  unsubscribe(request: unknown, ack?: Ack): void;
}
type ServerToClientEvents = Record<string, (payload: unknown) => void>;
interface SocketData {
  actor: Actor;
}
type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** A room no client can name in `subscribe`: it groups the sockets of one session. */
const tokenRoom = (tokenId: number) => `token:${tokenId}`;

/**
 * The socket.io server on the API's own HTTP server. On PostgreSQL, events travel between
 * server processes through LISTEN/NOTIFY (@socket.io/postgres-adapter, with its own small pool);
 * on embedded PGlite there is a single process and the in-memory adapter suffices.
 *
 * `getCtx` returns the context this realtime belongs to (read lazily: the context holds it).
 */
export function createRealtime(getCtx: () => AppContext): Realtime {
  let io: RealtimeServer | undefined;
  let adapterPool: pg.Pool | undefined;
  const adapterClients = new Set<pg.PoolClient>();

  async function mayJoin(actor: Actor, channel: ParsedChannel): Promise<boolean> {
    switch (channel.kind) {
      case 'general':
        return true;
      case 'internal':
        return actor.profile === 'management';
      case 'user':
        return actor.userId === channel.id;
      case 'organization':
        return mayJoinOrganization(actor, channel.id);
      case 'patient':
        // The API's visibility rule: a case the API answers 404 for cannot be joined either.
        return seesPatient(getCtx().db, actor, channel.id);
    }
  }

  /** Members; management that may see the organization (a lab partner only its own). */
  function mayJoinOrganization(actor: Actor, organizationId: number): boolean {
    if (actor.organizationIds.includes(organizationId)) return true;
    return actor.profile === 'management' && seesOrganization(actor, organizationId);
  }

  function readChannel(request: unknown): string | null {
    if (typeof request !== 'object' || request === null) return null;
    const channel = (request as { channel?: unknown }).channel;
    return typeof channel === 'string' && channel.length > 0 ? channel : null;
  }

  function onConnection(socket: RealtimeSocket) {
    const { actor } = socket.data;
    void socket.join([GENERAL_CHANNEL, userChannel(actor.userId), tokenRoom(actor.tokenId)]);

    socket.on(SUBSCRIBE_EVENT, async (request, ack) => {
      const answer = (a: SubscribeAck) => (typeof ack === 'function' ? ack(a) : undefined);
      const name = readChannel(request);
      if (!name) return answer({ ok: false, message: REALTIME_TEXTS.invalidRequest });
      const channel = parseChannel(name);
      if (!channel) return answer({ ok: false, message: REALTIME_TEXTS.unknownChannel });
      try {
        if (!(await mayJoin(actor, channel))) {
          return answer({ ok: false, message: REALTIME_TEXTS.forbiddenChannel });
        }
      } catch (err) {
        getCtx().log.error({ err, channel: name }, 'realtime subscription check failed');
        return answer({ ok: false, message: DEFAULT_ERROR_MESSAGE });
      }
      // The check is asynchronous: the socket may have gone meanwhile.
      if (socket.connected) await socket.join(name);
      answer({ ok: true });
    });

    socket.on(UNSUBSCRIBE_EVENT, async (request, ack) => {
      const answer = (a: SubscribeAck) => (typeof ack === 'function' ? ack(a) : undefined);
      const name = readChannel(request);
      if (!name) return answer({ ok: false, message: REALTIME_TEXTS.invalidRequest });
      if (!parseChannel(name)) return answer({ ok: false, message: REALTIME_TEXTS.unknownChannel });
      await socket.leave(name);
      answer({ ok: true });
    });
  }

  return {
    async attach(server) {
      if (io) return;
      const ctx = getCtx();
      io = new Server(server, { path: REALTIME_PATH, serveClient: false });
      if (ctx.database.engine === 'postgres' && ctx.database.connectionString) {
        adapterPool = new pg.Pool({ connectionString: ctx.database.connectionString, max: 3 });
        adapterPool.on('error', (err) => ctx.log.warn({ err }, 'realtime adapter connection error'));
        io.adapter(
          createAdapter(
            adapterPoolFacade(adapterPool, () => !io, ctx, adapterClients),
            {
              errorHandler: (err) => ctx.log.warn({ err }, 'realtime adapter error'),
            },
          ),
        );
      }
      io.use((socket, next) => {
        const given: unknown = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
        const token = typeof given === 'string' ? given.replace(/^Bearer\s+/i, '').trim() : '';
        if (!token) return next(new Error(REALTIME_TEXTS.unauthenticated));
        resolveToken(ctx, token).then(
          (actor) => {
            if (!actor) return next(new Error(REALTIME_TEXTS.unauthenticated));
            socket.data.actor = actor;
            next();
          },
          (err: unknown) => {
            ctx.log.error({ err }, 'realtime authentication failed');
            next(new Error(DEFAULT_ERROR_MESSAGE));
          },
        );
      });
      io.on('connection', onConnection);
    },

    async publish(channel, event, payload) {
      if (!io) return;
      io.to(channel).emit(event, payload);
    },

    async disconnectToken(tokenId) {
      io?.in(tokenRoom(tokenId)).disconnectSockets(true);
    },

    async disconnectUser(userId) {
      io?.in(userChannel(userId)).disconnectSockets(true);
    },

    async close() {
      const server = io;
      io = undefined;
      if (server) {
        // Not io.close(): the HTTP server belongs to Fastify, which closes it itself.
        server.local.disconnectSockets(true);
        await Promise.allSettled([...server._nsps.values()].map((nsp) => nsp.adapter.close()));
        server.engine.close();
      }
      // Taken before awaiting: close runs from both preClose and onClose, and must end the pool once.
      const pool = adapterPool;
      adapterPool = undefined;
      // A LISTEN connection the adapter was still setting up when it closed is never released by
      // it; end such connections here, or pool.end() would wait for them forever.
      for (const client of [...adapterClients]) client.release(true);
      adapterClients.clear();
      await pool?.end();
    },
  };
}

/**
 * The pool as the adapter sees it. The adapter keeps one LISTEN connection and reconnects on its
 * own whenever that connection ends; once we are closing, a connection it asks for is handed back
 * and its request never settles, so no reconnection loop outlives the server and `pool.end()`
 * does not wait for a connection that arrived after close.
 */
function adapterPoolFacade(
  pool: pg.Pool,
  closing: () => boolean,
  ctx: AppContext,
  checkedOut: Set<pg.PoolClient>,
): pg.Pool {
  const never = () => new Promise<never>(() => {});
  const guarded = new WeakSet<pg.PoolClient>();
  const facade = {
    async connect() {
      if (closing()) return never();
      const client = await pool.connect();
      if (closing()) {
        client.release();
        return never();
      }
      // Known until released, so that closing can end a connection the adapter never handed back.
      checkedOut.add(client);
      const release = client.release;
      client.release = (err?: Error | boolean) => {
        checkedOut.delete(client);
        client.release = release;
        release(err);
      };
      // A LISTEN connection dropped by the database must not crash the process.
      if (!guarded.has(client)) {
        guarded.add(client);
        client.on('error', (err) => ctx.log.warn({ err }, 'realtime adapter connection lost'));
      }
      return client;
    },
    query: (text: string, values?: unknown[]) => pool.query(text, values),
  };
  return facade as unknown as pg.Pool;
}
