// What pages need of the player: play an artist's songs, toggle them from a card, and know whose
// songs are playing or paused (SPEC §4: cards show a playing state).
import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { connectPlayer } from '../../machines/player.connect';
import type { PlayerArtist, PlayerSong } from '../../machines/player.machine';
import { type PlayerActor, usePlayerActor } from './player-actor';

export type { PlayerArtist, PlayerSong };

const playingArtistOf = (s: Parameters<typeof connectPlayer>[0]) => connectPlayer(s).playingArtistId;
const pausedArtistOf = (s: Parameters<typeof connectPlayer>[0]) => connectPlayer(s).pausedArtistId;

function load(actor: PlayerActor, artist: PlayerArtist, songs: readonly PlayerSong[], startIndex = 0): void {
  // SPEC §5: the list must be non-empty (the machine refuses an empty one too).
  if (songs.length === 0) return;
  actor.send({
    type: 'player.load',
    artist: { id: artist.id, name: artist.name, image: artist.image },
    songs: songs.map(({ url, title }) => ({ url, title })),
    startIndex,
  });
}

export function usePlayer() {
  const actor = usePlayerActor();
  const playingArtistId = useSelector(actor, playingArtistOf);
  const pausedArtistId = useSelector(actor, pausedArtistOf);

  const playArtist = useCallback(
    (artist: PlayerArtist, songs: readonly PlayerSong[], startIndex = 0) => load(actor, artist, songs, startIndex),
    [actor],
  );

  /** Pause this artist if playing, resume if paused, else play their songs from the first. */
  const toggleArtist = useCallback(
    (artist: PlayerArtist, songs: readonly PlayerSong[]) => {
      const view = connectPlayer(actor.getSnapshot());
      if (view.playingArtistId === artist.id) actor.send({ type: 'player.pause' });
      else if (view.pausedArtistId === artist.id) actor.send({ type: 'player.play' });
      else load(actor, artist, songs);
    },
    [actor],
  );

  return useMemo(
    () => ({ playArtist, toggleArtist, playingArtistId, pausedArtistId }),
    [playArtist, toggleArtist, playingArtistId, pausedArtistId],
  );
}
