// The OS media controls (lock screen, headset keys, the browser's media hub) are another view of the
// player, like the bar: metadata and playback state follow the snapshot, and their buttons send the
// same events as the bar's. docs/product.md §9: the title is the product name; artwork at 96–512 px.
import { PRODUCT_NAME, player } from '../../contracts/constants';
import { connectPlayer } from '../../machines/player.connect';
import type { PlayerArtist, PlayerSong } from '../../machines/player.machine';
import type { PlayerActor, PlayerSnapshot } from './player-actor';

/** Shown when the artist has no image. */
const APP_ICON = '/favicon.svg';

function mediaArtwork(image: string | null): MediaImage[] {
  return player.artworkSizes.map((size) => ({
    src: image ?? APP_ICON,
    sizes: `${size}x${size}`,
    ...(image ? {} : { type: 'image/svg+xml' }),
  }));
}

function mediaMetadataInit(artist: PlayerArtist, song: PlayerSong | null): MediaMetadataInit {
  return { title: PRODUCT_NAME, artist: artist.name, album: song?.title ?? '', artwork: mediaArtwork(artist.image) };
}

/** Keeps `session` in step with the player; returns the unbinding. Does nothing without a Media Session. */
export function bindMediaSession(
  actor: PlayerActor,
  session: MediaSession | undefined = typeof navigator === 'undefined' ? undefined : navigator.mediaSession,
): () => void {
  if (!session) return () => {};
  const setHandler = (action: MediaSessionAction, handler: MediaSessionActionHandler | null) => {
    try {
      session.setActionHandler(action, handler);
    } catch {
      // This browser does not know the action.
    }
  };
  setHandler('play', () => actor.send({ type: 'player.play' }));
  setHandler('pause', () => actor.send({ type: 'player.pause' }));
  setHandler('seekto', (details) => {
    if (typeof details.seekTime === 'number') actor.send({ type: 'seek.commit', time: details.seekTime });
  });

  let metadataKey = '';
  let navigation = '';
  const sync = (snapshot: PlayerSnapshot) => {
    const view = connectPlayer(snapshot);
    const key = view.visible && view.artist ? `${view.artist.id}|${view.songNumber}|${view.song?.url ?? ''}` : '';
    if (key !== metadataKey) {
      metadataKey = key;
      session.metadata =
        key && view.artist && typeof MediaMetadata === 'function'
          ? new MediaMetadata(mediaMetadataInit(view.artist, view.song))
          : null;
    }
    session.playbackState = !view.visible ? 'none' : view.isPlaying ? 'playing' : 'paused';
    // docs/product.md §2: previous/next only when there is more than one song.
    const nav = `${view.canPrevious}|${view.canNext}`;
    if (nav !== navigation) {
      navigation = nav;
      setHandler('previoustrack', view.canPrevious ? () => actor.send({ type: 'player.previous' }) : null);
      setHandler('nexttrack', view.canNext ? () => actor.send({ type: 'player.next' }) : null);
    }
    if (view.visible && view.duration > 0 && typeof session.setPositionState === 'function') {
      try {
        session.setPositionState({
          duration: view.duration,
          position: Math.min(view.position, view.duration),
          playbackRate: view.rate,
        });
      } catch {
        // An inconsistent moment (position past a duration that just changed): the next update fixes it.
      }
    }
  };
  sync(actor.getSnapshot());
  const subscription = actor.subscribe(sync);
  return () => {
    subscription.unsubscribe();
    for (const action of ['play', 'pause', 'seekto', 'previoustrack', 'nexttrack'] as const) setHandler(action, null);
    session.metadata = null;
    session.playbackState = 'none';
  };
}
