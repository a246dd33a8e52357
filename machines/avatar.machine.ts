// The profile photo (SPEC §5 My Profile): a picked image is shrunk in the browser first (`resizePhoto`),
// then handed to the upload (`startUpload`, a file-upload actor the app keeps beside this one, with its
// progress, Cancel and Try again); "Remove photo" calls `removePhoto`. A newer pick replaces a resize
// still running, so a late result of an older pick is never uploaded.
import { assign, fromPromise, setup } from 'xstate';
import type { AuthUser } from '../contracts/account';
import type { ApiSuccess } from '../contracts/http';
import { notProvided, readFailure } from './api-error';
import { isAccepted, type PickedFile } from './file-upload.machine';

export interface AvatarInput {
  /** The image types the server takes; anything else goes to the upload as is, which refuses it. */
  accept: readonly string[];
  /** Shown when the picked file is not an image the browser can read. */
  notAnImage: string;
}

export interface AvatarContext extends AvatarInput {
  error: string | null;
}

export type AvatarEvent = { type: 'photo.picked'; picked: PickedFile } | { type: 'photo.remove' };

export const avatarMachine = setup({
  types: {
    context: {} as AvatarContext,
    events: {} as AvatarEvent,
    input: {} as AvatarInput,
    tags: {} as 'busy' | 'preparing' | 'removing' | 'error',
  },
  actors: {
    /** Resolves with the shrunk file (or the original when the browser cannot encode); rejects when it is not an image. */
    resizePhoto: fromPromise<PickedFile, { picked: PickedFile }>(notProvided('resizePhoto')),
    removePhoto: fromPromise<ApiSuccess<AuthUser>, void>(notProvided('removePhoto')),
  },
  guards: {
    isNotAcceptedType: ({ context, event }) =>
      event.type === 'photo.picked' && !isAccepted(event.picked.type, context.accept),
  },
  actions: {
    clearError: assign({ error: null }),
    refuseUnreadable: assign(({ context }) => ({ error: context.notAnImage })),
    setRemoveError: assign(({ event }) => ('error' in event ? { error: readFailure(event.error).message } : {})),
    // Supplied by the app:
    /** The upload actor forgets its last file (and its error) before a new pick or a removal. */
    resetUpload: () => {},
    startUpload: (_, _params: { picked: PickedFile }) => {},
    onRemoved: (_, _params: { answer: ApiSuccess<AuthUser> }) => {},
  },
}).createMachine({
  id: 'avatar',
  context: ({ input }) => ({ ...input, error: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'Showing the photo (or the initials); a pick or Remove photo starts the next step.',
      on: {
        'photo.picked': [
          {
            guard: 'isNotAcceptedType',
            actions: ['resetUpload', { type: 'startUpload', params: ({ event }) => ({ picked: event.picked }) }],
          },
          { target: 'resizing', actions: 'resetUpload' },
        ],
        'photo.remove': { target: 'removing', actions: 'resetUpload' },
      },
    },
    refused: {
      description:
        'The picked file was not a readable image, or the removal failed: the message shows until the next pick or removal.',
      tags: ['error'],
      on: {
        'photo.picked': [
          {
            guard: 'isNotAcceptedType',
            target: 'idle',
            actions: [
              'clearError',
              'resetUpload',
              { type: 'startUpload', params: ({ event }) => ({ picked: event.picked }) },
            ],
          },
          { target: 'resizing', actions: ['clearError', 'resetUpload'] },
        ],
        'photo.remove': { target: 'removing', actions: ['clearError', 'resetUpload'] },
      },
    },
    resizing: {
      description: 'Shrinking the picked image in the browser ("Preparing your photo…").',
      tags: ['busy', 'preparing'],
      invoke: {
        id: 'resizePhoto',
        src: 'resizePhoto',
        input: ({ event }) => ({ picked: (event as Extract<AvatarEvent, { type: 'photo.picked' }>).picked }),
        onDone: { target: 'idle', actions: { type: 'startUpload', params: ({ event }) => ({ picked: event.output }) } },
        onError: { target: 'refused', actions: 'refuseUnreadable' },
      },
      on: {
        // A newer pick wins: the running resize is stopped and its result dropped.
        'photo.picked': [
          {
            guard: 'isNotAcceptedType',
            target: 'idle',
            actions: ['resetUpload', { type: 'startUpload', params: ({ event }) => ({ picked: event.picked }) }],
          },
          { target: 'resizing', reenter: true },
        ],
      },
    },
    removing: {
      description: 'DELETE /profile/avatar is running.',
      tags: ['busy', 'removing'],
      invoke: {
        id: 'removePhoto',
        src: 'removePhoto',
        onDone: { target: 'idle', actions: { type: 'onRemoved', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'refused', actions: 'setRemoveError' },
      },
    },
  },
});
