// The profile photo (docs/product.md §5 My Profile): a picked image is shrunk in the browser first (`resizePhoto`),
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
            description:
              'The person picks a file that is not an image the browser can shrink: it goes to the upload as it is, which says whether it is accepted.',
          },
          {
            target: 'resizing',
            actions: 'resetUpload',
            description: 'The person picks an image: it is shrunk before it is uploaded.',
          },
        ],
        'photo.remove': { target: 'removing', actions: 'resetUpload', description: 'The person removes their photo.' },
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
            description:
              'The person picks another file that is not an image the browser can shrink: it goes to the upload as it is.',
          },
          {
            target: 'resizing',
            actions: ['clearError', 'resetUpload'],
            description: 'The person picks another image: it is shrunk before it is uploaded.',
          },
        ],
        'photo.remove': {
          target: 'removing',
          actions: ['clearError', 'resetUpload'],
          description: 'The person removes their photo.',
        },
      },
    },
    resizing: {
      description: 'Shrinking the picked image in the browser ("Preparing your photo…").',
      tags: ['busy', 'preparing'],
      invoke: {
        id: 'resizePhoto',
        src: 'resizePhoto',
        input: ({ event }) => ({ picked: (event as Extract<AvatarEvent, { type: 'photo.picked' }>).picked }),
        onDone: {
          target: 'idle',
          actions: { type: 'startUpload', params: ({ event }) => ({ picked: event.output }) },
          description: 'The photo is ready: it is uploaded.',
        },
        onError: {
          target: 'refused',
          actions: 'refuseUnreadable',
          description: 'The image could not be read: the person is told and can pick another.',
        },
      },
      on: {
        'photo.picked': [
          {
            guard: 'isNotAcceptedType',
            target: 'idle',
            actions: ['resetUpload', { type: 'startUpload', params: ({ event }) => ({ picked: event.picked }) }],
            description:
              'A newer pick, not an image the browser can shrink, wins: the photo being prepared is dropped and the new file goes to the upload.',
          },
          {
            target: 'resizing',
            reenter: true,
            description: 'A newer image picked wins: the photo being prepared is dropped and the new one is shrunk.',
          },
        ],
      },
    },
    removing: {
      description: 'DELETE /profile/avatar is running.',
      tags: ['busy', 'removing'],
      invoke: {
        id: 'removePhoto',
        src: 'removePhoto',
        onDone: {
          target: 'idle',
          actions: { type: 'onRemoved', params: ({ event }) => ({ answer: event.output }) },
          description: 'Removed: the initials show instead.',
        },
        onError: {
          target: 'refused',
          actions: 'setRemoveError',
          description: 'The removal failed: the person is told and can try again.',
        },
      },
    },
  },
});
