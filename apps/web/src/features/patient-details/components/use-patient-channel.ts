import { EVENTS, patientChannel, SUBSCRIBE_EVENT, UNSUBSCRIBE_EVENT } from '@archline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSocket } from '../../../session/realtime.tsx';
import { caseNotesKey } from '../api/keys.ts';

/**
 * Joins the private channel `patient.{id}` while the page is open: a `new-message` there means a
 * case note was added, so the case notes are fetched again. A reconnect loses the room, so the
 * subscription is repeated and the notes refetched to catch up.
 */
export function usePatientChannel(patientId: number): void {
  const socket = useSocket();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket) return;
    const channel = patientChannel(patientId);
    const refetch = () => void queryClient.invalidateQueries({ queryKey: caseNotesKey(patientId) });
    const subscribe = () => {
      socket.timeout(10_000).emit(SUBSCRIBE_EVENT, { channel }, () => undefined);
    };
    const onReconnect = () => {
      subscribe();
      refetch();
    };
    socket.on(EVENTS.newMessage, refetch);
    socket.on('connect', onReconnect);
    if (socket.connected) subscribe();
    return () => {
      socket.off(EVENTS.newMessage, refetch);
      socket.off('connect', onReconnect);
      if (socket.connected) socket.emit(UNSUBSCRIBE_EVENT, { channel });
    };
  }, [socket, patientId, queryClient]);
}
