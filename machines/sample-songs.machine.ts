// An artist's sample songs on My Profile and in the application form: a new upload joins the list,
// deleting asks first, and one song can be featured (the catalogue plays it first). Removing the
// featured song may restart the guided tour (docs/product.md §4), which reads the user the app patches here.
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
    /** The song being deleted is the featured one. */
    isDeletingFeatured: ({ context }) => context.songs.some((s) => s.source === context.target && s.is_featured),
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
    'songs.loaded': { actions: 'setSongs', description: "The artist's sample songs arrive: the list shows them." },
    'song.uploaded': { actions: 'addSong', description: 'The artist uploaded a new sample song: it joins the list.' },
  },
  states: {
    idle: {
      description: "The artist's sample songs, each with Delete and Feature.",
      on: {
        'user.delete': {
          guard: 'isKnownSong',
          target: 'confirmingDelete',
          actions: 'setTarget',
          description: 'The artist chooses to delete a song: a dialog asks to confirm.',
        },
        'user.feature': {
          guard: 'isKnownSong',
          target: 'featuring',
          actions: 'setTarget',
          description: 'The artist features a song: the catalogue will play it first.',
        },
      },
    },
    confirmingDelete: {
      description: '"Delete this song?": the artist confirms or cancels.',
      tags: ['confirming'],
      on: {
        'user.confirm': { target: 'deleting', description: 'The artist confirms: the song is deleted.' },
        'user.cancel': { target: 'idle', actions: 'clearTarget', description: 'The artist cancels: nothing changes.' },
      },
    },
    deleting: {
      description: 'The song is being deleted.',
      tags: ['busy'],
      invoke: {
        id: 'deleteSong',
        src: 'deleteSong',
        input: ({ context }) => ({ source: context.target ?? '' }),
        onDone: [
          {
            // The featured song is gone: the user's featured_song_path is cleared on the server too.
            guard: 'isDeletingFeatured',
            target: 'idle',
            actions: ['removeTarget', { type: 'patchUser', params: { user: { featured_song_path: null } } }],
            description:
              'The featured song was deleted: the artist has no featured song now (the guided tour may show again).',
          },
          { target: 'idle', actions: 'removeTarget', description: 'Deleted: the song leaves the list.' },
        ],
        onError: {
          target: 'idle',
          actions: [
            'clearTarget',
            { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
          ],
          description: 'It failed: the artist is told; the song stays.',
        },
      },
    },
    featuring: {
      description: 'The song is being featured.',
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
          description: 'Featured: the song is marked as the one the catalogue plays first.',
        },
        onError: {
          target: 'idle',
          actions: [
            'clearTarget',
            { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
          ],
          description: 'It failed: the artist is told; the featured song stays as it was.',
        },
      },
    },
  },
});
