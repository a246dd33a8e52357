// The global audio player. One actor for the app's life from the first play; the HTMLAudioElement is
// driven by the named callback actor `driveAudio` (invoked as `audio`) and the OS media controls by
// `mediaControls`, both of which the app supplies: the machine never touches the DOM. Timing
// (progress every 1000 ms, 1000 ms before the next song, 3000 ms notices) is docs/product.md §9,
// from contracts/constants. The error notice is context set only in the states tagged `notice`.
import { type AnyActorRef, assign, fromCallback, sendTo, setup } from 'xstate';
import { player } from '../contracts/constants';
import { specMessages } from '../contracts/messages';
import {
  type AudioCommand,
  audioErrorCodes,
  type DriveAudioInput,
  MAX_ABORT_RETRIES,
  type PlaybackRate,
  type PlayerContext,
  type PlayerEvent,
  type PlayerInput,
  type PlayerSong,
  type PlayerTag,
} from './player.types';

export type * from './player.types';
export { audioErrorCodes, MAX_ABORT_RETRIES } from './player.types';

/** docs/product.md §5: volume is clamped between 0 and 1 (anything that is not a number keeps `fallback`). */
export function clampVolume(volume: number, fallback = 1): number {
  if (!Number.isFinite(volume)) return fallback;
  return Math.min(1, Math.max(0, volume));
}

function isPlaybackRate(rate: number): rate is PlaybackRate {
  return (player.playbackRates as readonly number[]).includes(rate);
}

/** A seek target inside the song. */
function clampTime(time: number, duration: number): number {
  if (!Number.isFinite(time) || time < 0) return 0;
  return duration > 0 ? Math.min(time, duration) : time;
}

const finiteSeconds = (value: number) => (Number.isFinite(value) && value > 0 ? value : 0);

export function currentSong(context: PlayerContext): PlayerSong | null {
  return context.songs[context.index] ?? null;
}

const songUrl = (context: PlayerContext) => currentSong(context)?.url ?? '';

const hasNext = (c: PlayerContext) => c.loop || c.index < c.songs.length - 1;
const hasPrevious = (c: PlayerContext) => c.loop || c.index > 0;
const wrap = (index: number, length: number) => (length === 0 ? 0 : (index + length) % length);

const isErrorCode = (event: PlayerEvent, ...codes: number[]) =>
  event.type === 'audio.error' && event.code !== null && codes.includes(event.code);

export const playerMachine = setup({
  types: {
    context: {} as PlayerContext,
    events: {} as PlayerEvent,
    input: {} as PlayerInput | undefined,
    tags: {} as PlayerTag,
  },
  actors: {
    /**
     * Owns the HTMLAudioElement: obeys AudioCommands, reports AudioReports, lets go of the element on
     * stop. The default plays nothing and reports every load as unsupported.
     */
    driveAudio: fromCallback<AudioCommand, DriveAudioInput, PlayerEvent>(({ receive, sendBack }) => {
      receive((command) => {
        if (command.type === 'audio.load' || command.type === 'audio.play') sendBack({ type: 'audio.unsupported' });
      });
    }),
    /**
     * The OS media controls (lock screen, headset keys): another view of this player, given the player
     * itself to follow and to send to. The default shows nothing.
     */
    mediaControls: fromCallback<PlayerEvent, AnyActorRef>(() => () => {}),
  },
  delays: {
    progressInterval: player.progressIntervalMs,
    nextSongDelay: player.nextSongDelayMs,
    errorNotice: player.errorNoticeMs,
  },
  guards: {
    /** docs/product.md §5: the list must be non-empty to start playing. */
    hasSongs: ({ event }) => event.type === 'player.load' && event.songs.length > 0,
    /** docs/product.md §2: previous/next only when there is more than one song. */
    canGoNext: ({ context }) => context.songs.length > 1 && hasNext(context),
    canGoPrevious: ({ context }) => context.songs.length > 1 && hasPrevious(context),
    /** At the end of a song: loop (the default) always has a next one, a one-song list repeats. */
    hasNextSong: ({ context }) => hasNext(context),
    hasDuration: ({ context }) => context.duration > 0,
    isKnownRate: ({ event }) => event.type === 'player.rate' && isPlaybackRate(event.rate),
    /** docs/product.md §8: code 20 with a URL retries playing (a few times, so it cannot loop). */
    isRetryableAbort: ({ context, event }) =>
      isErrorCode(event, audioErrorCodes.aborted) && songUrl(context) !== '' && context.retries < MAX_ABORT_RETRIES,
    /** docs/product.md §8: an unsupported source with auto-next moves on, unless every song has failed in a row. */
    canSkipUnsupported: ({ context, event }) =>
      isErrorCode(event, audioErrorCodes.notSupported, audioErrorCodes.sourceNotSupported) &&
      context.autoNext &&
      context.songs.length > 1 &&
      hasNext(context) &&
      context.failedInARow + 1 < context.songs.length,
  },
  actions: {
    storeList: assign(({ event }) => {
      if (event.type !== 'player.load') return {};
      const start = event.startIndex ?? 0;
      const index = Number.isInteger(start) && start >= 0 && start < event.songs.length ? start : 0;
      return { artist: event.artist, songs: event.songs, index, retries: 0, failedInARow: 0 };
    }),
    selectNext: assign(({ context }) => ({ index: wrap(context.index + 1, context.songs.length), retries: 0 })),
    selectPrevious: assign(({ context }) => ({ index: wrap(context.index - 1, context.songs.length), retries: 0 })),
    resetPosition: assign({ currentTime: 0, duration: 0, scrubTime: null }),
    rewind: assign({ currentTime: 0, scrubTime: null }),
    clearList: assign({
      artist: null,
      songs: [],
      index: 0,
      currentTime: 0,
      duration: 0,
      scrubTime: null,
      retries: 0,
      failedInARow: 0,
    }),
    setDuration: assign(({ context, event }) =>
      event.type === 'audio.loaded' || event.type === 'audio.progress'
        ? { duration: finiteSeconds(event.duration) || context.duration }
        : {},
    ),
    setProgress: assign(({ context, event }) =>
      event.type === 'audio.progress'
        ? {
            currentTime: clampTime(event.currentTime, finiteSeconds(event.duration) || context.duration),
            duration: finiteSeconds(event.duration) || context.duration,
          }
        : {},
    ),
    scrub: assign(({ context, event }) =>
      event.type === 'seek.start' || event.type === 'seek.move'
        ? { scrubTime: clampTime(event.time, context.duration) }
        : {},
    ),
    commitSeek: assign(({ context, event }) =>
      event.type === 'seek.commit' ? { currentTime: clampTime(event.time, context.duration), scrubTime: null } : {},
    ),
    countRetry: assign(({ context }) => ({ retries: context.retries + 1 })),
    countFailure: assign(({ context }) => ({ failedInARow: context.failedInARow + 1 })),
    clearFailures: assign({ retries: 0, failedInARow: 0 }),
    showNotice: assign((_, params: { message: string }) => ({ notice: params.message })),
    clearNotice: assign({ notice: null }),
    setVolume: assign(({ context, event }) => {
      if (event.type !== 'player.volume') return {};
      const volume = clampVolume(event.volume, context.volume);
      // Raising the volume of a muted player is asking to hear it.
      return { volume, muted: volume > 0 ? false : context.muted };
    }),
    toggleMute: assign(({ context }) => ({ muted: !context.muted })),
    setRate: assign(({ event }) =>
      event.type === 'player.rate' && isPlaybackRate(event.rate) ? { rate: event.rate } : {},
    ),
    // Commands to the audio actor:
    loadAudio: sendTo('audio', ({ context }): AudioCommand => ({ type: 'audio.load', url: songUrl(context) })),
    cueAudio: sendTo('audio', ({ context }): AudioCommand => ({ type: 'audio.cue', url: songUrl(context) })),
    resumeAudio: sendTo('audio', ({ context }): AudioCommand => ({ type: 'audio.play', url: songUrl(context) })),
    pauseAudio: sendTo('audio', { type: 'audio.pause' } satisfies AudioCommand),
    stopAudio: sendTo('audio', { type: 'audio.stop' } satisfies AudioCommand),
    seekAudio: sendTo('audio', ({ context }): AudioCommand => ({ type: 'audio.seek', time: context.currentTime })),
    applyVolume: sendTo(
      'audio',
      ({ context }): AudioCommand => ({ type: 'audio.volume', volume: context.volume, muted: context.muted }),
    ),
    applyRate: sendTo('audio', ({ context }): AudioCommand => ({ type: 'audio.rate', rate: context.rate })),
    requestProgress: sendTo('audio', { type: 'audio.report' } satisfies AudioCommand),
  },
}).createMachine({
  id: 'player',
  context: ({ input }) => ({
    artist: null,
    songs: [],
    index: 0,
    currentTime: 0,
    duration: 0,
    scrubTime: null,
    volume: clampVolume(input?.volume ?? 1),
    muted: input?.muted ?? false,
    rate: input?.rate !== undefined && isPlaybackRate(input.rate) ? input.rate : 1,
    loop: input?.loop ?? player.loop,
    autoNext: input?.autoNext ?? player.autoNext,
    notice: null,
    retries: 0,
    failedInARow: 0,
  }),
  invoke: [
    {
      id: 'audio',
      src: 'driveAudio',
      input: ({ context }) => ({ volume: context.volume, muted: context.muted, rate: context.rate }),
    },
    { id: 'mediaControls', src: 'mediaControls', input: ({ self }) => self },
  ],
  // Settings outlive the list: they apply whatever is (or is not) loaded.
  on: {
    'player.volume': {
      actions: ['setVolume', 'applyVolume'],
      description: 'The listener sets the volume (kept whatever is playing).',
    },
    'player.toggleMute': { actions: ['toggleMute', 'applyVolume'], description: 'The listener mutes or unmutes.' },
    'player.rate': {
      guard: 'isKnownRate',
      actions: ['setRate', 'applyRate'],
      description: 'The listener picks a playback speed.',
    },
  },
  initial: 'hidden',
  states: {
    hidden: {
      description: 'Nothing to play: the player bar is not shown.',
      on: {
        'player.load': {
          guard: 'hasSongs',
          target: 'visible.loading',
          actions: ['storeList', 'resetPosition', 'loadAudio'],
          description: "The visitor presses play on an artist's songs: the bar appears and the song starts.",
        },
      },
    },
    visible: {
      description: 'The player bar is shown with an artist’s songs.',
      tags: ['visible'],
      on: {
        'player.load': {
          guard: 'hasSongs',
          target: '.loading',
          actions: ['storeList', 'resetPosition', 'loadAudio'],
          description: 'The visitor presses play on other songs: they replace the list and the song starts.',
        },
        'player.next': {
          guard: 'canGoNext',
          target: '.loading',
          actions: ['selectNext', 'resetPosition', 'loadAudio'],
          description: 'The listener skips to the next song.',
        },
        'player.previous': {
          guard: 'canGoPrevious',
          target: '.loading',
          actions: ['selectPrevious', 'resetPosition', 'loadAudio'],
          description: 'The listener goes back to the previous song.',
        },
        'player.close': {
          target: 'hidden',
          actions: ['stopAudio', 'clearList'],
          description: 'The listener closes the player: the music stops and the bar goes.',
        },
        'audio.loaded': { actions: 'setDuration', description: "The song's length is known: the bar shows it." },
        'audio.progress': { actions: 'setProgress', description: 'The song plays on: the bar shows how far.' },
      },
      initial: 'loading',
      states: {
        loading: {
          description: 'The song is about to play (loading, or buffering).',
          tags: ['active', 'busy'],
          on: {
            'audio.playing': { target: 'playing', actions: 'clearFailures', description: 'The song plays.' },
            'audio.error': [
              {
                guard: 'isRetryableAbort',
                target: 'loading',
                reenter: true,
                actions: ['countRetry', 'resumeAudio'],
                description: 'The song stopped loading on a passing hitch: it is tried again.',
              },
              {
                guard: 'canSkipUnsupported',
                target: 'skipping',
                actions: ['countFailure', { type: 'showNotice', params: ({ event }) => ({ message: event.message }) }],
                description:
                  'The song cannot be played and the next one follows: a notice says so, then the next song plays.',
              },
              {
                target: 'failed',
                actions: { type: 'showNotice', params: ({ event }) => ({ message: event.message }) },
                description: 'The song cannot be played: a notice says so.',
              },
            ],
            'audio.unsupported': {
              target: 'unsupported',
              actions: { type: 'showNotice', params: { message: specMessages.audioUnsupported } },
              description: 'This browser cannot play audio: a notice says so.',
            },
            'player.pause': { target: 'paused', actions: 'pauseAudio', description: 'The listener pauses.' },
          },
        },
        playing: {
          description: 'A song is playing; progress is reported every second.',
          tags: ['active'],
          // docs/product.md §9: progress updates every 1000 ms.
          after: {
            progressInterval: {
              target: 'playing',
              reenter: true,
              actions: 'requestProgress',
              description: "Every second: the bar's position moves on.",
            },
          },
          on: {
            'audio.waiting': { target: 'loading', description: 'The song buffers.' },
            'audio.paused': {
              target: 'paused',
              description: "The song was paused from outside the bar (the device's media controls).",
            },
            'audio.ended': [
              {
                guard: 'hasNextSong',
                target: 'waitingForNext',
                description: 'The song ended and another follows: a short pause, then the next song.',
              },
              {
                target: 'paused',
                actions: 'rewind',
                description: 'The last song ended: the player goes back to its start, paused.',
              },
            ],
            'audio.error': [
              {
                guard: 'isRetryableAbort',
                target: 'loading',
                actions: ['countRetry', 'resumeAudio'],
                description: 'Playback stopped on a passing hitch: it is tried again.',
              },
              {
                guard: 'canSkipUnsupported',
                target: 'skipping',
                actions: ['countFailure', { type: 'showNotice', params: ({ event }) => ({ message: event.message }) }],
                description:
                  'The song cannot be played and the next one follows: a notice says so, then the next song plays.',
              },
              {
                target: 'failed',
                actions: { type: 'showNotice', params: ({ event }) => ({ message: event.message }) },
                description: 'The song cannot be played: a notice says so.',
              },
            ],
            'player.pause': { target: 'paused', actions: 'pauseAudio', description: 'The listener pauses.' },
            'seek.start': {
              guard: 'hasDuration',
              actions: 'scrub',
              description: 'The listener starts dragging the position.',
            },
            'seek.move': { guard: 'hasDuration', actions: 'scrub', description: 'The listener drags the position.' },
            'seek.commit': {
              guard: 'hasDuration',
              actions: ['commitSeek', 'seekAudio'],
              description: 'The listener lets go: the song plays on from there.',
            },
          },
        },
        waitingForNext: {
          description:
            "The song ended: a second's pause, then the next song plays. Pausing now stops on the next song.",
          tags: ['active'],
          after: {
            nextSongDelay: {
              target: 'loading',
              actions: ['selectNext', 'resetPosition', 'loadAudio'],
              description: 'After the pause: the next song plays.',
            },
          },
          on: {
            'player.pause': {
              target: 'paused',
              actions: ['selectNext', 'resetPosition', 'cueAudio'],
              description: 'The listener pauses: the next song is ready, paused.',
            },
          },
        },
        paused: {
          description: 'A song is loaded and paused; play resumes it.',
          on: {
            'player.play': {
              target: 'loading',
              actions: 'resumeAudio',
              description: 'The listener presses play: the song resumes.',
            },
            'audio.playing': {
              target: 'playing',
              actions: 'clearFailures',
              description: "The song was started from outside the bar (the device's media controls).",
            },
            'seek.start': {
              guard: 'hasDuration',
              actions: 'scrub',
              description: 'The listener starts dragging the position.',
            },
            'seek.move': { guard: 'hasDuration', actions: 'scrub', description: 'The listener drags the position.' },
            'seek.commit': {
              guard: 'hasDuration',
              actions: ['commitSeek', 'seekAudio'],
              description: 'The listener lets go: the song will resume from there.',
            },
          },
        },
        failed: {
          description: 'The song cannot be played: a notice shows for 3 seconds, then the player waits on this song.',
          tags: ['notice'],
          exit: 'clearNotice',
          after: {
            errorNotice: { target: 'paused', description: 'After the notice: the player waits on this song, paused.' },
          },
          on: {
            'player.play': {
              target: 'loading',
              actions: 'resumeAudio',
              description: 'The listener presses play: the song is tried again.',
            },
          },
        },
        skipping: {
          description: 'The song cannot be played: a notice shows for 3 seconds, then the next song plays.',
          tags: ['active', 'notice'],
          exit: 'clearNotice',
          after: {
            errorNotice: {
              target: 'loading',
              actions: ['selectNext', 'resetPosition', 'loadAudio'],
              description: 'After the notice: the next song plays.',
            },
          },
          on: {
            'player.pause': {
              target: 'paused',
              actions: ['selectNext', 'resetPosition', 'cueAudio'],
              description: 'The listener pauses: the next song is ready, paused.',
            },
          },
        },
        unsupported: {
          description: 'This browser cannot play audio: a notice says so for 3 seconds, then the bar goes.',
          tags: ['notice'],
          exit: 'clearNotice',
          after: {
            errorNotice: {
              target: '#player.hidden',
              actions: 'clearList',
              description: 'After the notice: the bar goes.',
            },
          },
        },
      },
    },
  },
});
