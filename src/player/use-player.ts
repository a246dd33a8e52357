// What pages need of the player: play an artist's songs, toggle them from a card, and know whose
// songs are playing or paused (docs/product.md §4: cards show a playing state).
import { useSelector } from '@xstate/react';
import { useCallback, useContext, useMemo } from 'react';
import type { AnyActorRef } from 'xstate';
import { connectPlayer } from '../../machines/player.connect';
import type { PlayerArtist, PlayerSong } from '../../machines/player.machine';
import { AppActorsContext } from '../actors/hooks';
import { type PlayerSnapshot, usePlayerActor } from './player-actor';

const playingArtistOf = (s: PlayerSnapshot | undefined) => (s ? connectPlayer(s).playingArtistId : null);
const pausedArtistOf = (s: PlayerSnapshot | undefined) => (s ? connectPlayer(s).pausedArtistId : null);

/** `to`: the player, or before the first play the root, which starts it and passes the list on. */
function load(to: AnyActorRef, artist: PlayerArtist, songs: readonly PlayerSong[], startIndex = 0): void {
  // docs/product.md §5: the list must be non-empty (the machine refuses an empty one too).
  if (songs.length === 0) return;
  to.send({
    type: 'player.load',
    artist: { id: artist.id, name: artist.name, image: artist.image },
    songs: songs.map(({ url, title }) => ({ url, title })),
    startIndex,
  });
}

export function usePlayer() {
  const actor = usePlayerActor();
  const root = useContext(AppActorsContext)?.root;
  const playingArtistId = useSelector(actor, playingArtistOf);
  const pausedArtistId = useSelector(actor, pausedArtistOf);
  const loadTo = (actor ?? root) as AnyActorRef;

  const playArtist = useCallback(
    (artist: PlayerArtist, songs: readonly PlayerSong[], startIndex = 0) => load(loadTo, artist, songs, startIndex),
    [loadTo],
  );

  /** Pause this artist if playing, resume if paused, else play their songs from the first. */
  const toggleArtist = useCallback(
    (artist: PlayerArtist, songs: readonly PlayerSong[]) => {
      const view = actor ? connectPlayer(actor.getSnapshot()) : null;
      if (actor && view?.playingArtistId === artist.id) actor.send({ type: 'player.pause' });
      else if (actor && view?.pausedArtistId === artist.id) actor.send({ type: 'player.play' });
      else load(loadTo, artist, songs);
    },
    [actor, loadTo],
  );

  return useMemo(
    () => ({ playArtist, toggleArtist, playingArtistId, pausedArtistId }),
    [playArtist, toggleArtist, playingArtistId, pausedArtistId],
  );
}
