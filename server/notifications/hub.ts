import type { LiveChange } from '../../contracts/live';
import type { AddressedChange } from './live-changes';

/**
 * What a subscriber hears. Nothing (undefined): the user may have new notifications (or a read mark
 * moved the count). `change`: something the user's screens may show has changed. `gap`: wake-ups and
 * changes may have been lost (the PostgreSQL listener was away), so the stream should make its client
 * refresh what it shows.
 */
export type HubSignal = { type: 'change'; change: LiveChange } | { type: 'gap' } | undefined;

/**
 * Wakes the open notification streams of users who have something new. publish() is called after the
 * transaction that wrote the notifications commits; a woken stream reads what it has not sent yet, so
 * a spurious or repeated wake-up sends nothing twice. publishChanges() (also after commit) hands each
 * listed user's streams a live change to send as it is: changes are hints, not stored.
 */
export interface NotificationHub {
  publish(userIds: number[]): void;
  publishChanges(changes: AddressedChange[]): void;
  /** Calls `listener` whenever `userId` may have new notifications or a change; answers the unsubscribe. */
  subscribe(userId: number, listener: (signal?: HubSignal) => void): () => void;
  close(): Promise<void>;
}

export interface LocalHub extends NotificationHub {
  /** Tells every subscriber that wake-ups and changes may have been lost meanwhile. */
  wakeAll(): void;
}

/** The hub of one process (SQLite, tests); the PostgreSQL hub dispatches through one too. */
export function createLocalHub(): LocalHub {
  const listeners = new Map<number, Set<(signal?: HubSignal) => void>>();
  const tell = (userId: number, signal?: HubSignal) => {
    for (const listener of listeners.get(userId) ?? []) listener(signal);
  };
  return {
    publish(userIds) {
      for (const id of userIds) tell(id);
    },
    publishChanges(changes) {
      for (const { change, to } of changes) for (const id of to) tell(id, { type: 'change', change });
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
      for (const set of listeners.values()) for (const listener of set) listener({ type: 'gap' });
    },
    async close() {
      listeners.clear();
    },
  };
}
