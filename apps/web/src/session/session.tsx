import { profileOf } from '@archline/contracts/roles';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import { api, setUnauthorizedHandler } from '../lib/api-client.ts';
import { runClientResets } from '../lib/reset.ts';
import { getToken, setToken, subscribeToken } from '../lib/session-store.ts';
import { ME_QUERY_KEY, roleNames, useMe, type MeUser } from './me.ts';

export interface Session {
  token: string | null;
  /** Undefined while loading or signed out. */
  user: MeUser | undefined;
  isLoading: boolean;
  error: Error | null;
  /** Stores the token (and the user when the server returned it) after login or verification. */
  signIn: (token: string, user?: MeUser) => void;
  /** Ends the session on the server, resets the whole client state and goes to the login page. */
  signOut: () => Promise<void>;
  /** After a sign-out: the sign-in page to go to (without a return path). */
  signedOutTo: string | null;
}

const SessionContext = createContext<Session | null>(null);

export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const token = useToken();
  const me = useMe(Boolean(token));
  const [signedOutTo, setSignedOutTo] = useState<string | null>(null);

  const resetClient = useCallback(() => {
    setToken(null);
    queryClient.cancelQueries();
    queryClient.clear();
    runClientResets();
  }, [queryClient]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      resetClient();
      const { pathname, search } = window.location;
      navigate(pathname === '/' ? '/login' : `/login?path=${encodeURIComponent(pathname + search)}`, {
        replace: true,
      });
    });
  }, [navigate, resetClient]);

  const signIn = useCallback(
    (newToken: string, user?: MeUser) => {
      queryClient.clear();
      runClientResets();
      if (user) queryClient.setQueryData(ME_QUERY_KEY, user);
      setSignedOutTo(null);
      setToken(newToken);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    const management = me.data ? profileOf(roleNames(me.data)) === 'management' : false;
    try {
      await api.post('/logout', undefined, { skipUnauthorizedRedirect: true });
    } catch {
      // The session ends on this device whatever the server answered.
    }
    // The guards send a signed-out visitor to sign in carrying the page as a return path; after
    // a deliberate sign-out they go to the plain sign-in page of the profile instead.
    const target = management ? '/management' : '/login';
    setSignedOutTo(target);
    resetClient();
    navigate(target, { replace: true });
  }, [me.data, navigate, resetClient]);

  const value = useMemo<Session>(
    () => ({
      token,
      user: token ? me.data : undefined,
      isLoading: Boolean(token) && me.isPending,
      error: token ? me.error : null,
      signIn,
      signOut,
      signedOutTo,
    }),
    [token, me.data, me.isPending, me.error, signIn, signOut, signedOutTo],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs <SessionProvider>');
  return session;
}
