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

export interface LocalHub extends NotificationHub {
  /** Wakes every subscriber (after a gap in which wake-ups may have been lost). */
  wakeAll(): void;
}

/** The hub of one process (SQLite, tests); the PostgreSQL hub dispatches through one too. */
export function createLocalHub(): LocalHub {
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
    wakeAll() {
      for (const set of listeners.values()) for (const listener of set) listener();
    },
    async close() {
      listeners.clear();
    },
  };
}
