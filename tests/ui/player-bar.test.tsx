import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromCallback } from 'xstate';
import type { AudioCommand, DriveAudioInput, PlayerEvent } from '../../machines/player.machine';
import { type PlayerActor, PlayerActorContext } from '../../src/player/player-actor';
import { PlayerBar } from '../../src/player/player-bar';
import { createPlayerActor } from '../../src/player/player-logic';
import { usePlayer } from '../../src/player/use-player';

const solo = { id: 'ana', name: 'Ana Cruz', image: null };
const band = { id: 'ben', name: 'Ben & the Tides', image: '/media/ben.png' };
const soloSongs = [{ url: '/media/audio/ana-1', title: 'Sunday Morning' }];
const bandSongs = [
  { url: '/media/audio/ben-1', title: 'One' },
  { url: '/media/audio/ben-2', title: 'Two' },
  { url: '/media/audio/ben-3', title: 'Three' },
];

/** A player whose audio element is a fake that records commands (tests play the element's part). */
function fakePlayer() {
  const commands: AudioCommand[] = [];
  const actor = createPlayerActor({
    driveAudio: fromCallback<AudioCommand, DriveAudioInput, PlayerEvent>(({ receive }) => {
      receive((command) => {
        commands.push(command);
      });
    }),
  });
  actor.start();
  const send = (event: PlayerEvent) => act(() => actor.send(event));
  return { actor, commands, send, last: () => commands.at(-1) };
}

function renderBar(actor: PlayerActor, children?: ReactNode) {
  return render(
    <PlayerActorContext.Provider value={actor}>
      {children}
      <PlayerBar />
    </PlayerActorContext.Provider>,
  );
}

const bar = () => screen.getByRole('region', { name: 'Audio player' });

afterEach(() => vi.useRealTimers());

describe('player bar', () => {
  it('is not shown until something is loaded', () => {
    const p = fakePlayer();
    renderBar(p.actor);
    expect(screen.queryByRole('region', { name: 'Audio player' })).toBeNull();
    expect(screen.getByRole('status', { name: 'Player notice' }).textContent).toBe('');
    // An empty list does nothing (docs/product.md §5).
    p.send({ type: 'player.load', artist: solo, songs: [] });
    expect(screen.queryByRole('region', { name: 'Audio player' })).toBeNull();
  });

  it('shows the artist, a placeholder image and every control with a name; no previous/next for one song', () => {
    const p = fakePlayer();
    const { container } = renderBar(p.actor);
    p.send({ type: 'player.load', artist: solo, songs: soloSongs });
    const region = bar();
    expect(within(region).getByText('Ana Cruz')).toBeTruthy();
    expect(within(region).getByText('Sunday Morning')).toBeTruthy();
    expect(region.querySelector('[data-part=album-placeholder]')).not.toBeNull();
    // Loading: the listener can already pause.
    expect(within(region).getByRole('button', { name: 'Pause' }).getAttribute('aria-busy')).toBe('true');
    expect(within(region).queryByRole('button', { name: 'Previous song' })).toBeNull();
    expect(within(region).queryByRole('button', { name: 'Next song' })).toBeNull();
    expect(within(region).getByRole('slider', { name: 'Seek' })).toBeTruthy();
    expect(within(region).getByRole('slider', { name: 'Volume' }).getAttribute('aria-valuetext')).toBe('100%');
    expect(within(region).getByRole('button', { name: 'Mute' })).toBeTruthy();
    expect(within(region).getByRole('combobox', { name: 'Playback speed' }).textContent).toBe('1x');
    expect(within(region).getByRole('button', { name: 'Close player' })).toBeTruthy();
    // The spacer keeps the footer clear of the fixed bar.
    expect(container.querySelector('[data-part=player-spacer]')).not.toBeNull();
    expect(p.commands).toEqual([{ type: 'audio.load', url: '/media/audio/ana-1' }]);
  });

  it('shows the album image and previous/next for several songs; next and previous change the song', async () => {
    const p = fakePlayer();
    renderBar(p.actor);
    p.send({ type: 'player.load', artist: band, songs: bandSongs });
    const region = bar();
    expect(region.querySelector('img[data-part=album-image]')?.getAttribute('src')).toBe('/media/ben.png');
    expect(within(region).getByText(/1 of 3/)).toBeTruthy();
    await userEvent.click(within(region).getByRole('button', { name: 'Next song' }));
    expect(p.last()).toEqual({ type: 'audio.load', url: '/media/audio/ben-2' });
    expect(within(region).getByText('Two')).toBeTruthy();
    await userEvent.click(within(region).getByRole('button', { name: 'Previous song' }));
    await userEvent.click(within(region).getByRole('button', { name: 'Previous song' }));
    // Loop: before the first song comes the last.
    expect(p.last()).toEqual({ type: 'audio.load', url: '/media/audio/ben-3' });
  });

  it('a broken album image falls back to the placeholder', () => {
    const p = fakePlayer();
    renderBar(p.actor);
    p.send({ type: 'player.load', artist: band, songs: bandSongs });
    const img = bar().querySelector('img[data-part=album-image]') as HTMLImageElement;
    fireEvent.error(img);
    expect(bar().querySelector('[data-part=album-placeholder]')).not.toBeNull();
  });

  it('play and pause send the commands and swap the button', async () => {
    const p = fakePlayer();
    renderBar(p.actor);
    p.send({ type: 'player.load', artist: solo, songs: soloSongs });
    p.send({ type: 'audio.playing' });
    expect(bar().getAttribute('data-state')).toBe('playing');
    await userEvent.click(within(bar()).getByRole('button', { name: 'Pause' }));
    expect(p.last()).toEqual({ type: 'audio.pause' });
    expect(bar().getAttribute('data-state')).toBe('paused');
    await userEvent.click(within(bar()).getByRole('button', { name: 'Play' }));
    expect(p.last()).toEqual({ type: 'audio.play', url: '/media/audio/ana-1' });
  });

  it('shows the times and "1:05 of 3:20" on the progress slider; arrow keys seek', async () => {
    const p = fakePlayer();
    renderBar(p.actor);
    p.send({ type: 'player.load', artist: solo, songs: soloSongs });
    const seek = within(bar()).getByRole('slider', { name: 'Seek' });
    expect(seek.getAttribute('aria-disabled')).toBe('true');
    p.send({ type: 'audio.playing' });
    p.send({ type: 'audio.progress', currentTime: 65, duration: 200 });
    expect(seek.getAttribute('aria-valuetext')).toBe('1:05 of 3:20');
    expect(bar().querySelector('[data-part=player-position]')?.textContent).toBe('1:05');
    expect(bar().querySelector('[data-part=player-duration]')?.textContent).toBe('3:20');
    expect(seek.getAttribute('aria-disabled')).toBeNull();
    seek.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(p.last()).toEqual({ type: 'audio.seek', time: 66 });
    expect(seek.getAttribute('aria-valuetext')).toBe('1:06 of 3:20');
    await userEvent.keyboard('{End}');
    expect(p.last()).toEqual({ type: 'audio.seek', time: 200 });
  });

  it('dragging the progress thumb does not seek until it is let go', () => {
    const p = fakePlayer();
    renderBar(p.actor);
    p.send({ type: 'player.load', artist: solo, songs: soloSongs });
    p.send({ type: 'audio.playing' });
    p.send({ type: 'audio.progress', currentTime: 10, duration: 200 });
    // What the slider sends while the pointer moves, then on release.
    p.send({ type: 'seek.move', time: 100 });
    p.send({ type: 'audio.progress', currentTime: 11, duration: 200 });
    const seek = within(bar()).getByRole('slider', { name: 'Seek' });
    expect(seek.getAttribute('aria-valuetext')).toBe('1:40 of 3:20');
    expect(p.commands.some((c) => c.type === 'audio.seek')).toBe(false);
    p.send({ type: 'seek.commit', time: 100 });
    expect(p.last()).toEqual({ type: 'audio.seek', time: 100 });
  });

  it('mute toggles and the volume slider moves in steps, clamped to 0–1', async () => {
    const p = fakePlayer();
    renderBar(p.actor);
    p.send({ type: 'player.load', artist: solo, songs: soloSongs });
    await userEvent.click(within(bar()).getByRole('button', { name: 'Mute' }));
    expect(p.last()).toEqual({ type: 'audio.volume', volume: 1, muted: true });
    const volume = within(bar()).getByRole('slider', { name: 'Volume' });
    expect(volume.getAttribute('aria-valuetext')).toBe('0%');
    await userEvent.click(within(bar()).getByRole('button', { name: 'Unmute' }));
    volume.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(p.actor.getSnapshot().context.volume).toBe(1);
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(p.actor.getSnapshot().context.volume).toBeCloseTo(0.9);
    expect(volume.getAttribute('aria-valuetext')).toBe('90%');
    await userEvent.keyboard('{Home}');
    expect(p.last()).toEqual({ type: 'audio.volume', volume: 0, muted: false });
    expect(within(bar()).getByRole('button', { name: 'Unmute' })).toBeTruthy();
  });

  it('offers the playback rates 0.5x, 1x, 1.5x and 2x', async () => {
    const p = fakePlayer();
    renderBar(p.actor);
    p.send({ type: 'player.load', artist: solo, songs: soloSongs });
    const speed = within(bar()).getByRole('combobox', { name: 'Playback speed' });
    await userEvent.click(speed);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent?.replace('✓', ''))).toEqual(['0.5x', '1x', '1.5x', '2x']);
    await userEvent.click(screen.getByRole('option', { name: /1\.5x/ }));
    expect(p.last()).toEqual({ type: 'audio.rate', rate: 1.5 });
    await waitFor(() => expect(speed.textContent).toBe('1.5x'));
  });

  it('close pauses and hides the bar', async () => {
    const p = fakePlayer();
    const { container } = renderBar(p.actor);
    p.send({ type: 'player.load', artist: band, songs: bandSongs });
    p.send({ type: 'audio.playing' });
    await userEvent.click(within(bar()).getByRole('button', { name: 'Close player' }));
    expect(p.last()).toEqual({ type: 'audio.stop' });
    expect(screen.queryByRole('region', { name: 'Audio player' })).toBeNull();
    expect(container.querySelector('[data-part=player-spacer]')).toBeNull();
  });

  it('shows an error as a status message for 3 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const p = fakePlayer();
    renderBar(p.actor);
    p.send({ type: 'player.load', artist: solo, songs: soloSongs });
    p.send({ type: 'audio.error', code: 2, message: 'The song stopped loading.' });
    expect(screen.getByRole('status', { name: 'Player notice' }).textContent).toBe('The song stopped loading.');
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(screen.getByRole('status', { name: 'Player notice' }).textContent).toBe('The song stopped loading.');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('status', { name: 'Player notice' }).textContent).toBe('');
    expect(within(bar()).getByRole('button', { name: 'Play' })).toBeTruthy();
  });
});

function ArtistButtons() {
  const player = usePlayer();
  return (
    <>
      <p data-testid="playing">{player.playingArtistId ?? '-'}</p>
      <p data-testid="paused">{player.pausedArtistId ?? '-'}</p>
      <button type="button" onClick={() => player.toggleArtist(band, bandSongs)}>
        Toggle Ben
      </button>
      <button type="button" onClick={() => player.toggleArtist(solo, soloSongs)}>
        Toggle Ana
      </button>
      <button type="button" onClick={() => player.playArtist(band, bandSongs, 1)}>
        Play Ben from Two
      </button>
      <button type="button" onClick={() => player.playArtist(solo, [])}>
        Play nothing
      </button>
    </>
  );
}

describe('usePlayer', () => {
  it('toggleArtist plays, pauses and resumes an artist; pages learn who is playing or paused', async () => {
    const p = fakePlayer();
    renderBar(p.actor, <ArtistButtons />);
    const playing = () => screen.getByTestId('playing').textContent;
    const paused = () => screen.getByTestId('paused').textContent;
    await userEvent.click(screen.getByRole('button', { name: 'Toggle Ben' }));
    expect(p.last()).toEqual({ type: 'audio.load', url: '/media/audio/ben-1' });
    expect([playing(), paused()]).toEqual(['ben', '-']);
    p.send({ type: 'audio.playing' });
    await userEvent.click(screen.getByRole('button', { name: 'Toggle Ben' }));
    expect(p.last()).toEqual({ type: 'audio.pause' });
    expect([playing(), paused()]).toEqual(['-', 'ben']);
    await userEvent.click(screen.getByRole('button', { name: 'Toggle Ben' }));
    expect(p.last()).toEqual({ type: 'audio.play', url: '/media/audio/ben-1' });
    expect([playing(), paused()]).toEqual(['ben', '-']);
    await userEvent.click(screen.getByRole('button', { name: 'Toggle Ana' }));
    expect(p.last()).toEqual({ type: 'audio.load', url: '/media/audio/ana-1' });
    expect([playing(), paused()]).toEqual(['ana', '-']);
    expect(within(bar()).getByText('Ana Cruz')).toBeTruthy();
  });

  it('playArtist starts at the given song; an empty list does nothing', async () => {
    const p = fakePlayer();
    renderBar(p.actor, <ArtistButtons />);
    await userEvent.click(screen.getByRole('button', { name: 'Play nothing' }));
    expect(p.commands).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Play Ben from Two' }));
    expect(p.commands).toEqual([{ type: 'audio.load', url: '/media/audio/ben-2' }]);
  });
});
