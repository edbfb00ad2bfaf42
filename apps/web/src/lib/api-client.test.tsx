import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, setUnauthorizedHandler } from './api-client.ts';
import { getToken, setToken } from './session-store.ts';

/** A fetch that answers 401 once `release` is called, like a request the server sees after a sign-out. */
function heldUnauthorized() {
  let release: () => void = () => {};
  const fetch = vi.fn(
    () =>
      new Promise<Response>((resolve) => {
        release = () =>
          resolve(new Response(JSON.stringify({ message: 'Unauthenticated.' }), { status: 401 }));
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return () => release();
}

afterEach(() => {
  vi.unstubAllGlobals();
  setToken(null);
});

describe('a 401 answer', () => {
  it('ends the session that sent the request: the token is cleared and the sign-in handler runs', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    setToken('session-a');
    const release = heldUnauthorized();
    const request = api.get('/me');
    release();
    await expect(request).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
  });

  it('to a request of a session that has since signed out or been replaced changes nothing', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    setToken('session-a');
    const release = heldUnauthorized();
    const request = api.get('/notifications');
    // The user signs out, then someone signs in again, before the old request is answered.
    setToken('session-b');
    release();
    await expect(request).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(getToken()).toBe('session-b');
  });
});
