// View model of the player: what the bar, the OS media controls and the pages (cards show a playing
// state) render. Components read this, never raw state names.
import type { SnapshotFrom } from 'xstate';
import { player } from '../contracts/constants';
import { currentSong, type playerMachine } from './player.machine';

type PlayerSnapshot = SnapshotFrom<typeof playerMachine>;

/** 65 → "1:05", 3725 → "1:02:05"; unknown times read "0:00". */
export function formatTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The progress slider's aria-valuetext: "1:05 of 3:20". */
export function progressText(position: number, duration: number): string {
  return duration > 0 ? `${formatTime(position)} of ${formatTime(duration)}` : formatTime(position);
}

export function rateLabel(rate: number): string {
  return `${rate}x`;
}

export function connectPlayer(snapshot: PlayerSnapshot) {
  const { context } = snapshot;
  const song = currentSong(context);
  const visible = snapshot.hasTag('visible');
  const active = snapshot.hasTag('active');
  const paused = visible && !active && !snapshot.matches({ visible: 'unsupported' });
  const position = context.scrubTime ?? context.currentTime;
  const effectiveVolume = context.muted ? 0 : context.volume;
  return {
    visible,
    artist: context.artist,
    song,
    songNumber: context.index + 1,
    songCount: context.songs.length,
    /** Playing or about to (cards and the play/pause button show "pause"). */
    isPlaying: active,
    isBusy: snapshot.hasTag('busy'),
    playingArtistId: active ? (context.artist?.id ?? null) : null,
    pausedArtistId: paused ? (context.artist?.id ?? null) : null,
    canPlay: snapshot.can({ type: 'player.play' }),
    canPause: snapshot.can({ type: 'player.pause' }),
    /** docs/product.md §2: previous/next appear only when there is more than one song. */
    hasManySongs: context.songs.length > 1,
    canPrevious: snapshot.can({ type: 'player.previous' }),
    canNext: snapshot.can({ type: 'player.next' }),
    canSeek: snapshot.can({ type: 'seek.commit', time: 0 }),
    position,
    duration: context.duration,
    positionLabel: formatTime(position),
    durationLabel: formatTime(context.duration),
    progressText: progressText(position, context.duration),
    volume: context.volume,
    muted: context.muted || context.volume === 0,
    effectiveVolume,
    volumeText: `${Math.round(effectiveVolume * 100)}%`,
    rate: context.rate,
    rates: player.playbackRates,
    notice: snapshot.hasTag('notice') ? context.notice : null,
  };
}

export type PlayerView = ReturnType<typeof connectPlayer>;
