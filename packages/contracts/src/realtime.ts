/**
 * Real-time private channels and their events (document 1 sections 2.3 and 7, document 3 section 4).
 *
 * The client connects with socket.io to the API's origin, path `/socket.io`, passing its bearer
 * token as `auth: { token }`. Every socket is joined to `general` and its own `user.{id}` on
 * connect; other channels are joined with an acknowledged `subscribe` event.
 */

export const REALTIME_PATH = '/socket.io';

export const INTERNAL_CHANNEL = 'internal';
export const GENERAL_CHANNEL = 'general';

export const userChannel = (userId: number): string => `user.${userId}`;
export const organizationChannel = (organizationId: number): string => `organization.${organizationId}`;
export const patientChannel = (patientId: number): string => `patient.${patientId}`;

/** Channel names: `internal` (management), `general` (everyone), `user.{id}`, `organization.{id}`, `patient.{id}`. */
export const CHANNELS = {
  internal: INTERNAL_CHANNEL,
  general: GENERAL_CHANNEL,
  user: userChannel,
  organization: organizationChannel,
  patient: patientChannel,
} as const;

export type ParsedChannel =
  { kind: 'internal' } | { kind: 'general' } | { kind: 'user' | 'organization' | 'patient'; id: number };

/** Reads a channel name; null when it is not one of the five kinds. */
export function parseChannel(name: string): ParsedChannel | null {
  if (name === INTERNAL_CHANNEL) return { kind: 'internal' };
  if (name === GENERAL_CHANNEL) return { kind: 'general' };
  const m = /^(user|organization|patient)\.([1-9]\d{0,14})$/.exec(name);
  if (!m) return null;
  return { kind: m[1] as 'user' | 'organization' | 'patient', id: Number(m[2]) };
}

/** Server-to-client events. */
export const EVENTS = {
  /** A new notification for the bell; its `type` marks a rush case (see NOTIFICATION_TYPES). */
  notification: 'notification',
  /** The notification list changed: refetch it. */
  refreshNotifications: 'refresh-notifications',
  /** An announcement was created, changed or removed: refetch the announcements. */
  announcementUpdated: 'announcement-updated',
  /** The onboarding state changed: refetch it. */
  onboardingChanges: 'onboarding-changes',
  /** On `patient.{id}`: a case note was added: refetch the case notes. */
  newMessage: 'new-message',
  /** On `patient.{id}`: a technician workflow process started, finished or was edited: refetch the workflows. */
  techWorkflowUpdated: 'tech-workflow-updated',
} as const;
export type RealtimeEvent = (typeof EVENTS)[keyof typeof EVENTS];

/** Client-to-server events, each answered through the acknowledgement callback. */
export const SUBSCRIBE_EVENT = 'subscribe';
export const UNSUBSCRIBE_EVENT = 'unsubscribe';

export interface SubscribeRequest {
  channel: string;
}
export type SubscribeAck = { ok: true } | { ok: false; message: string };

/** Texts of refused connections and subscriptions. */
export const REALTIME_TEXTS = {
  unauthenticated: 'Unauthenticated.',
  unknownChannel: 'Unknown channel.',
  forbiddenChannel: 'You may not join this channel.',
  invalidRequest: 'The channel field is required.',
} as const;
