import { EVENTS, organizationChannel, SUBSCRIBE_EVENT, UNSUBSCRIBE_EVENT } from '@archline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSocket } from '../../../session/realtime.tsx';
import { ME_QUERY_KEY } from '../../../session/me.ts';
import { ONBOARDINGS_KEY } from '../api/keys.ts';

/**
 * Joins the private channel `organization.{id}` while mounted: `onboarding-changes` there means the
 * checklist moved, so the onboarding queries (and, for the practice, the current user whose
 * organizations carry the step) are fetched again. A reconnect loses the room: subscribe again and
 * catch up.
 */
export function useOnboardingChannel(organizationId: number | null, options: { refreshMe?: boolean } = {}) {
  const socket = useSocket();
  const queryClient = useQueryClient();
  const refreshMe = options.refreshMe ?? false;

  useEffect(() => {
    if (!socket || organizationId === null) return;
    const channel = organizationChannel(organizationId);
    const refetch = () => {
      void queryClient.invalidateQueries({ queryKey: ONBOARDINGS_KEY });
      if (refreshMe) void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    };
    const subscribe = () => {
      socket.timeout(10_000).emit(SUBSCRIBE_EVENT, { channel }, () => undefined);
    };
    const onReconnect = () => {
      subscribe();
      refetch();
    };
    socket.on(EVENTS.onboardingChanges, refetch);
    socket.on('connect', onReconnect);
    if (socket.connected) subscribe();
    return () => {
      socket.off(EVENTS.onboardingChanges, refetch);
      socket.off('connect', onReconnect);
      if (socket.connected) socket.emit(UNSUBSCRIBE_EVENT, { channel });
    };
  }, [socket, organizationId, queryClient, refreshMe]);
}
