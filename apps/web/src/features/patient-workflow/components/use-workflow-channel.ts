import { EVENTS, patientChannel, SUBSCRIBE_EVENT, UNSUBSCRIBE_EVENT } from '@archline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSocket } from '../../../session/realtime.tsx';
import { patientWorkflowKey } from '../api/keys.ts';

/**
 * Joins `patient.{id}` while the workflow page is open: `tech-workflow-updated` there means a
 * process started, finished or was edited, so the page is read again. A reconnect loses the room:
 * the subscription is repeated and the page refetched to catch up.
 */
export function useWorkflowChannel(patientId: number): void {
  const socket = useSocket();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket) return;
    const channel = patientChannel(patientId);
    const refetch = () => void queryClient.invalidateQueries({ queryKey: patientWorkflowKey(patientId) });
    const subscribe = () => {
      socket.timeout(10_000).emit(SUBSCRIBE_EVENT, { channel }, () => undefined);
    };
    const onReconnect = () => {
      subscribe();
      refetch();
    };
    socket.on(EVENTS.techWorkflowUpdated, refetch);
    socket.on('connect', onReconnect);
    if (socket.connected) subscribe();
    return () => {
      socket.off(EVENTS.techWorkflowUpdated, refetch);
      socket.off('connect', onReconnect);
      if (socket.connected) socket.emit(UNSUBSCRIBE_EVENT, { channel });
    };
  }, [socket, patientId, queryClient]);
}
