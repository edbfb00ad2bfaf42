import {
  patientChannel,
  REQUEST_UPDATED_EVENT,
  SUBSCRIBE_EVENT,
  UNSUBSCRIBE_EVENT,
} from '@archline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSocket } from '../../../session/realtime.tsx';
import { REQUESTS_KEY } from '../api/keys.ts';

/**
 * Joins `patient.{id}` while a request page is open: a `request-updated` there (a cancel, a
 * completion, an edit by someone else) refetches the request and the lists. A reconnect loses the
 * room, so the subscription is repeated and the data refetched to catch up.
 */
export function useRequestChannel(patientId: number | undefined): void {
  const socket = useSocket();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket || patientId === undefined) return;
    const channel = patientChannel(patientId);
    const refetch = () => void queryClient.invalidateQueries({ queryKey: REQUESTS_KEY });
    const subscribe = () => {
      socket.timeout(10_000).emit(SUBSCRIBE_EVENT, { channel }, () => undefined);
    };
    const onReconnect = () => {
      subscribe();
      refetch();
    };
    socket.on(REQUEST_UPDATED_EVENT, refetch);
    socket.on('connect', onReconnect);
    if (socket.connected) subscribe();
    return () => {
      socket.off(REQUEST_UPDATED_EVENT, refetch);
      socket.off('connect', onReconnect);
      if (socket.connected) socket.emit(UNSUBSCRIBE_EVENT, { channel });
    };
  }, [socket, patientId, queryClient]);
}
