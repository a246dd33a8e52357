import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { player } from '../../contracts/constants';
import { specMessages } from '../../contracts/messages';
import { connectPlayer, formatTime, progressText } from '../../machines/player.connect';
import {
  type AudioCommand,
  audioErrorCodes,
  clampVolume,
  type DriveAudioInput,
  MAX_ABORT_RETRIES,
  type PlayerEvent,
  type PlayerInput,
  playerMachine,
} from '../../machines/player.machine';
import {
  type ActionLog,
  describePath,
  expectAllStatesCovered,
  expectAllTransitionsCovered,
  FakeCalls,
  flush,
  getTransitionPaths,
  type Harness,
  leafStateKeys,
  runPath,
  type StepCheck,
} from './model';

const solo = { id: 'ana', name: 'Ana Cruz', image: null };
const band = { id: 'ben', name: 'Ben & the Tides', image: '/media/ben.png' };
const soloSongs = [{ url: '/media/audio/ana-1?exp=1&sig=a', title: 'Sunday' }];
const bandSongs = [
  { url: '/media/audio/ben-1?exp=1&sig=b', title: 'One' },
  { url: '/media/audio/ben-2?exp=1&sig=c', title: 'Two' },
  { url: '/media/audio/ben-3?exp=1&sig=d', title: 'Three' },
];

const loadSolo = { type: 'player.load', artist: solo, songs: soloSongs } as const;
/** Starts on the last song, so next wraps to the first (loop is on by default). */
const loadBand = { type: 'player.load', artist: band, songs: bandSongs, startIndex: 2 } as const;
const loadNothing = { type: 'player.load', artist: solo, songs: [] } as const;

const aborted = { type: 'audio.error', code: audioErrorCodes.aborted, message: 'The play() request was interrupted.' };
const badFile = {
  type: 'audio.error',
  code: audioErrorCodes.sourceNotSupported,
  message: 'This song cannot be played in your browser.',
};
const networkDown = { type: 'audio.error', code: 2, message: 'The song stopped loading. Check your connection.' };

const events = [
  loadSolo,
  loadBand,
  loadNothing,
  { type: 'player.play' },
  { type: 'player.pause' },
  { type: 'player.next' },
  { type: 'player.previous' },
  { type: 'player.close' },
  { type: 'player.volume', volume: 1.7 },
  { type: 'player.volume', volume: 0.4 },
  { type: 'player.toggleMute' },
  { type: 'player.rate', rate: 1.5 },
  { type: 'player.rate', rate: 3 },
  { type: 'seek.start', time: 30 },
  { type: 'seek.move', time: 45 },
  { type: 'seek.commit', time: 45 },
  { type: 'audio.playing' },
  { type: 'audio.waiting' },
  { type: 'audio.paused' },
  { type: 'audio.loaded', duration: 200 },
  { type: 'audio.progress', currentTime: 65, duration: 200 },
  { type: 'audio.ended' },
  aborted,
  badFile,
  networkDown,
  { type: 'audio.unsupported' },
  { type: 'xstate.after.progressInterval.player.visible.playing' },
  { type: 'xstate.after.nextSongDelay.player.visible.waitingForNext' },
  { type: 'xstate.after.errorNotice.player.visible.failed' },
  { type: 'xstate.after.errorNotice.player.visible.skipping' },
  { type: 'xstate.after.errorNotice.player.visible.unsupported' },
] as PlayerEvent[];

interface PlayerHarness extends Harness {
  /** Every command the machine sent to the fake audio actor (also in `log`, by type). */
  commands: AudioCommand[];
  audioInput: DriveAudioInput | null;
  audioStopped: boolean;
}

/** A live player whose audio element is an in-memory fake: it records commands and reports nothing by itself. */
function start(input?: PlayerInput): PlayerHarness {
  const log: ActionLog = [];
  const h = {
    fakes: new FakeCalls(),
    log,
    commands: [],
    audioInput: null,
    audioStopped: false,
  } as unknown as PlayerHarness;
  const machine = playerMachine.provide({
    actors: {
      driveAudio: fromCallback<AudioCommand, DriveAudioInput, PlayerEvent>(({ input: audioInput, receive }) => {
        h.audioInput = audioInput;
        receive((command) => {
          h.commands.push(command);
          log.push({ type: command.type, params: command });
        });
        return () => {
          h.audioStopped = true;
        };
      }),
    },
  });
  h.actor = createActor(machine, { input }).start();
  return h;
}

const view = (s: any) => connectPlayer(s);
const url = (s: any) => s.context.songs[s.context.index]?.url;
const tags = (s: any) => ({
  visible: s.hasTag('visible'),
  active: s.hasTag('active'),
  busy: s.hasTag('busy'),
  notice: s.hasTag('notice'),
});

/** What holds in every state where the bar shows. */
function expectLoaded(s: any) {
  expect(s.context.artist).not.toBeNull();
  expect(s.context.songs.length).toBeGreaterThan(0);
  expect(s.context.index).toBeGreaterThanOrEqual(0);
  expect(s.context.index).toBeLessThan(s.context.songs.length);
  // docs/product.md §2: previous/next only when there is more than one song (loop on: always both then; loop off:
  // not past either end).
  const many = s.context.songs.length > 1;
  const { index, loop, songs } = s.context;
  expect(view(s).hasManySongs).toBe(many);
  expect(view(s).canNext).toBe(many && (loop || index < songs.length - 1));
  expect(view(s).canPrevious).toBe(many && (loop || index > 0));
  expect(s.can({ type: 'player.close' })).toBe(true);
  // docs/product.md §5: volume stays in 0–1.
  expect(s.context.volume).toBeGreaterThanOrEqual(0);
  expect(s.context.volume).toBeLessThanOrEqual(1);
  expect((player.playbackRates as readonly number[]).includes(s.context.rate)).toBe(true);
}

/** The last command that put a source in the element played the current song. */
function expectLastSourceIsCurrent(s: any, h: PlayerHarness) {
  const source = h.commands.filter((c) => 'url' in c).at(-1);
  expect(source && 'url' in source ? source.url : undefined).toBe(url(s));
}

const states: Record<string, (s: any, h: PlayerHarness) => void> = {
  hidden: (s) => {
    expect(tags(s)).toEqual({ visible: false, active: false, busy: false, notice: false });
    expect(s.context.artist).toBeNull();
    expect(s.context.songs).toEqual([]);
    expect(view(s).playingArtistId).toBeNull();
    expect(view(s).pausedArtistId).toBeNull();
    expect(view(s).notice).toBeNull();
    for (const type of ['player.play', 'player.pause', 'player.next', 'player.previous', 'player.close'] as const)
      expect(s.can({ type }), type).toBe(false);
    expect(s.can(loadNothing)).toBe(false);
    expect(s.can(loadSolo)).toBe(true);
  },
  'visible.loading': (s, h) => {
    expect(tags(s)).toEqual({ visible: true, active: true, busy: true, notice: false });
    expectLoaded(s);
    expectLastSourceIsCurrent(s, h);
    expect(view(s).playingArtistId).toBe(s.context.artist.id);
    expect(view(s).pausedArtistId).toBeNull();
    expect(view(s).canPause).toBe(true);
    expect(view(s).canPlay).toBe(false);
    expect(view(s).canSeek).toBe(false);
    expect(s.context.notice).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  },
  'visible.playing': (s, h) => {
    expect(tags(s)).toEqual({ visible: true, active: true, busy: false, notice: false });
    expectLoaded(s);
    expectLastSourceIsCurrent(s, h);
    expect(view(s).playingArtistId).toBe(s.context.artist.id);
    expect(view(s).canPause).toBe(true);
    expect(view(s).canSeek).toBe(s.context.duration > 0);
    expect(s.context.retries).toBe(0);
    expect(s.context.failedInARow).toBe(0);
    // Only the 1000 ms progress timer runs.
    expect(vi.getTimerCount()).toBe(1);
  },
  'visible.waitingForNext': (s) => {
    expect(tags(s)).toEqual({ visible: true, active: true, busy: false, notice: false });
    expectLoaded(s);
    expect(view(s).playingArtistId).toBe(s.context.artist.id);
    expect(vi.getTimerCount()).toBe(1);
  },
  'visible.paused': (s) => {
    expect(tags(s)).toEqual({ visible: true, active: false, busy: false, notice: false });
    expectLoaded(s);
    expect(view(s).pausedArtistId).toBe(s.context.artist.id);
    expect(view(s).playingArtistId).toBeNull();
    expect(view(s).canPlay).toBe(true);
    expect(view(s).canPause).toBe(false);
    expect(view(s).canSeek).toBe(s.context.duration > 0);
    expect(s.context.notice).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  },
  'visible.failed': (s) => {
    expect(tags(s)).toEqual({ visible: true, active: false, busy: false, notice: true });
    expectLoaded(s);
    expect([aborted.message, badFile.message, networkDown.message]).toContain(view(s).notice);
    expect(view(s).pausedArtistId).toBe(s.context.artist.id);
    expect(view(s).canPlay).toBe(true);
    expect(vi.getTimerCount()).toBe(1);
  },
  'visible.skipping': (s) => {
    expect(tags(s)).toEqual({ visible: true, active: true, busy: false, notice: true });
    expectLoaded(s);
    expect(s.context.songs.length).toBeGreaterThan(1);
    expect(view(s).notice).toBe(badFile.message);
    expect(vi.getTimerCount()).toBe(1);
  },
  'visible.unsupported': (s) => {
    expect(tags(s)).toEqual({ visible: true, active: false, busy: false, notice: true });
    expect(view(s).notice).toBe(specMessages.audioUnsupported);
    expect(view(s).playingArtistId).toBeNull();
    expect(view(s).pausedArtistId).toBeNull();
    expect(view(s).canPlay).toBe(false);
    expect(vi.getTimerCount()).toBe(1);
  },
};

const wrapIndex = (i: number, n: number) => (i + n) % n;

function step({ event, before, after, actions }: StepCheck<PlayerHarness>): void {
  const handled = before.can(event);
  const b = before.context;
  const a = after.context;
  const commands = actions.map((x) => x.params);
  const afterKey = JSON.stringify(after.value);
  if (!handled) {
    expect(after.value, `${event.type} is ignored`).toEqual(before.value);
    expect(commands).toEqual([]);
    return;
  }
  switch (event.type) {
    case 'player.load': {
      const e = event as typeof loadSolo | typeof loadBand;
      expect(after.matches({ visible: 'loading' })).toBe(true);
      expect(a.artist).toEqual(e.artist);
      expect(a.songs).toEqual(e.songs);
      expect(a.index).toBe('startIndex' in e ? e.startIndex : 0);
      expect([a.currentTime, a.duration]).toEqual([0, 0]);
      expect(commands).toEqual([{ type: 'audio.load', url: e.songs[a.index]?.url }]);
      break;
    }
    case 'player.play':
      expect(after.matches({ visible: 'loading' })).toBe(true);
      expect(commands).toEqual([{ type: 'audio.play', url: url(after) }]);
      break;
    case 'player.pause':
      expect(after.matches({ visible: 'paused' })).toBe(true);
      if (before.matches({ visible: 'waitingForNext' }) || before.matches({ visible: 'skipping' })) {
        // The player had already decided to move on: it stops on the next song, ready to play.
        expect(a.index).toBe(wrapIndex(b.index + 1, b.songs.length));
        expect(commands).toEqual([{ type: 'audio.cue', url: url(after) }]);
      } else {
        expect(a.index).toBe(b.index);
        expect(commands).toEqual([{ type: 'audio.pause' }]);
      }
      break;
    case 'player.next':
    case 'player.previous': {
      const delta = event.type === 'player.next' ? 1 : -1;
      expect(b.songs.length).toBeGreaterThan(1);
      expect(after.matches({ visible: 'loading' })).toBe(true);
      expect(a.index).toBe(wrapIndex(b.index + delta, b.songs.length));
      expect(commands).toEqual([{ type: 'audio.load', url: url(after) }]);
      break;
    }
    case 'player.close':
      // docs/product.md §2: close pauses and hides.
      expect(afterKey).toBe('"hidden"');
      expect(commands).toEqual([{ type: 'audio.stop' }]);
      break;
    case 'player.volume':
      expect(a.volume).toBe(clampVolume(event.volume as number));
      expect(a.muted).toBe(false);
      expect(commands).toEqual([{ type: 'audio.volume', volume: a.volume, muted: false }]);
      expect(after.value).toEqual(before.value);
      break;
    case 'player.toggleMute':
      expect(a.muted).toBe(!b.muted);
      expect(commands).toEqual([{ type: 'audio.volume', volume: b.volume, muted: !b.muted }]);
      break;
    case 'player.rate':
      expect(event.rate).toBe(1.5);
      expect(a.rate).toBe(1.5);
      expect(commands).toEqual([{ type: 'audio.rate', rate: 1.5 }]);
      break;
    case 'seek.start':
    case 'seek.move':
      // Dragging moves the thumb only; the audio and the reported time stay put.
      expect(a.scrubTime).toBe(event.time);
      expect(a.currentTime).toBe(b.currentTime);
      expect(view(after).position).toBe(event.time);
      expect(commands).toEqual([]);
      break;
    case 'seek.commit':
      expect(a.currentTime).toBe(45);
      expect(a.scrubTime).toBeNull();
      expect(commands).toEqual([{ type: 'audio.seek', time: 45 }]);
      expect(after.value).toEqual(before.value);
      break;
    case 'audio.playing':
      expect(after.matches({ visible: 'playing' })).toBe(true);
      expect(commands).toEqual([]);
      break;
    case 'audio.waiting':
      expect(after.matches({ visible: 'loading' })).toBe(true);
      expect(commands).toEqual([]);
      break;
    case 'audio.paused':
      expect(after.matches({ visible: 'paused' })).toBe(true);
      expect(commands).toEqual([]);
      break;
    case 'audio.loaded':
      expect(a.duration).toBe(200);
      break;
    case 'audio.progress':
      expect([a.currentTime, a.duration]).toEqual([65, 200]);
      // A report does not move a thumb that is being dragged.
      expect(view(after).position).toBe(b.scrubTime ?? 65);
      break;
    case 'audio.ended':
      if (b.loop || b.index < b.songs.length - 1) {
        // docs/product.md §4: loop is on by default, so there is always a next song (a one-song list repeats).
        expect(after.matches({ visible: 'waitingForNext' })).toBe(true);
      } else {
        // Loop off, the last song: the list ends, paused at the start of that song.
        expect(after.matches({ visible: 'paused' })).toBe(true);
        expect(a.currentTime).toBe(0);
      }
      expect((commands as Array<{ type: string }>).filter((c) => c.type !== 'audio.seek')).toEqual([]);
      break;
    case 'audio.error':
      if (event.code === audioErrorCodes.aborted && b.retries < MAX_ABORT_RETRIES) {
        // docs/product.md §8: code 20 with a URL retries playing the same song.
        expect(after.matches({ visible: 'loading' })).toBe(true);
        expect(a.retries).toBe(b.retries + 1);
        expect(commands).toEqual([{ type: 'audio.play', url: url(before) }]);
      } else if (event.code === audioErrorCodes.sourceNotSupported && b.songs.length > b.failedInARow + 1) {
        expect(after.matches({ visible: 'skipping' })).toBe(true);
        expect(a.notice).toBe(event.message);
      } else {
        expect(after.matches({ visible: 'failed' })).toBe(true);
        expect(a.notice).toBe(event.message);
        expect(commands).toEqual([]);
      }
      break;
    case 'audio.unsupported':
      expect(after.matches({ visible: 'unsupported' })).toBe(true);
      expect(a.notice).toBe(specMessages.audioUnsupported);
      break;
    case 'xstate.after.progressInterval.player.visible.playing':
      expect(after.matches({ visible: 'playing' })).toBe(true);
      expect(commands).toEqual([{ type: 'audio.report' }]);
      break;
    case 'xstate.after.nextSongDelay.player.visible.waitingForNext':
    case 'xstate.after.errorNotice.player.visible.skipping':
      // docs/product.md §4 / §8: on to the next song (wrapping: loop is on by default).
      expect(after.matches({ visible: 'loading' })).toBe(true);
      expect(a.index).toBe(wrapIndex(b.index + 1, b.songs.length));
      expect(a.notice).toBeNull();
      expect(commands).toEqual([{ type: 'audio.load', url: url(after) }]);
      break;
    case 'xstate.after.errorNotice.player.visible.failed':
      expect(after.matches({ visible: 'paused' })).toBe(true);
      expect(a.notice).toBeNull();
      break;
    case 'xstate.after.errorNotice.player.visible.unsupported':
      expect(afterKey).toBe('"hidden"');
      expect(a.notice).toBeNull();
      expect(commands).toEqual([]);
      break;
    default:
      throw new Error(`no step expectation for ${event.type}`);
  }
}

/**
 * States are told apart by what the guards read: the list, the song, whether a retry or a skip has
 * happened and whether the duration is known. Volume, rate and times are checked per step instead.
 */
const serializeState = (s: any) =>
  JSON.stringify([
    s.value,
    s.context.artist?.id ?? null,
    s.context.index,
    s.context.retries > 0,
    s.context.failedInARow > 0,
    s.context.duration > 0,
  ]);

describe('playerMachine: model-based paths', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => vi.useRealTimers());

  const seen = new Set<string>();
  const paths = getTransitionPaths(playerMachine, { events, serializeState }, seen);
  // Loop off (a setting the app can pass): the list ends after its last song.
  const loopOff = getTransitionPaths(
    playerMachine,
    {
      input: { loop: false },
      events: [loadBand, { type: 'audio.playing' }, { type: 'audio.ended' }, { type: 'player.previous' }],
      serializeState,
    },
    seen,
  );

  it('takes every transition', () => expectAllTransitionsCovered(playerMachine, [...paths, ...loopOff]));
  it('reaches every state', () => expectAllStatesCovered(playerMachine, paths));
  it('has expectations for every state', () =>
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(playerMachine).sort()));
  it('plays retries, skips on a bad file, the end-of-list loop and close', () => {
    const played = new Set(paths.flatMap((p) => p.steps.map((s) => `${s.event.type}:${(s.event as any).code ?? ''}`)));
    for (const needed of [
      'audio.error:20',
      'audio.error:4',
      'audio.ended:',
      'player.close:',
      'xstate.after.errorNotice.player.visible.skipping:',
    ])
      expect(played.has(needed), needed).toBe(true);
  });
  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, start, { states, step, serializeState });
    });
  }
  for (const path of loopOff) {
    it(`loop off: ${describePath(path)}`, async () => {
      await runPath(path, () => start({ loop: false }), { states, step, serializeState });
    });
  }
});

// ---- Rules and timing (docs/product.md §4, §5, §8, §9) --------------------------------------------------------

describe('playerMachine: product rules', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => vi.useRealTimers());

  const playing = (h: PlayerHarness, load: PlayerEvent = loadBand) => {
    h.actor.send(load);
    h.actor.send({ type: 'audio.loaded', duration: 200 });
    h.actor.send({ type: 'audio.playing' });
  };
  const value = (h: PlayerHarness) => h.actor.getSnapshot().value;
  const ctx = (h: PlayerHarness) => h.actor.getSnapshot().context;

  it('an empty list does nothing (docs/product.md §5)', () => {
    const h = start();
    h.actor.send(loadNothing);
    expect(value(h)).toBe('hidden');
    expect(h.commands).toEqual([]);
    playing(h);
    h.actor.send(loadNothing);
    expect(value(h)).toEqual({ visible: 'playing' });
    expect(ctx(h).artist).toEqual(band);
  });

  it('starts at startIndex, or at the first song when startIndex is outside the list', () => {
    const h = start();
    h.actor.send({ ...loadBand, startIndex: 1 });
    expect(h.commands.at(-1)).toEqual({ type: 'audio.load', url: bandSongs[1]?.url });
    h.actor.send({ ...loadBand, startIndex: 7 });
    expect(ctx(h).index).toBe(0);
    h.actor.send({ ...loadBand, startIndex: -1 });
    expect(ctx(h).index).toBe(0);
  });

  it('progress updates every 1000 ms while playing, and only then (docs/product.md §9)', async () => {
    expect(player.progressIntervalMs).toBe(1000);
    const h = start();
    playing(h);
    const reports = () => h.commands.filter((c) => c.type === 'audio.report').length;
    await vi.advanceTimersByTimeAsync(999);
    expect(reports()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(reports()).toBe(1);
    h.actor.send({ type: 'audio.progress', currentTime: 1, duration: 200 });
    await vi.advanceTimersByTimeAsync(3000);
    expect(reports()).toBe(4);
    expect(connectPlayer(h.actor.getSnapshot()).positionLabel).toBe('0:01');
    h.actor.send({ type: 'player.pause' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(reports()).toBe(4);
  });

  it('at the end of a song waits exactly 1000 ms, then plays the next (docs/product.md §4)', async () => {
    expect(player.nextSongDelayMs).toBe(1000);
    const h = start();
    playing(h, { ...loadBand, startIndex: 0 });
    h.actor.send({ type: 'audio.ended' });
    await vi.advanceTimersByTimeAsync(999);
    expect(value(h)).toEqual({ visible: 'waitingForNext' });
    expect(h.commands.filter((c) => c.type === 'audio.load')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(value(h)).toEqual({ visible: 'loading' });
    expect(h.commands.at(-1)).toEqual({ type: 'audio.load', url: bandSongs[1]?.url });
  });

  it('loops through the list by default: after the last song comes the first', async () => {
    expect(player.loop).toBe(true);
    const h = start();
    playing(h); // starts on the last song
    h.actor.send({ type: 'audio.ended' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(ctx(h).index).toBe(0);
    expect(h.commands.at(-1)).toEqual({ type: 'audio.load', url: bandSongs[0]?.url });
  });

  it('a one-song list repeats its song after the pause', async () => {
    const h = start();
    playing(h, loadSolo);
    h.actor.send({ type: 'audio.ended' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.commands.filter((c) => c.type === 'audio.load')).toEqual([
      { type: 'audio.load', url: soloSongs[0]?.url },
      { type: 'audio.load', url: soloSongs[0]?.url },
    ]);
  });

  it('without loop, the last song ends the list: paused at the start of it, next not offered', async () => {
    const h = start({ loop: false });
    playing(h);
    expect(h.actor.getSnapshot().can({ type: 'player.next' })).toBe(false);
    expect(h.actor.getSnapshot().can({ type: 'player.previous' })).toBe(true);
    h.actor.send({ type: 'audio.progress', currentTime: 200, duration: 200 });
    h.actor.send({ type: 'audio.ended' });
    expect(value(h)).toEqual({ visible: 'paused' });
    expect(ctx(h).currentTime).toBe(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.commands.filter((c) => c.type === 'audio.load')).toHaveLength(1);
  });

  it('previous/next only with more than one song (docs/product.md §2)', () => {
    const h = start();
    playing(h, loadSolo);
    const view1 = connectPlayer(h.actor.getSnapshot());
    expect([view1.hasManySongs, view1.canNext, view1.canPrevious]).toEqual([false, false, false]);
    h.actor.send({ type: 'player.next' });
    expect(ctx(h).index).toBe(0);
    expect(value(h)).toEqual({ visible: 'playing' });
    playing(h, { ...loadBand, startIndex: 0 });
    h.actor.send({ type: 'player.previous' });
    expect(ctx(h).index).toBe(2);
  });

  it('the error notice lasts exactly 3000 ms, then the player waits paused (docs/product.md §8, §9)', async () => {
    expect(player.errorNoticeMs).toBe(3000);
    const h = start();
    playing(h);
    h.actor.send(networkDown as PlayerEvent);
    expect(connectPlayer(h.actor.getSnapshot()).notice).toBe(networkDown.message);
    await vi.advanceTimersByTimeAsync(2999);
    expect(connectPlayer(h.actor.getSnapshot()).notice).toBe(networkDown.message);
    await vi.advanceTimersByTimeAsync(1);
    expect(connectPlayer(h.actor.getSnapshot()).notice).toBeNull();
    expect(value(h)).toEqual({ visible: 'paused' });
    h.actor.send({ type: 'player.play' });
    expect(h.commands.at(-1)).toEqual({ type: 'audio.play', url: bandSongs[2]?.url });
  });

  it.each([
    ['code 9', audioErrorCodes.notSupported],
    ['MEDIA_ERR_SRC_NOT_SUPPORTED', audioErrorCodes.sourceNotSupported],
  ])('an unsupported source (%s) with auto-next moves to the next song after 3000 ms', async (_, code) => {
    const h = start();
    playing(h, { ...loadBand, startIndex: 0 });
    h.actor.send({ type: 'audio.error', code, message: 'Cannot play this file.' });
    expect(value(h)).toEqual({ visible: 'skipping' });
    expect(connectPlayer(h.actor.getSnapshot()).notice).toBe('Cannot play this file.');
    await vi.advanceTimersByTimeAsync(2999);
    expect(ctx(h).index).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(ctx(h).index).toBe(1);
    expect(h.commands.at(-1)).toEqual({ type: 'audio.load', url: bandSongs[1]?.url });
    expect(connectPlayer(h.actor.getSnapshot()).notice).toBeNull();
  });

  it('stops skipping when every song of the list has failed in a row', async () => {
    const h = start();
    playing(h, { ...loadBand, startIndex: 0 });
    h.actor.send(badFile as PlayerEvent);
    await vi.advanceTimersByTimeAsync(3000);
    h.actor.send(badFile as PlayerEvent);
    await vi.advanceTimersByTimeAsync(3000);
    h.actor.send(badFile as PlayerEvent);
    expect(value(h)).toEqual({ visible: 'failed' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(value(h)).toEqual({ visible: 'paused' });
    expect(h.commands.filter((c) => c.type === 'audio.load')).toHaveLength(3);
  });

  it('a song that plays resets the count of failures', async () => {
    const h = start();
    playing(h, { ...loadBand, startIndex: 0 });
    h.actor.send(badFile as PlayerEvent);
    await vi.advanceTimersByTimeAsync(3000);
    h.actor.send({ type: 'audio.playing' });
    expect(ctx(h).failedInARow).toBe(0);
  });

  it('without auto-next a bad file only shows the notice', async () => {
    const h = start({ autoNext: false });
    playing(h);
    h.actor.send(badFile as PlayerEvent);
    expect(value(h)).toEqual({ visible: 'failed' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(value(h)).toEqual({ visible: 'paused' });
    expect(ctx(h).index).toBe(2);
  });

  it(`code 20 with a URL retries playing ${MAX_ABORT_RETRIES} times, then shows the notice`, () => {
    const h = start();
    playing(h);
    for (let i = 0; i < MAX_ABORT_RETRIES; i++) {
      h.actor.send(aborted as PlayerEvent);
      expect(value(h)).toEqual({ visible: 'loading' });
      expect(h.commands.at(-1)).toEqual({ type: 'audio.play', url: bandSongs[2]?.url });
    }
    h.actor.send(aborted as PlayerEvent);
    expect(value(h)).toEqual({ visible: 'failed' });
    expect(connectPlayer(h.actor.getSnapshot()).notice).toBe(aborted.message);
  });

  it('code 20 without a URL is not retried', () => {
    const h = start();
    h.actor.send({ type: 'player.load', artist: solo, songs: [{ url: '', title: 'Nothing' }] });
    h.actor.send(aborted as PlayerEvent);
    expect(value(h)).toEqual({ visible: 'failed' });
  });

  it("no audio support: 'Browser does not support this feature, Please update your browser' for 3000 ms, then hidden", async () => {
    // The default driveAudio stands for a browser without an audio element.
    const actor = createActor(playerMachine, { input: {} }).start();
    actor.send(loadSolo);
    expect(connectPlayer(actor.getSnapshot()).notice).toBe(
      'Browser does not support this feature, Please update your browser',
    );
    expect(specMessages.audioUnsupported).toBe('Browser does not support this feature, Please update your browser');
    await vi.advanceTimersByTimeAsync(3000);
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(connectPlayer(actor.getSnapshot()).notice).toBeNull();
    actor.stop();
  });

  it('volume is clamped between 0 and 1; raising it unmutes (docs/product.md §5)', () => {
    const h = start();
    expect(h.audioInput).toEqual({ volume: 1, muted: false, rate: 1 });
    for (const [asked, kept] of [
      [1.7, 1],
      [-0.2, 0],
      [0.35, 0.35],
      [Number.NaN, 0.35],
      [Number.POSITIVE_INFINITY, 0.35],
    ] as const) {
      h.actor.send({ type: 'player.volume', volume: asked });
      expect(ctx(h).volume, String(asked)).toBe(kept);
    }
    h.actor.send({ type: 'player.toggleMute' });
    expect(connectPlayer(h.actor.getSnapshot())).toMatchObject({ muted: true, effectiveVolume: 0, volumeText: '0%' });
    h.actor.send({ type: 'player.volume', volume: 0.6 });
    expect(connectPlayer(h.actor.getSnapshot())).toMatchObject({ muted: false, effectiveVolume: 0.6 });
    expect(h.commands.at(-1)).toEqual({ type: 'audio.volume', volume: 0.6, muted: false });
    expect(clampVolume(2)).toBe(1);
    expect(createActor(playerMachine, { input: { volume: 4 } }).getSnapshot().context.volume).toBe(1);
  });

  it('playback rates are 0.5, 1, 1.5 and 2 (docs/product.md §9); others are refused', () => {
    expect(player.playbackRates).toEqual([0.5, 1, 1.5, 2]);
    const h = start();
    for (const rate of player.playbackRates) {
      expect(h.actor.getSnapshot().can({ type: 'player.rate', rate })).toBe(true);
      h.actor.send({ type: 'player.rate', rate });
      expect(ctx(h).rate).toBe(rate);
      expect(h.commands.at(-1)).toEqual({ type: 'audio.rate', rate });
    }
    for (const rate of [0, 0.75, 3, Number.NaN]) {
      expect(h.actor.getSnapshot().can({ type: 'player.rate', rate })).toBe(false);
      h.actor.send({ type: 'player.rate', rate });
      expect(ctx(h).rate).toBe(2);
    }
    expect(connectPlayer(h.actor.getSnapshot()).rates).toEqual([0.5, 1, 1.5, 2]);
  });

  it('dragging the progress thumb does not fight the progress updates; commit seeks once', async () => {
    const h = start();
    playing(h);
    h.actor.send({ type: 'seek.start', time: 10 });
    h.actor.send({ type: 'seek.move', time: 120 });
    await vi.advanceTimersByTimeAsync(1000);
    h.actor.send({ type: 'audio.progress', currentTime: 3, duration: 200 });
    expect(connectPlayer(h.actor.getSnapshot()).position).toBe(120);
    expect(h.commands.filter((c) => c.type === 'audio.seek')).toEqual([]);
    h.actor.send({ type: 'seek.commit', time: 500 });
    expect(connectPlayer(h.actor.getSnapshot()).position).toBe(200);
    expect(h.commands.filter((c) => c.type === 'audio.seek')).toEqual([{ type: 'audio.seek', time: 200 }]);
    h.actor.send({ type: 'seek.commit', time: -5 });
    expect(h.commands.at(-1)).toEqual({ type: 'audio.seek', time: 0 });
  });

  it('no seeking before the duration is known', () => {
    const h = start();
    h.actor.send(loadBand);
    h.actor.send({ type: 'audio.playing' });
    expect(connectPlayer(h.actor.getSnapshot()).canSeek).toBe(false);
    h.actor.send({ type: 'seek.commit', time: 20 });
    expect(h.commands.filter((c) => c.type === 'audio.seek')).toEqual([]);
  });

  it('close pauses and hides; reopening plays the new list from a clean state', async () => {
    const h = start();
    playing(h);
    h.actor.send(badFile as PlayerEvent);
    h.actor.send({ type: 'player.close' });
    expect(value(h)).toBe('hidden');
    expect(h.commands.at(-1)).toEqual({ type: 'audio.stop' });
    expect(connectPlayer(h.actor.getSnapshot())).toMatchObject({
      visible: false,
      notice: null,
      playingArtistId: null,
      pausedArtistId: null,
    });
    await vi.advanceTimersByTimeAsync(5000);
    expect(value(h)).toBe('hidden');
    h.actor.send(loadSolo);
    expect(value(h)).toEqual({ visible: 'loading' });
    expect(ctx(h)).toMatchObject({ artist: solo, index: 0, currentTime: 0, duration: 0, failedInARow: 0 });
    expect(h.commands.at(-1)).toEqual({ type: 'audio.load', url: soloSongs[0]?.url });
    // One audio actor for the player's whole life.
    expect(h.audioStopped).toBe(false);
  });

  it('settings survive close and a new list', () => {
    const h = start();
    playing(h);
    h.actor.send({ type: 'player.volume', volume: 0.3 });
    h.actor.send({ type: 'player.rate', rate: 1.5 });
    h.actor.send({ type: 'player.close' });
    h.actor.send(loadSolo);
    expect(ctx(h)).toMatchObject({ volume: 0.3, rate: 1.5 });
  });

  it('pages learn which artist is playing or paused (docs/product.md §4)', () => {
    const h = start();
    const ids = () => {
      const v = connectPlayer(h.actor.getSnapshot());
      return [v.playingArtistId, v.pausedArtistId];
    };
    expect(ids()).toEqual([null, null]);
    h.actor.send(loadBand);
    expect(ids()).toEqual(['ben', null]);
    h.actor.send({ type: 'audio.playing' });
    expect(ids()).toEqual(['ben', null]);
    h.actor.send({ type: 'player.pause' });
    expect(ids()).toEqual([null, 'ben']);
    h.actor.send(loadSolo);
    expect(ids()).toEqual(['ana', null]);
    h.actor.send({ type: 'player.close' });
    expect(ids()).toEqual([null, null]);
  });

  it('stopping the player lets go of the audio element', async () => {
    const h = start();
    h.actor.stop();
    await flush();
    expect(h.audioStopped).toBe(true);
  });
});

describe('player view model', () => {
  it('formats times and the progress value text', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(65.9)).toBe('1:05');
    expect(formatTime(200)).toBe('3:20');
    expect(formatTime(3725)).toBe('1:02:05');
    expect(formatTime(Number.NaN)).toBe('0:00');
    expect(progressText(65, 200)).toBe('1:05 of 3:20');
    expect(progressText(5, 0)).toBe('0:05');
  });
});
