import type { Server as HttpServer } from 'node:http';

/** Private real-time channels: internal, general, user.{id}, organization.{id}, patient.{id}. */
export interface Realtime {
  /** Sends `event` with `payload` to every socket joined to `channel`, on every server process. */
  publish(channel: string, event: string, payload: unknown): Promise<void>;
  /** Disconnects every socket signed in with this auth_tokens row (logout, revocation), on every process. */
  disconnectToken(tokenId: number): Promise<void>;
  /** Disconnects every socket of this user (archived, deleted), on every process. */
  disconnectUser(userId: number): Promise<void>;
  attach(server: HttpServer): Promise<void>;
  close(): Promise<void>;
}
