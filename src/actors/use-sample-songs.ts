import { useActorRef } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { enqueueActions, fromPromise, sendTo } from 'xstate';
import type { AuthUser } from '../../contracts/account';
import { type ArtistSong, artistMessages } from '../../contracts/artist';
import { fileUploadMachine } from '../../machines/file-upload.machine';
import { sampleSongsMachine } from '../../machines/sample-songs.machine';
import { artistApi } from '../api/artist.api';
import { xhrUpload } from '../api/upload';
import { notify } from '../components/ui/toaster';
import { useAppActors } from './hooks';

const MAX_SAMPLE_BYTES = 25 * 1024 * 1024;

/**
 * The artist's sample songs (My Profile and the application form): the list machine (delete, feature)
 * and the upload machine, whose finished upload joins the list.
 */
export function useSampleSongs(songs: ArtistSong[]) {
  const { api, session } = useAppActors();
  const songsActor = useActorRef(
    sampleSongsMachine.provide({
      actors: {
        deleteSong: fromPromise(({ input }) => artistApi(api.for('artist')).deleteSong(input.source)),
        setFeatured: fromPromise(({ input }) => artistApi(api.for('artist')).setFeaturedSong(input.source)),
      },
      actions: {
        patchUser: sendTo(session, (_, p: { user: Partial<AuthUser> }) => ({ type: 'user.updated', user: p.user })),
        showErrorToast: (_, p) => notify.error(p.message),
      },
    }),
    { input: { songs } },
  );
  // The songs come from the session's user; a new user (after a save elsewhere) replaces the list.
  useEffect(() => songsActor.send({ type: 'songs.loaded', songs }), [songs, songsActor]);

  const uploadMachine = useMemo(
    () =>
      fileUploadMachine.provide({
        actors: {
          uploadFile: xhrUpload(() => ({
            url: '/api/v1/artist/profile/upload/song',
            field: 'file',
            getToken: () => session.getSnapshot().context.token,
            onUnauthorized: () => session.send({ type: 'http.unauthorized', checkoutPending: false, routeName: '' }),
          })),
        },
        actions: {
          notifyUploaded: enqueueActions(({ enqueue }, p) => {
            enqueue.sendTo(songsActor, { type: 'song.uploaded', song: p.result as ArtistSong });
            enqueue(() => notify.success('Your sample song is uploaded.'));
          }),
        },
      }),
    [session, songsActor],
  );
  const upload = useActorRef(uploadMachine, {
    input: {
      maxBytes: MAX_SAMPLE_BYTES,
      accept: ['audio/'],
      messages: { tooLarge: artistMessages.fileTooLarge, wrongType: artistMessages.audioOnly },
    },
  });
  return { songsActor, upload };
}
