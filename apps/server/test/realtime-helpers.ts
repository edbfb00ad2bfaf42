import type { AddressInfo } from 'node:net';
import { REALTIME_PATH, SUBSCRIBE_EVENT, type SubscribeAck } from '@archline/contracts';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import type { App } from '../src/app.ts';

export type { ClientSocket };

/** Starts the app on a free port and returns its base URL, for real socket.io clients. */
export async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * Real socket.io clients of one test file: `connect` resolves once connected (rejects with the
 * server's refusal), `disconnectAll` (in afterEach) closes every client it opened.
 */
export function socketClients(url: () => string) {
  const clients: ClientSocket[] = [];
  return {
    connect(token: string | undefined, at = url()): Promise<ClientSocket> {
      const socket = connectClient(at, {
        path: REALTIME_PATH,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        ...(token === undefined ? {} : { auth: { token } }),
      });
      clients.push(socket);
      return new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', (err) => reject(err));
      });
    },
    disconnectAll(): void {
      for (const c of clients.splice(0)) c.disconnect();
    },
  };
}

/** Joins a channel through the acknowledged `subscribe` event. */
export function subscribe(socket: ClientSocket, channel: unknown): Promise<SubscribeAck> {
  return socket.timeout(5000).emitWithAck(SUBSCRIBE_EVENT, { channel });
}

/** Collects every payload of `event` on a socket. */
export function collect<T>(socket: ClientSocket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

/** Retries `check` until it passes or the time is up (then its last failure is thrown). */
export async function eventually(check: () => void, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** Lets in-flight events arrive before asserting that something did not. */
export const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 300));
