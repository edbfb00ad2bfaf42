/** The desktop viewer registers this URL scheme. */
export const DIBS_DEEP_LINK_SCHEME = 'archline-dibs';

/** A deep link that opens the DIBS desktop viewer signed in with `token`, optionally on case `q`. */
export function dibsDeepLink(token: string, q: string | null): string {
  const params = new URLSearchParams({ token });
  if (q) params.set('q', q);
  return `${DIBS_DEEP_LINK_SCHEME}://open?${params.toString()}`;
}
