// docs/product.md §4 Online/offline: the switch calls the server; on success the local is_online becomes 1 when
// the sent status was 0 (go online), otherwise 0, is_first_time_login becomes 0 and a confirmation
// modal opens. A failure shows the server's message as a toast and leaves the switch where it was.
// The app supplies saveOnlineStatus and showErrorToast; applyOnline tells the session (by systemId).
import { assign, fromPromise, sendTo, setup } from 'xstate';
import { onlineStatus } from '../contracts/constants';
import { notProvided, readFailure } from './api-error';
import { appActorIds } from './app-system';
import type {
  ApplyOnlineParams,
  OnlineFlag,
  OnlineStatusContext,
  OnlineStatusEvent,
  OnlineStatusInput,
  OnlineStatusTag,
  OnlineStatusValue,
  SaveOnlineStatusInput,
} from './online-status.types';

export type * from './online-status.types';

/** The payload that flips the switch from `isOnline`: an online artist asks to go offline (1), else online (0). */
export function statusToSend(isOnline: OnlineFlag): OnlineStatusValue {
  return isOnline ? onlineStatus.goOffline : onlineStatus.goOnline;
}

/** The local is_online after the server accepted `status` (docs/product.md §4: 1 when the sent status was 0). */
export function isOnlineAfter(status: OnlineStatusValue): OnlineFlag {
  return status === onlineStatus.goOnline ? 1 : 0;
}

export const onlineStatusMachine = setup({
  types: {
    context: {} as OnlineStatusContext,
    events: {} as OnlineStatusEvent,
    input: {} as OnlineStatusInput | undefined,
    tags: {} as OnlineStatusTag,
  },
  actors: {
    /** PATCH /profile/online-status {status}; the answer is not read. */
    saveOnlineStatus: fromPromise<unknown, SaveOnlineStatusInput>(notProvided('saveOnlineStatus')),
  },
  actions: {
    startSaving: assign(({ context }) => ({ pendingStatus: statusToSend(context.isOnline), lastError: null })),
    setSaved: assign(({ context }) => {
      const isOnline = isOnlineAfter(context.pendingStatus ?? statusToSend(context.isOnline));
      return { isOnline, pendingStatus: null, modal: isOnline ? ('online' as const) : ('offline' as const) };
    }),
    setFailed: assign((_, params: { message: string }) => ({ pendingStatus: null, lastError: params.message })),
    closeModal: assign({ modal: null }),
    syncOnline: assign((_, params: { isOnline: OnlineFlag }) => ({ isOnline: params.isOnline ? 1 : 0 }) as const),
    /** The session's user follows the saved status (the gate, the menus and other tabs read it there). */
    applyOnline: sendTo(
      ({ system }) => system.get(appActorIds.session),
      (_, params: ApplyOnlineParams) => ({
        type: 'user.updated',
        user: { is_online: params.isOnline, is_first_time_login: params.isFirstTimeLogin },
      }),
    ),
    // Supplied by the app:
    showErrorToast: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'onlineStatus',
  context: ({ input }) => ({
    isOnline: input?.isOnline ? 1 : 0,
    pendingStatus: null,
    lastError: null,
    modal: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The switch shows whether the artist is online and can be flipped.',
      on: {
        'user.toggle': {
          target: 'saving',
          actions: 'startSaving',
          description: 'The artist flips the switch: going online or offline is saved.',
        },
        'session.userChanged': {
          actions: { type: 'syncOnline', params: ({ event }) => ({ isOnline: event.isOnline }) },
          description: 'The account changed elsewhere (another tab): the switch shows it.',
        },
      },
    },
    saving: {
      description: 'The new status is with the server; the switch says "Saving…" and stays where it was.',
      tags: ['busy'],
      invoke: {
        id: 'saveOnlineStatus',
        src: 'saveOnlineStatus',
        input: ({ context }) => ({ status: context.pendingStatus ?? statusToSend(context.isOnline) }),
        onDone: {
          target: 'confirming',
          actions: [
            'setSaved',
            { type: 'applyOnline', params: ({ context }) => ({ isOnline: context.isOnline, isFirstTimeLogin: 0 }) },
          ],
          description: 'Saved: the switch flips and a modal confirms the artist is now online, or offline.',
        },
        onError: {
          target: 'idle',
          actions: [
            { type: 'setFailed', params: ({ event }) => ({ message: readFailure(event.error).message }) },
            { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
          ],
          description: 'It failed: the artist is told why and the switch stays where it was.',
        },
      },
    },
    confirming: {
      description: 'The modal confirming that the artist is now online, or offline.',
      tags: ['confirmOpen'],
      on: {
        'user.dismiss': { target: 'idle', actions: 'closeModal', description: 'The artist closes the modal.' },
      },
    },
  },
});
