/**
 * Application streaming: DIBS "online" runs on a streaming service and the browser opens the
 * address it hands out. The interface follows the shape of Amazon AppStream 2.0's
 * CreateStreamingURL (stack, fleet, user, application, validity, session context in; the
 * streaming URL and its expiry out), so a provider client can sit behind it unchanged.
 *
 * Without a provider configured, the offline implementation answers with a page of Archline
 * itself (`/dibs/online?q={patient id}`) that shows the case and its scans in the in-browser 3D
 * preview: the whole flow works on a machine with no streaming account.
 */
export interface CreateStreamingUrlInput {
  StackName: string;
  FleetName: string;
  /** Who the session is for (the user id). */
  UserId: string;
  ApplicationId?: string;
  /** Seconds the URL stays valid (AppStream: 1 to 604800; default 60). */
  Validity?: number;
  /**
   * Handed to the streamed application when the session starts: here JSON with the DIBS launch
   * code (which the application exchanges for its own session) and the case to open.
   */
  SessionContext?: string;
}

export interface CreateStreamingUrlOutput {
  StreamingURL: string;
  Expires: Date;
}

export interface StreamingService {
  readonly name: string;
  createStreamingURL(input: CreateStreamingUrlInput): Promise<CreateStreamingUrlOutput>;
}

export const DIBS_STREAMING_STACK = 'dibs';
export const DIBS_STREAMING_FLEET = 'dibs-fleet';
export const DIBS_STREAMING_APPLICATION = 'dibs';

/** Reads the case from the session context (`{ q }`), or null. */
function caseOf(sessionContext: string | undefined): number | null {
  if (!sessionContext) return null;
  try {
    const q = (JSON.parse(sessionContext) as { q?: unknown }).q;
    return typeof q === 'number' && Number.isSafeInteger(q) && q > 0 ? q : null;
  } catch {
    return null;
  }
}

/**
 * The offline implementation: the "streamed" DIBS is Archline's own online viewer page. Its URL
 * carries only the case (never the launch code): the page runs in the signed-in browser.
 */
export function createOfflineStreaming(config: { publicUrl: string }): StreamingService {
  return {
    name: 'offline',
    async createStreamingURL(input) {
      const validity = Math.min(Math.max(input.Validity ?? 60, 1), 604800);
      const q = caseOf(input.SessionContext);
      const url = new URL('/dibs/online', config.publicUrl);
      if (q !== null) url.searchParams.set('q', String(q));
      return {
        StreamingURL: `${url.pathname}${url.search}`,
        Expires: new Date(Date.now() + validity * 1000),
      };
    },
  };
}

/** The streaming service of this deployment (the offline one until a provider is configured). */
export function streamingService(config: { publicUrl: string }): StreamingService {
  return createOfflineStreaming(config);
}
