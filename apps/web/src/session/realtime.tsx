import { REALTIME_PATH } from '@archline/contracts';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { io, type Socket } from 'socket.io-client';
import { onClientReset } from '../lib/reset.ts';

const SocketContext = createContext<Socket | null>(null);

/**
 * One socket.io connection per signed-in session, authenticated with the bearer token. The
 * server joins it to `general` and the user's own `user.{id}` channel on connect, so the bell and
 * the announcements (their features listen through `useSocket`) stay live without a subscribe call.
 * Closed on logout (client reset) and when the token changes.
 */
export function RealtimeProvider({ token, children }: { token: string; children: ReactNode }) {
  const [socket, setSocket] = useState<Socket | null>(null);

  useEffect(() => {
    const s = io({ path: REALTIME_PATH, auth: { token }, transports: ['websocket', 'polling'] });
    setSocket(s);
    const stopReset = onClientReset(() => s.disconnect());
    return () => {
      stopReset();
      s.disconnect();
      setSocket(null);
    };
  }, [token]);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}

/** The live socket of the session (null before it exists): features listen to their own events. */
export function useSocket(): Socket | null {
  return useContext(SocketContext);
}
