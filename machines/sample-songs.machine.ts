// An artist's sample songs on My Profile and in the application form: a new upload joins the list,
// deleting asks first, and one song can be featured (the catalogue plays it first). Removing the
// featured song may restart the guided tour (SPEC §4), which reads the user the app patches here.
import { assign, fromPromise, setup } from 'xstate';
import type { AuthUser } from '../contracts/account';
import type { ArtistSong } from '../contracts/artist';
import { notProvided, readFailure } from './api-error';

export interface SampleSongsContext {
  songs: ArtistSong[];
  /** The song waiting for the delete confirmation, or being deleted/featured. */
  target: string | null;
}

export type SampleSongsEvent =
  | { type: 'songs.loaded'; songs: ArtistSong[] }
  | { type: 'song.uploaded'; song: ArtistSong }
  | { type: 'user.delete'; source: string }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | { type: 'user.feature'; source: string | null };

export const MAX_SAMPLE_SONGS = 5;

export const sampleSongsMachine = setup({
  types: {
    context: {} as SampleSongsContext,
    events: {} as SampleSongsEvent,
    input: {} as { songs: ArtistSong[] },
    tags: {} as 'busy' | 'confirming',
  },
  actors: {
    /** DELETE /profile/upload/song {source}. */
    deleteSong: fromPromise<unknown, { source: string }>(notProvided('deleteSong')),
    /** PATCH /profile/featured-song {source|null} → the updated user. */
    setFeatured: fromPromise<AuthUser, { source: string | null }>(notProvided('setFeatured')),
  },
  guards: {
    isKnownSong: ({ context, event }) =>
      (event.type === 'user.delete' || event.type === 'user.feature') &&
      (event.source === null || context.songs.some((s) => s.source === event.source)),
  },
  actions: {
    setSongs: assign(({ event }) => (event.type === 'songs.loaded' ? { songs: event.songs } : {})),
    addSong: assign(({ context, event }) =>
      event.type === 'song.uploaded'
        ? { songs: [...context.songs.filter((s) => s.source !== event.song.source), event.song] }
        : {},
    ),
    setTarget: assign(({ event }) =>
      event.type === 'user.delete' || event.type === 'user.feature' ? { target: event.source } : {},
    ),
    clearTarget: assign({ target: null }),
    removeTarget: assign(({ context }) => ({
      songs: context.songs.filter((s) => s.source !== context.target),
      target: null,
    })),
    markFeatured: assign(({ context }) => ({
      songs: context.songs.map((s) => ({ ...s, is_featured: s.source === context.target })),
      target: null,
    })),
    // Supplied by the app:
    patchUser: (_, _params: { user: Partial<AuthUser> }) => {},
    showErrorToast: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'sampleSongs',
  context: ({ input }) => ({ songs: input.songs, target: null }),
  initial: 'idle',
  on: {
    'songs.loaded': { actions: 'setSongs' },
    'song.uploaded': { actions: 'addSong' },
  },
  states: {
    idle: {
      on: {
        'user.delete': { guard: 'isKnownSong', target: 'confirmingDelete', actions: 'setTarget' },
        'user.feature': { guard: 'isKnownSong', target: 'featuring', actions: 'setTarget' },
      },
    },
    confirmingDelete: {
      tags: ['confirming'],
      on: {
        'user.confirm': 'deleting',
        'user.cancel': { target: 'idle', actions: 'clearTarget' },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteSong',
        src: 'deleteSong',
        input: ({ context }) => ({ source: context.target ?? '' }),
        onDone: [
          {
            // The featured song is gone: the user's featured_song_path is cleared on the server too.
            guard: ({ context }) => context.songs.some((s) => s.source === context.target && s.is_featured),
            target: 'idle',
            actions: ['removeTarget', { type: 'patchUser', params: { user: { featured_song_path: null } } }],
          },
          { target: 'idle', actions: 'removeTarget' },
        ],
        onError: {
          target: 'idle',
          actions: [
            'clearTarget',
            { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
          ],
        },
      },
    },
    featuring: {
      tags: ['busy'],
      invoke: {
        id: 'setFeatured',
        src: 'setFeatured',
        input: ({ context }) => ({ source: context.target }),
        onDone: {
          target: 'idle',
          actions: [
            'markFeatured',
            {
              type: 'patchUser',
              params: ({ event }) => ({ user: { featured_song_path: event.output.featured_song_path } }),
            },
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            'clearTarget',
            { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
          ],
        },
      },
    },
  },
});
