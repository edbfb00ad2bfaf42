import type { Server as HttpServer } from 'node:http';

/** Private real-time channels: internal, general, user.{id}, organization.{id}, patient.{id}. */
export interface Realtime {
  /** Sends `event` with `payload` to every socket joined to `channel`, on every server process. */
  publish(channel: string, event: string, payload: unknown): Promise<void>;
  attach(server: HttpServer): Promise<void>;
  close(): Promise<void>;
}

export function createRealtime(): Realtime {
  return {
    async publish() {},
    async attach() {},
    async close() {},
  };
}
