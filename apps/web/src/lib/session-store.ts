/**
 * The bearer token, kept across reloads in localStorage. Everything else the client knows is
 * derived from the server and thrown away on logout.
 */
const TOKEN_KEY = 'archline.access_token';

type Listener = (token: string | null) => void;
const listeners = new Set<Listener>();

export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string | null): void {
  try {
    if (token) window.localStorage.setItem(TOKEN_KEY, token);
    else window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Private mode without storage: the session lasts for this page only.
  }
  for (const listener of listeners) listener(token);
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
