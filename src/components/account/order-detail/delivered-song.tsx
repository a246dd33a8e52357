import { css } from 'styled-system/css';
import { usePlayer } from '../../../player/use-player';
import { Button, buttonRecipe } from '../../ui/button';
import { sectionClass, sectionHeading } from './order-facts';

export interface SongToPlay {
  /** The player's "artist" for this one song, so its playing state is this song's, not the artist's samples. */
  playerId: string;
  title: string;
  artistName: string;
  url: string;
  lyrics: string | null;
  /** A signed link that saves the file under a proper name (the server sets Content-Disposition). */
  downloadUrl?: string;
}

/** The song in the global player (it keeps playing across pages) and its lyrics. */
export function DeliveredSong({ song, heading = 'Your song' }: { song: SongToPlay; heading?: string }) {
  const player = usePlayer();
  const playing = player.playingArtistId === song.playerId;
  return (
    <section aria-labelledby="song-heading" className={sectionClass}>
      <h3 id="song-heading" className={sectionHeading}>
        {heading}
      </h3>
      <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
        <Button
          // A long title wraps on a phone instead of pushing the card wider than the screen.
          className={css({ whiteSpace: 'normal', h: 'auto', minH: '10', py: '2', textAlign: 'left' })}
          onClick={() =>
            player.toggleArtist({ id: song.playerId, name: song.artistName, image: null }, [
              { url: song.url, title: song.title },
            ])
          }
        >
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span> {playing ? 'Pause' : `Play “${song.title}”`}
        </Button>
        <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>by {song.artistName}</span>
        {song.downloadUrl ? (
          // `download` alone would name it after the URL; the server's Content-Disposition names it.
          <a href={song.downloadUrl} download className={buttonRecipe({ color: 'secondary', size: 'sm' })}>
            Download the song
          </a>
        ) : null}
      </div>
      {song.lyrics ? (
        <>
          <h4 className={css({ fontWeight: 'semibold', mt: '5', mb: '2' })}>Lyrics</h4>
          <p className={css({ whiteSpace: 'pre-line', lineHeight: 'relaxed' })} data-testid="lyrics">
            {song.lyrics}
          </p>
        </>
      ) : null}
    </section>
  );
}
