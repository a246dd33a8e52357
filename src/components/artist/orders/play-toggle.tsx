import { usePlayer } from '../../../player/use-player';
import { buttonRecipe } from '../../ui/button';

/**
 * Plays one recording in the global player bar; pressed again it pauses, then resumes. `playerId`
 * names the recording for the player (its "artist"), so the button knows when it is the one playing.
 */
export function PlayToggle({
  playerId,
  title,
  owner,
  url,
  label,
}: {
  playerId: string;
  /** The song title in the player bar. */
  title: string;
  /** The name the player bar shows beside the title. */
  owner: string;
  url: string;
  /** What is played, for the button's name: "Play {label}" / "Pause {label}". */
  label: string;
}) {
  const player = usePlayer();
  const playing = player.playingArtistId === playerId;
  return (
    <button
      type="button"
      className={buttonRecipe({ size: 'sm', color: 'secondary' })}
      aria-label={`${playing ? 'Pause' : 'Play'} ${label}`}
      onClick={() => player.toggleArtist({ id: playerId, name: owner, image: null }, [{ url, title }])}
    >
      <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span> {playing ? 'Pause' : 'Play'}
    </button>
  );
}
