// View model of the online switch and its confirmation modal.
import type { SnapshotFrom } from 'xstate';
import { artistMessages } from '../contracts/artist';
import type { onlineStatusMachine } from './online-status.machine';

export function connectOnlineStatus(snapshot: SnapshotFrom<typeof onlineStatusMachine>) {
  const { isOnline, modal, lastError } = snapshot.context;
  return {
    /** The switch's checked state (it stays where it was while saving and after a failure). */
    checked: isOnline === 1,
    busy: snapshot.hasTag('busy'),
    canToggle: snapshot.can({ type: 'user.toggle' }),
    modalOpen: snapshot.hasTag('confirmOpen'),
    modalKind: modal,
    /** docs/product.md §4: whether the profile now shows in the artist page. */
    modalMessage:
      modal === 'online' ? artistMessages.wentOnline : modal === 'offline' ? artistMessages.wentOffline : null,
    lastError,
  };
}
