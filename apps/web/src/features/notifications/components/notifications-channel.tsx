import { EVENTS } from '@archline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSocket } from '../../../session/realtime.tsx';
import { ANNOUNCEMENTS_QUERY_KEY } from '../api/get-announcements.ts';
import { NOTIFICATIONS_QUERY_KEY } from '../api/get-notifications.ts';

/**
 * Keeps the bell and the announcements live: the server pushes to `general` and the user's own
 * `user.{id}` channel, which every session's socket joins on connect. After a reconnect it catches
 * up with what was published while offline. Rendered once by the shell, inside the realtime provider.
 */
export function NotificationsChannel() {
  const socket = useSocket();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket) return;
    const refreshNotifications = () =>
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
    const refreshAnnouncements = () =>
      void queryClient.invalidateQueries({ queryKey: ANNOUNCEMENTS_QUERY_KEY });
    const onReconnect = () => {
      refreshNotifications();
      refreshAnnouncements();
    };
    socket.on(EVENTS.notification, refreshNotifications);
    socket.on(EVENTS.refreshNotifications, refreshNotifications);
    socket.on(EVENTS.announcementUpdated, refreshAnnouncements);
    socket.io.on('reconnect', onReconnect);
    return () => {
      socket.off(EVENTS.notification, refreshNotifications);
      socket.off(EVENTS.refreshNotifications, refreshNotifications);
      socket.off(EVENTS.announcementUpdated, refreshAnnouncements);
      socket.io.off('reconnect', onReconnect);
    };
  }, [socket, queryClient]);

  return null;
}
