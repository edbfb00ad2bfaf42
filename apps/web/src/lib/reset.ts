/**
 * Client state that lives outside the query cache (stores, sockets, timers) registers a reset
 * here; logout and a lost session run them all so nothing of one user survives into the next.
 */
type ResetHandler = () => void;
const handlers = new Set<ResetHandler>();

export function onClientReset(handler: ResetHandler): () => void {
  handlers.add(handler);
  return () => handlers.delete(handler);
}

export function runClientResets(): void {
  for (const handler of handlers) {
    try {
      handler();
    } catch {
      // One failing reset must not keep the others from running.
    }
  }
}
