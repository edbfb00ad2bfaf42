import { EVENTS, REALTIME_PATH } from '@archline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { io, type Socket } from 'socket.io-client';
import { onClientReset } from '../../lib/reset.ts';
import { ANNOUNCEMENTS_QUERY_KEY } from '../../features/notifications/api/get-announcements.ts';
import { NOTIFICATIONS_QUERY_KEY } from '../../features/notifications/api/get-notifications.ts';

const SocketContext = createContext<Socket | null>(null);

/**
 * One socket.io connection per signed-in session, authenticated with the bearer token. The
 * server joins it to `general` and the user's own `user.{id}` channel on connect, so the bell and
 * the announcements stay live without a subscribe call. Closed on logout (client reset) and when
 * the token changes.
 */
export function RealtimeProvider({ token, children }: { token: string; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [socket, setSocket] = useState<Socket | null>(null);

  useEffect(() => {
    const s = io({ path: REALTIME_PATH, auth: { token }, transports: ['websocket', 'polling'] });
    const refreshNotifications = () =>
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
    const refreshAnnouncements = () =>
      void queryClient.invalidateQueries({ queryKey: ANNOUNCEMENTS_QUERY_KEY });
    s.on(EVENTS.notification, refreshNotifications);
    s.on(EVENTS.refreshNotifications, refreshNotifications);
    s.on(EVENTS.announcementUpdated, refreshAnnouncements);
    // After a reconnect, catch up with what was published while offline.
    s.io.on('reconnect', () => {
      refreshNotifications();
      refreshAnnouncements();
    });
    setSocket(s);
    const stopReset = onClientReset(() => s.disconnect());
    return () => {
      stopReset();
      s.disconnect();
      setSocket(null);
    };
  }, [token, queryClient]);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}

/** The live socket of the session (null before it exists): features listen to their own events. */
export function useSocket(): Socket | null {
  return useContext(SocketContext);
}
