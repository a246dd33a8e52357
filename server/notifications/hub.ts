/**
 * Wakes the open notification streams of users who have something new. publish() is called after the
 * transaction that wrote the notifications commits; a woken stream reads what it has not sent yet, so
 * a spurious or repeated wake-up sends nothing twice.
 */
export interface NotificationHub {
  publish(userIds: number[]): void;
  /** Calls `listener` whenever `userId` may have new notifications; answers the unsubscribe. */
  subscribe(userId: number, listener: () => void): () => void;
  close(): Promise<void>;
}

/** The hub of one process (SQLite, tests). */
export function createLocalHub(): NotificationHub {
  const listeners = new Map<number, Set<() => void>>();
  return {
    publish(userIds) {
      for (const id of userIds) for (const listener of listeners.get(id) ?? []) listener();
    },
    subscribe(userId, listener) {
      const set = listeners.get(userId) ?? new Set();
      set.add(listener);
      listeners.set(userId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    async close() {
      listeners.clear();
    },
  };
}
