import { type EventObject, fromCallback } from 'xstate';
import type { AuthUser } from '../../contracts/account';
import { sessionChannelName, storageKeys } from '../../contracts/storage-keys';
import type { OtherTabEvent } from '../../machines/app.machine';
import { type SessionBroadcast, sessionEventOf } from '../../machines/session.machine';
import { storage } from '../lib/storage';

// The session's line to the other tabs of this browser: sign-in, token renewal and sign-out (deactivation
// included) in one tab reach the others' session actors. BroadcastChannel where the browser has it;
// otherwise a storage key written and removed at once, which fires the `storage` event in the others.

function isBroadcast(value: unknown): value is SessionBroadcast {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as { kind?: unknown; token?: unknown; user?: unknown; userType?: unknown; remember?: unknown };
  if (message.kind === 'signedOut') return true;
  const hasSession = typeof message.token === 'string' && typeof (message.user as AuthUser | null)?.id === 'number';
  if (message.kind === 'refreshed') return hasSession;
  return (
    message.kind === 'signedIn' &&
    hasSession &&
    (message.userType === 'user' || message.userType === 'artist') &&
    typeof message.remember === 'boolean'
  );
}

/** Tells the other tabs (a channel opened for the one message: posting queues it before the close). */
export function postToOtherTabs(message: SessionBroadcast): void {
  if (typeof globalThis.BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(sessionChannelName);
    channel.postMessage(message);
    channel.close();
    return;
  }
  // A nonce makes two equal messages in a row still a change (the event fires on changes only).
  storage.setJson('sessionBroadcast', { ...message, nonce: Math.random() });
  storage.set('sessionBroadcast', null);
}

/** The root's `otherTabs` actor: each message from another tab, as a session event, until it stops. */
export const listenToOtherTabs = fromCallback<EventObject, void, OtherTabEvent>(({ sendBack }) => {
  const deliver = (value: unknown) => {
    if (isBroadcast(value)) sendBack(sessionEventOf(value) as OtherTabEvent);
  };
  if (typeof globalThis.BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(sessionChannelName);
    channel.addEventListener('message', (e: MessageEvent) => deliver(e.data));
    return () => channel.close();
  }
  const onStorage = (e: StorageEvent) => {
    if (e.key !== storageKeys.sessionBroadcast || !e.newValue) return;
    try {
      deliver(JSON.parse(e.newValue));
    } catch {
      // Not ours to read: ignore it.
    }
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => globalThis.removeEventListener?.('storage', onStorage);
});
