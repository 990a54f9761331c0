/**
 * Tells this process's deliverers that an event was just written. The write is not committed
 * yet (its transaction ends after), so a deliverer answers by looking a few times over the next
 * moments (deliverer.ts); events of other processes are found by its regular look.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

export const outboxSignal = {
  recorded(): void {
    for (const listener of listeners) listener();
  },
  listen(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
