// The player's boundary with the browser: the HTMLAudioElement actor and the Media Session view.

import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { PRODUCT_NAME, player } from '../../contracts/constants';
import { specMessages } from '../../contracts/messages';
import {
  type AudioCommand,
  audioErrorCodes,
  type DriveAudioInput,
  type PlayerEvent,
  playerMachine,
} from '../../machines/player.machine';
import { createAppActors } from '../../src/actors/app-actors';
import { AppActorsContext } from '../../src/actors/hooks';
import { bindRouter } from '../../src/actors/navigation';
import { audioErrorMessages, createAudioElementActor } from '../../src/player/audio-element';
import { bindMediaSession } from '../../src/player/media-session';
import { type PlayerActor, PlayerActorContext } from '../../src/player/player-actor';
import { createPlayerActor } from '../../src/player/player-logic';
import { routeTree } from '../../src/routeTree.gen';
import { currentPlayer, fakeServer, renderApp } from './app-harness';

afterEach(() => vi.unstubAllGlobals());

/** Stands in for HTMLAudioElement: the test decides what play() does and which events fire. */
class FakeAudio extends EventTarget {
  preload = '';
  currentTime = 0;
  duration = Number.NaN;
  ended = false;
  paused = true;
  volume = 1;
  muted = false;
  playbackRate = 1;
  defaultPlaybackRate = 1;
  error: { code: number } | null = null;
  plays: Array<{ resolve: () => void; reject: (e: unknown) => void }> = [];
  loads = 0;
  private attr: string | null = null;
  getAttribute(name: string) {
    return name === 'src' ? this.attr : null;
  }
  removeAttribute(name: string) {
    if (name === 'src') this.attr = null;
  }
  /** Like the element: set as given, read back absolute. */
  get src(): string {
    return this.attr ? new URL(this.attr, document.baseURI).href : '';
  }
  set src(url: string) {
    this.attr = url;
    this.sourcesSet += 1;
  }
  sourcesSet = 0;
  load() {
    this.loads += 1;
  }
  play(): Promise<void> {
    this.paused = false;
    return new Promise((resolve, reject) => this.plays.push({ resolve, reject }));
  }
  pause() {
    this.paused = true;
  }
  fire(type: string) {
    this.dispatchEvent(new Event(type));
  }
}

function audioHarness(supported = true) {
  const el = new FakeAudio();
  const reports: PlayerEvent[] = [];
  const logic = createAudioElementActor({
    create: () => el as unknown as HTMLAudioElement,
    isSupported: () => supported,
  });
  const machine = playerMachine.provide({ actors: { driveAudio: logic } });
  // What the element actor reported to the player, read through the inspection API.
  const parent = createActor(machine, {
    input: {},
    inspect: (inspection) => {
      if (inspection.type !== '@xstate.event' || inspection.actorRef !== parent) return;
      if (inspection.sourceRef && inspection.sourceRef !== parent) reports.push(inspection.event as PlayerEvent);
    },
  });
  parent.start();
  return { el, reports, player: parent };
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const loadOne = {
  type: 'player.load',
  artist: { id: 'a', name: 'Ana', image: null },
  songs: [{ url: '/a.wav', title: 'A' }],
} as const;
const loadTwo = {
  type: 'player.load',
  artist: { id: 'b', name: 'Ben', image: null },
  songs: [
    { url: '/b1.wav', title: 'B1' },
    { url: '/b2.wav', title: 'B2' },
  ],
} as const;

describe('the audio element actor', () => {
  it('plays a song, reports playing, the duration and progress when asked', async () => {
    const h = audioHarness();
    h.player.send(loadOne);
    expect(h.el.getAttribute('src')).toBe('/a.wav');
    expect(h.el.plays).toHaveLength(1);
    h.el.duration = 200;
    h.el.fire('loadedmetadata');
    h.el.fire('playing');
    expect(h.player.getSnapshot().value).toEqual({ visible: 'playing' });
    expect(h.player.getSnapshot().context.duration).toBe(200);
    h.el.currentTime = 65;
    h.player.send({ type: 'seek.commit', time: 120 });
    expect(h.el.currentTime).toBe(120);
    h.player.send({ type: 'player.volume', volume: 0.25 });
    h.player.send({ type: 'player.rate', rate: 2 });
    expect([h.el.volume, h.el.playbackRate, h.el.defaultPlaybackRate]).toEqual([0.25, 2, 2]);
  });

  it('its own pause and the pause at the end of a song are not reported as a pause', async () => {
    const h = audioHarness();
    h.player.send(loadTwo);
    h.el.fire('playing');
    h.el.ended = true;
    h.el.fire('pause');
    h.el.fire('ended');
    expect(h.player.getSnapshot().value).toEqual({ visible: 'waitingForNext' });
    h.el.ended = false;
    h.player.send(loadOne);
    h.el.fire('playing');
    h.player.send({ type: 'player.pause' });
    h.el.fire('pause');
    expect(h.reports.filter((r) => r.type === 'audio.paused')).toEqual([]);
    // A pause from outside (a headset unplugged) is reported.
    h.player.send({ type: 'player.play' });
    h.el.fire('playing');
    h.el.fire('pause');
    expect(h.player.getSnapshot().value).toEqual({ visible: 'paused' });
  });

  it('reports one error per attempt: the element error and the rejected play() together', async () => {
    const h = audioHarness();
    h.player.send(loadTwo);
    h.el.error = { code: 4 };
    h.el.fire('error');
    h.el.plays[0]?.reject(Object.assign(new Error('no supported sources'), { name: 'NotSupportedError', code: 9 }));
    await settle();
    expect(h.reports.filter((r) => r.type === 'audio.error')).toEqual([
      { type: 'audio.error', code: audioErrorCodes.sourceNotSupported, message: audioErrorMessages.unsupportedSource },
    ]);
    expect(h.player.getSnapshot().value).toEqual({ visible: 'skipping' });
  });

  it('an interrupted play() of an older song is not an error; a real interruption is (code 20)', async () => {
    const h = audioHarness();
    h.player.send(loadTwo);
    h.player.send({ type: 'player.next' });
    const abort = () => Object.assign(new Error('interrupted'), { name: 'AbortError', code: 20 });
    h.el.plays[0]?.reject(abort());
    await settle();
    expect(h.reports.filter((r) => r.type === 'audio.error')).toEqual([]);
    h.el.plays[1]?.reject(abort());
    await settle();
    expect(h.reports.filter((r) => r.type === 'audio.error')).toEqual([
      { type: 'audio.error', code: 20, message: audioErrorMessages.interrupted },
    ]);
    // Retried: the same song plays again.
    expect(h.el.plays).toHaveLength(3);
    expect(h.el.getAttribute('src')).toBe('/b2.wav');
  });

  it('resuming after a failure reloads the song', async () => {
    const h = audioHarness();
    h.player.send(loadOne);
    h.el.error = { code: 2 };
    h.el.fire('error');
    expect(h.player.getSnapshot().value).toEqual({ visible: 'failed' });
    expect(h.el.sourcesSet).toBe(1);
    h.player.send({ type: 'player.play' });
    expect(h.el.sourcesSet).toBe(2);
    expect(h.el.getAttribute('src')).toBe('/a.wav');
    expect(h.el.plays).toHaveLength(2);
    // A healthy paused song resumes where it was, without reloading.
    h.el.error = null;
    h.el.fire('playing');
    h.player.send({ type: 'player.pause' });
    h.player.send({ type: 'player.play' });
    expect(h.el.sourcesSet).toBe(2);
    expect(h.el.plays).toHaveLength(3);
  });

  it('close pauses and lets go of the source', () => {
    const h = audioHarness();
    h.player.send(loadOne);
    h.el.fire('playing');
    h.player.send({ type: 'player.close' });
    expect(h.el.paused).toBe(true);
    expect(h.el.getAttribute('src')).toBeNull();
    expect(h.el.loads).toBe(1);
  });

  it('without an audio element it reports the product message', () => {
    const h = audioHarness(false);
    h.player.send(loadOne);
    expect(h.player.getSnapshot().context.notice).toBe(specMessages.audioUnsupported);
  });
});

class FakeMediaSession {
  metadata: unknown = null;
  playbackState = 'none';
  handlers = new Map<string, ((details: any) => void) | null>();
  positions: unknown[] = [];
  setActionHandler(action: string, handler: ((details: any) => void) | null) {
    this.handlers.set(action, handler);
  }
  setPositionState(state: unknown) {
    this.positions.push(state);
  }
}

describe('media session', () => {
  function setup() {
    vi.stubGlobal(
      'MediaMetadata',
      class {
        constructor(init: object) {
          Object.assign(this, init);
        }
      },
    );
    const commands: AudioCommand[] = [];
    const actor = createPlayerActor({
      driveAudio: fromCallback<AudioCommand, DriveAudioInput, PlayerEvent>(({ receive }) => {
        receive((c) => {
          commands.push(c);
        });
      }),
    });
    actor.start();
    const session = new FakeMediaSession();
    const unbind = bindMediaSession(actor, session as unknown as MediaSession);
    return { actor, session, commands, unbind };
  }

  it('title is the product name, with the artist and artwork at 96–512 px (the app icon without an image)', () => {
    const { actor, session } = setup();
    expect(session.metadata).toBeNull();
    actor.send(loadOne);
    expect(session.metadata).toMatchObject({ title: PRODUCT_NAME, artist: 'Ana', album: 'A' });
    const artwork = (session.metadata as { artwork: Array<{ src: string; sizes: string }> }).artwork;
    expect(artwork.map((a) => a.sizes)).toEqual(player.artworkSizes.map((s) => `${s}x${s}`));
    expect(artwork.map((a) => a.sizes)).toEqual(['96x96', '128x128', '192x192', '256x256', '512x512']);
    expect(new Set(artwork.map((a) => a.src))).toEqual(new Set(['/favicon.svg']));
    actor.send({ ...loadTwo, artist: { ...loadTwo.artist, image: '/media/ben.png' } });
    const ben = (session.metadata as { artwork: Array<{ src: string }> }).artwork;
    expect(new Set(ben.map((a) => a.src))).toEqual(new Set(['/media/ben.png']));
  });

  it('the OS buttons send the player events; previous/next only with several songs', () => {
    const { actor, session, commands, unbind } = setup();
    actor.send(loadOne);
    expect(session.handlers.get('previoustrack')).toBeNull();
    expect(session.handlers.get('nexttrack')).toBeNull();
    actor.send({ type: 'audio.playing' });
    expect(session.playbackState).toBe('playing');
    session.handlers.get('pause')?.({ action: 'pause' });
    expect(commands.at(-1)).toEqual({ type: 'audio.pause' });
    expect(session.playbackState).toBe('paused');
    session.handlers.get('play')?.({ action: 'play' });
    expect(commands.at(-1)).toEqual({ type: 'audio.play', url: '/a.wav' });
    actor.send({ type: 'audio.loaded', duration: 200 });
    expect(session.positions.at(-1)).toEqual({ duration: 200, position: 0, playbackRate: 1 });
    actor.send({ type: 'audio.playing' });
    session.handlers.get('seekto')?.({ action: 'seekto', seekTime: 42 });
    expect(commands.at(-1)).toEqual({ type: 'audio.seek', time: 42 });
    actor.send(loadTwo);
    session.handlers.get('nexttrack')?.({ action: 'nexttrack' });
    expect(commands.at(-1)).toEqual({ type: 'audio.load', url: '/b2.wav' });
    session.handlers.get('previoustrack')?.({ action: 'previoustrack' });
    expect(commands.at(-1)).toEqual({ type: 'audio.load', url: '/b1.wav' });
    actor.send({ type: 'player.close' });
    expect(session.playbackState).toBe('none');
    expect(session.metadata).toBeNull();
    unbind();
    expect(session.handlers.get('play')).toBeNull();
  });
});

describe("the app's player and the OS media controls", () => {
  it('the player binds them when it starts and lets go when it stops', () => {
    vi.stubGlobal(
      'MediaMetadata',
      class {
        constructor(init: object) {
          Object.assign(this, init);
        }
      },
    );
    const session = new FakeMediaSession();
    vi.stubGlobal('navigator', { ...navigator, mediaSession: session });
    const actor = createPlayerActor({ driveAudio: fromCallback(() => {}) });
    expect(session.handlers.get('play')).toBeUndefined();
    actor.start();
    expect(typeof session.handlers.get('play')).toBe('function');
    actor.send(loadOne);
    expect(session.metadata).toMatchObject({ artist: 'Ana', album: 'A' });
    actor.stop();
    expect(session.handlers.get('play')).toBeNull();
    vi.unstubAllGlobals();
  });
});

describe('player in the app', () => {
  function renderAppWith(actor: PlayerActor, path: string) {
    const actors = createAppActors();
    const router = createRouter({
      routeTree,
      context: { actors },
      history: createMemoryHistory({ initialEntries: [path] }),
    });
    bindRouter(router);
    render(
      <AppActorsContext.Provider value={actors}>
        <PlayerActorContext.Provider value={actor}>
          <RouterProvider router={router} />
        </PlayerActorContext.Provider>
      </AppActorsContext.Provider>,
    );
    return router;
  }

  it('stays mounted across route changes without restarting the song', async () => {
    fakeServer({});
    const commands: AudioCommand[] = [];
    const actor = createPlayerActor({
      driveAudio: fromCallback<AudioCommand, DriveAudioInput, PlayerEvent>(({ receive }) => {
        receive((c) => {
          commands.push(c);
        });
      }),
    });
    actor.start();
    const router = renderAppWith(actor, '/about');
    await screen.findByRole('banner');
    expect(screen.queryByRole('region', { name: 'Audio player' })).toBeNull();
    act(() => {
      actor.send(loadOne);
      actor.send({ type: 'audio.playing' });
    });
    // The bar's controls load on first play (src/player/lazy-player-bar.tsx).
    const bar = await screen.findByRole('region', { name: 'Audio player' });
    await act(() => router.navigate({ to: '/terms' }));
    await act(() => router.navigate({ to: '/' }));
    expect(screen.getByRole('region', { name: 'Audio player' })).toBe(bar);
    expect(within(bar).getByRole('button', { name: 'Pause' })).toBeTruthy();
    expect(commands.filter((c) => c.type === 'audio.load')).toHaveLength(1);
  });

  it('the app starts one player actor with the first play, a child of the root, and plays what was asked', async () => {
    fakeServer({});
    const { actors } = renderApp('/about');
    await screen.findByRole('banner');
    // Nothing has played: the player's code is not loaded.
    expect(actors.root.getSnapshot().context.player).toBeNull();
    expect(actors.root.system.get('player')).toBeUndefined();
    act(() => actors.root.send(loadOne));
    const player = await currentPlayer();
    expect(player.getSnapshot().status).toBe('active');
    expect(player.getSnapshot().context.songs).toEqual(loadOne.songs);
    expect(actors.root.system.get('player')).toBe(player);
    // Later plays go to the same player.
    act(() => actors.root.send(loadTwo));
    expect(actors.root.getSnapshot().context.player).toBe(player);
    expect(player.getSnapshot().context.artist?.name).toBe('Ben');
  });
});
