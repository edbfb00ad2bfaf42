/** The desktop viewer registers this URL scheme. */
export const DIBS_DEEP_LINK_SCHEME = 'archline-dibs';

/**
 * A deep link that opens the DIBS desktop viewer, optionally on case `q`. It carries a single-use
 * sign-in code (valid one minute) that the viewer exchanges for a session of its own
 * (POST /viewer/sign-in-code/exchange), never the browser's session token.
 */
export function dibsDeepLink(code: string, q: string | null): string {
  const params = new URLSearchParams({ code });
  if (q) params.set('q', q);
  return `${DIBS_DEEP_LINK_SCHEME}://open?${params.toString()}`;
}
