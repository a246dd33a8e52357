import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { css } from 'styled-system/css';
import { type ArtistSong, artistMessages } from '../../../contracts/artist';
import { MAX_SAMPLE_SONGS } from '../../../machines/sample-songs.machine';
import { useSampleSongs } from '../../actors/use-sample-songs';
import { usePlayer } from '../../player/use-player';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { FilePicker } from '../ui/file-picker';

/** Upload, play, feature and delete sample songs (My Profile and the application form). */
export function SampleSongs({ songs, artist }: { songs: ArtistSong[]; artist: { id: string; name: string } }) {
  const inputId = useId();
  const player = usePlayer();

  const { songsActor, upload } = useSampleSongs(songs);

  const list = useSelector(songsActor, (s) => s.context.songs);
  const confirming = useSelector(songsActor, (s) => s.hasTag('confirming'));
  const busySongs = useSelector(songsActor, (s) => s.hasTag('busy'));
  const target = useSelector(songsActor, (s) => s.context.target);
  const uploading = useSelector(upload, (s) => s.hasTag('busy'));
  const uploadError = useSelector(upload, (s) => s.context.error);
  const progress = useSelector(upload, (s) =>
    s.context.total ? Math.round((s.context.loaded / s.context.total) * 100) : 0,
  );
  const pickedName = useSelector(upload, (s) => s.context.picked?.name ?? null);
  const pickedSize = useSelector(upload, (s) => s.context.picked?.size ?? null);
  const full = list.length >= MAX_SAMPLE_SONGS;
  const who = { id: artist.id, name: artist.name, image: null };

  return (
    <div>
      {list.length === 0 ? (
        <p className={css({ color: 'fg.muted', mb: '3' })}>
          No sample songs yet. Upload one so customers can hear you.
        </p>
      ) : (
        <ul aria-label="Sample songs" className={css({ display: 'grid', gap: '2', mb: '4' })}>
          {list.map((song, index) => (
            <li
              key={song.source}
              className={css({
                display: 'flex',
                alignItems: 'center',
                gap: '3',
                p: '3',
                bg: 'bg.subtle',
                borderRadius: 'md',
                flexWrap: 'wrap',
              })}
            >
              <Button
                size="sm"
                color="secondary"
                aria-label={`Play ${song.title}`}
                onClick={() => player.playArtist(who, list, index)}
              >
                ▶
              </Button>
              <span className={css({ flex: '1', minW: '8rem' })}>
                {song.title}
                {song.is_featured ? (
                  <span
                    className={css({
                      ml: '2',
                      bg: 'brand.100',
                      color: 'brand.800',
                      px: '2',
                      borderRadius: 'full',
                      fontSize: 'xs',
                    })}
                  >
                    Featured
                  </span>
                ) : null}
              </span>
              {song.is_featured ? (
                <Button
                  size="sm"
                  color="text"
                  disabled={busySongs}
                  onClick={() => songsActor.send({ type: 'user.feature', source: null })}
                >
                  Remove from featured
                </Button>
              ) : (
                <Button
                  size="sm"
                  color="text"
                  disabled={busySongs}
                  onClick={() => songsActor.send({ type: 'user.feature', source: song.source })}
                >
                  Feature
                </Button>
              )}
              <Button
                size="sm"
                color="text"
                disabled={busySongs}
                aria-label={`Delete ${song.title}`}
                onClick={() => songsActor.send({ type: 'user.delete', source: song.source })}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}

      <FilePicker
        id={inputId}
        label="Upload a sample song (audio, up to 25 MB)"
        noun="an audio file"
        accept="audio/*"
        disabled={full}
        hint={full ? artistMessages.songLimit : undefined}
        file={uploading && pickedName ? { name: pickedName, size: pickedSize } : null}
        progress={uploading ? progress : null}
        onCancel={() => upload.send({ type: 'user.cancel' })}
        error={uploadError}
        onSelect={(file) =>
          upload.send({ type: 'file.selected', picked: { name: file.name, size: file.size, type: file.type, file } })
        }
      />

      <ConfirmDialog
        open={confirming}
        title="Delete this sample song?"
        message={`“${list.find((s) => s.source === target)?.title ?? ''}” will be removed from your profile.`}
        confirmLabel="Delete"
        onConfirm={() => songsActor.send({ type: 'user.confirm' })}
        onCancel={() => songsActor.send({ type: 'user.cancel' })}
      />
    </div>
  );
}
