import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import {
  type AudioCommand,
  type DriveAudioInput,
  type PlayerEvent,
  playerMachine,
} from '../../machines/player.machine';
import { PlayerActorContext } from '../../src/player/player-actor';
import { PlayerBar } from '../../src/player/player-bar';
import { createPlayerActor } from '../../src/player/player-logic';
import { usePlayer } from '../../src/player/use-player';
import { describePath, getTransitionPaths, valueKeys } from '../machines/model';

// The player bar driven along paths generated from playerMachine: choosing an artist and the bar's
// buttons are clicks; what the audio element reports (playing, paused, waiting) is played as the
// element would; after each step the bar must show what the state means (shown or not, the artist and
// song, "n of m", previous/next, Play or Pause, busy while loading).
//
// Played here: loading, playing, pausing, next/previous and closing, the paths between hidden,
// loading, playing and paused. The timers, errors, seeking, volume and speed are the machine tests'
// (tests/machines/player.test.ts) and the bar's own tests (player-bar.test.tsx).

const solo = { id: 'ana', name: 'Ana Cruz', image: null };
const band = { id: 'ben', name: 'Ben & the Tides', image: '/media/ben.png' };
const soloSongs = [{ url: '/media/audio/ana-1', title: 'Sunday Morning' }];
const bandSongs = [
  { url: '/media/audio/ben-1', title: 'One' },
  { url: '/media/audio/ben-2', title: 'Two' },
  { url: '/media/audio/ben-3', title: 'Three' },
];

const events = [
  { type: 'player.load', artist: band, songs: bandSongs },
  { type: 'player.load', artist: solo, songs: soloSongs },
  { type: 'player.play' },
  { type: 'player.pause' },
  { type: 'player.next' },
  { type: 'player.previous' },
  { type: 'player.close' },
  { type: 'audio.playing' },
  { type: 'audio.paused' },
  { type: 'audio.waiting' },
] as PlayerEvent[];

/** States as the bar tells them apart: the state, the artist and the song. */
const serializeState = (s: any) => JSON.stringify([s.value, s.context.artist?.id ?? null, s.context.index]);

/** An artist card elsewhere on the page: pressing play loads that artist's songs. */
function Cards() {
  const player = usePlayer();
  return (
    <>
      <button type="button" onClick={() => player.playArtist(band, bandSongs)}>
        Play Ben
      </button>
      <button type="button" onClick={() => player.playArtist(solo, soloSongs)}>
        Play Ana
      </button>
    </>
  );
}

function start() {
  const actor = createPlayerActor({
    driveAudio: fromCallback<AudioCommand, DriveAudioInput, PlayerEvent>(({ receive }) => {
      receive(() => {});
    }),
  });
  actor.start();
  const view = render(
    <PlayerActorContext.Provider value={actor}>
      <Cards />
      <PlayerBar />
    </PlayerActorContext.Provider>,
  );
  return { actor, view };
}

type Run = ReturnType<typeof start>;
const bar = () => screen.queryByRole('region', { name: 'Audio player' });

async function play(event: any, h: Run) {
  const inBar = () => within(bar() as HTMLElement);
  switch (event.type) {
    case 'player.load':
      await userEvent.click(screen.getByRole('button', { name: event.artist.id === 'ben' ? 'Play Ben' : 'Play Ana' }));
      return;
    case 'player.play':
      await userEvent.click(inBar().getByRole('button', { name: 'Play' }));
      return;
    case 'player.pause':
      await userEvent.click(inBar().getByRole('button', { name: 'Pause' }));
      return;
    case 'player.next':
      await userEvent.click(inBar().getByRole('button', { name: 'Next song' }));
      return;
    case 'player.previous':
      await userEvent.click(inBar().getByRole('button', { name: 'Previous song' }));
      return;
    case 'player.close':
      await userEvent.click(inBar().getByRole('button', { name: 'Close player' }));
      return;
    default:
      // The audio element's report.
      act(() => h.actor.send(event));
  }
}

function expectBar(s: any) {
  if (!s.hasTag('visible')) {
    expect(bar()).toBeNull();
    return;
  }
  const region = bar() as HTMLElement;
  expect(region).toBeTruthy();
  const { artist, songs, index } = s.context;
  expect(within(region).getByText(artist.name)).toBeTruthy();
  expect(within(region).getByText(songs[index].title)).toBeTruthy();
  const many = songs.length > 1;
  // docs/product.md §2: previous/next and "n of m" only for more than one song.
  expect(within(region).queryByText(new RegExp(`${index + 1} of ${songs.length}`)) !== null).toBe(many);
  expect(within(region).queryByRole('button', { name: 'Next song' }) !== null).toBe(many);
  expect(within(region).queryByRole('button', { name: 'Previous song' }) !== null).toBe(many);
  // Playing or about to: the button pauses; otherwise it plays. Busy while the song loads.
  const active = s.hasTag('active');
  const button = within(region).getByRole('button', { name: active ? 'Pause' : 'Play' });
  expect(button.getAttribute('aria-busy')).toBe(s.hasTag('busy') ? 'true' : null);
  expect(region.getAttribute('data-state')).toBe(s.hasTag('busy') ? 'loading' : active ? 'playing' : 'paused');
}

describe('the player bar along the player machine’s paths', () => {
  const paths = getTransitionPaths(playerMachine, { events, serializeState });

  it('plays the bar’s states: hidden, loading, playing and paused', () => {
    const reached = new Set(paths.flatMap((path) => path.steps.flatMap((step) => valueKeys(step.state.value))));
    for (const key of ['hidden', 'visible.loading', 'visible.playing', 'visible.paused']) {
      expect(reached.has(key), key).toBe(true);
    }
  });

  for (const path of paths) {
    it(describePath(path), async () => {
      const h = start();
      const model = createActor(
        playerMachine.provide({
          actors: {
            driveAudio: fromCallback<AudioCommand, DriveAudioInput, PlayerEvent>(({ receive }) => {
              receive(() => {});
            }),
          },
        }),
        { input: undefined },
      ).start();
      expectBar(model.getSnapshot());
      for (const step of path.steps.slice(1)) {
        model.send(step.event);
        const expected = model.getSnapshot();
        expect(serializeState(expected)).toBe(serializeState(step.state));
        await play(step.event, h);
        await waitFor(() => expectBar(expected));
      }
      model.stop();
      h.actor.stop();
      h.view.unmount();
    });
  }
});
