// The global audio player (docs/product.md §2 player bar, §4 Audio player, §5 non-empty list and volume clamp,
// §8 Player errors, §9 Player constants). Read this file for the whole flow's vocabulary;
// player.machine.ts for its logic. The HTMLAudioElement lives in the app's `driveAudio` actor: the
// machine sends it AudioCommands and hears back AudioReports.
import type { player } from '../contracts/constants';

export type PlaybackRate = (typeof player.playbackRates)[number];

/** Whose songs are loaded (docs/product.md §3 Player song item: the artist has id, name, songs). */
export interface PlayerArtist {
  id: string;
  name: string;
  /** The album image; null shows a placeholder (and the app icon in the OS media controls). */
  image: string | null;
}

export interface PlayerSong {
  url: string;
  title: string;
}

export interface PlayerContext {
  artist: PlayerArtist | null;
  songs: readonly PlayerSong[];
  index: number;
  /** Seconds, as the audio actor last reported them (every progressIntervalMs while playing). */
  currentTime: number;
  /** Seconds; 0 until the audio actor knows it. */
  duration: number;
  /** Where the progress thumb is while the listener drags it; progress reports do not move it. */
  scrubTime: number | null;
  /** 0–1 (docs/product.md §5). */
  volume: number;
  muted: boolean;
  rate: PlaybackRate;
  loop: boolean;
  autoNext: boolean;
  /** The error notice (docs/product.md §8); set only in the states tagged `notice`. */
  notice: string | null;
  /** Code-20 retries of the current song. */
  retries: number;
  /** Songs skipped in a row for an unsupported source; when every song failed, the player stops. */
  failedInARow: number;
}

export interface PlayerInput {
  volume?: number;
  muted?: boolean;
  rate?: PlaybackRate;
  loop?: boolean;
  autoNext?: boolean;
}

/** Error codes the audio actor reports (docs/product.md §8 names 20 and 9). */
export const audioErrorCodes = {
  /** DOMException ABORT_ERR: a play() request was interrupted. Retried while the song has a URL. */
  aborted: 20,
  /** DOMException NOT_SUPPORTED_ERR: play() found no supported source. */
  notSupported: 9,
  /** MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED: the element cannot play this file (the product's "unsupported source"). */
  sourceNotSupported: 4,
} as const;

/** How often a code-20 interruption is retried before it counts as a failure (not in the product rules: it only must not loop). */
export const MAX_ABORT_RETRIES = 2;

/** What the listener (the bar, the pages, the OS media controls) asks for. */
export type PlayerUserEvent =
  /** Load a list and play it from `startIndex`; an empty list does nothing (docs/product.md §5). */
  | { type: 'player.load'; artist: PlayerArtist; songs: readonly PlayerSong[]; startIndex?: number }
  | { type: 'player.play' }
  | { type: 'player.pause' }
  | { type: 'player.next' }
  | { type: 'player.previous' }
  /** Pauses and hides the bar (docs/product.md §2). */
  | { type: 'player.close' }
  /** Clamped to 0–1; a volume above 0 also unmutes. */
  | { type: 'player.volume'; volume: number }
  | { type: 'player.toggleMute' }
  | { type: 'player.rate'; rate: number }
  /** Seeking by drag: start and move only move the thumb, commit moves the audio (also a click or a key). */
  | { type: 'seek.start'; time: number }
  | { type: 'seek.move'; time: number }
  | { type: 'seek.commit'; time: number };

/** What the audio actor reports about the element. */
export type AudioReport =
  | { type: 'audio.playing' }
  /** Buffering: playback stalled until more data arrives. */
  | { type: 'audio.waiting' }
  /** Paused by something other than the player (OS controls, a headset unplugged). */
  | { type: 'audio.paused' }
  | { type: 'audio.loaded'; duration: number }
  /** The answer to audio.report. */
  | { type: 'audio.progress'; currentTime: number; duration: number }
  | { type: 'audio.ended' }
  | { type: 'audio.error'; code: number | null; message: string }
  /** The browser has no audio element. */
  | { type: 'audio.unsupported' };

export type PlayerEvent = PlayerUserEvent | AudioReport;

/** What the machine tells the audio actor. */
export type AudioCommand =
  /** Set the source and play it from the start. */
  | { type: 'audio.load'; url: string }
  /** Set the source without playing it (paused on the next song). */
  | { type: 'audio.cue'; url: string }
  /** Resume; the actor reloads `url` when the element has failed or holds another source. */
  | { type: 'audio.play'; url: string }
  | { type: 'audio.pause' }
  /** Pause and let go of the source (close). */
  | { type: 'audio.stop' }
  | { type: 'audio.seek'; time: number }
  | { type: 'audio.volume'; volume: number; muted: boolean }
  | { type: 'audio.rate'; rate: PlaybackRate }
  /** Ask for an audio.progress report. */
  | { type: 'audio.report' };

/** The audio actor's input: the settings the element starts with. */
export interface DriveAudioInput {
  volume: number;
  muted: boolean;
  rate: PlaybackRate;
}

/**
 * Tags: `visible` (the bar shows), `active` (the listener hears, or is about to hear, the list: cards
 * show the playing state), `busy` (waiting for audio), `notice` (the error notice shows).
 */
export type PlayerTag = 'visible' | 'active' | 'busy' | 'notice';
