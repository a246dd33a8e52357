import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { AuthUser } from '../../contracts/account';
import type { ArtistSong } from '../../contracts/artist';
import { type SampleSongsEvent, sampleSongsMachine } from '../../machines/sample-songs.machine';
import {
  type ActionLog,
  describePath,
  expectAllStatesCovered,
  expectAllTransitionsCovered,
  FakeCalls,
  getTransitionPaths,
  type Harness,
  leafStateKeys,
  recordingActions,
  runPath,
  type StepCheck,
} from './model';

const song = (source: string, is_featured = false): ArtistSong => ({
  source,
  title: `Song ${source}`,
  url: `/media/audio/${source}?exp=1&sig=x`,
  mime: 'audio/wav',
  size: 1000,
  is_featured,
  created_at: '2026-11-01T00:00:00.000Z',
});
const featured = song('featured1', true);
const plain = song('plain0001');
const uploaded = song('upload001');

const events = [
  { type: 'songs.loaded', songs: [plain] },
  { type: 'song.uploaded', song: uploaded },
  { type: 'user.delete', source: 'featured1' },
  { type: 'user.delete', source: 'plain0001' },
  { type: 'user.delete', source: 'nosuchsong' },
  { type: 'user.feature', source: 'plain0001' },
  { type: 'user.feature', source: null },
  { type: 'user.confirm' },
  { type: 'user.cancel' },
  { type: 'xstate.done.actor.deleteSong', output: { message: 'deleted' } },
  { type: 'xstate.error.actor.deleteSong', error: { status: 500, message: 'Could not delete' } },
  { type: 'xstate.done.actor.setFeatured', output: { featured_song_path: 'plain0001' } as Partial<AuthUser> },
  { type: 'xstate.error.actor.setFeatured', error: { status: 404, message: 'Not found.' } },
] as SampleSongsEvent[];

function start(): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = sampleSongsMachine.provide({
    actors: {
      deleteSong: fakes.actor('deleteSong'),
      setFeatured: fakes.actor<AuthUser, { source: string | null }>('setFeatured'),
    },
    actions: recordingActions(['patchUser', 'showErrorToast'], log),
  });
  return { actor: createActor(machine, { input: { songs: [featured, plain] } }).start(), fakes, log };
}

const states: Record<string, (s: any, h: Harness) => void> = {
  idle: (s, h) => {
    expect(s.context.target).toBeNull();
    expect(h.fakes.pending.size).toBe(0);
  },
  confirmingDelete: (s) => {
    expect(s.hasTag('confirming')).toBe(true);
    // A listed song when chosen (see step); a list that arrives meanwhile may no longer hold it.
    expect(s.context.target).not.toBeNull();
  },
  deleting: (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(h.fakes.pending.get('deleteSong')?.input).toEqual({ source: s.context.target });
  },
  featuring: (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(h.fakes.pending.get('setFeatured')?.input).toEqual({ source: s.context.target });
  },
};

function step({ event, before, after, actions }: StepCheck<Harness>): void {
  if (event.type === 'songs.loaded') {
    // In any state: the list becomes what arrived, nothing else changes.
    expect(after.context.songs).toEqual(event.songs);
    expect(after.value).toEqual(before.value);
    expect(actions).toEqual([]);
  } else if (event.type === 'song.uploaded') {
    const sources = after.context.songs.map((x: ArtistSong) => x.source);
    expect(sources.filter((x: string) => x === uploaded.source)).toHaveLength(1);
    expect(sources).toEqual(expect.arrayContaining(before.context.songs.map((x: ArtistSong) => x.source)));
    expect(actions).toEqual([]);
  } else if (event.type === 'user.delete' || event.type === 'user.feature') {
    // Only a song in the list (or no song, to unfeature) can be chosen.
    const listed = event.source === null || before.context.songs.some((x: ArtistSong) => x.source === event.source);
    expect(after.context.target).toBe(listed ? event.source : null);
    expect(after.value).toEqual(listed ? (event.type === 'user.delete' ? 'confirmingDelete' : 'featuring') : 'idle');
    expect(actions).toEqual([]);
  } else if (event.type === 'xstate.done.actor.deleteSong') {
    const wasFeatured = before.context.songs.find((x: ArtistSong) => x.source === before.context.target)?.is_featured;
    expect(after.context.songs.some((x: ArtistSong) => x.source === before.context.target)).toBe(false);
    expect(actions).toEqual(wasFeatured ? [{ type: 'patchUser', params: { user: { featured_song_path: null } } }] : []);
  } else if (event.type === 'xstate.done.actor.setFeatured') {
    expect(actions).toEqual([{ type: 'patchUser', params: { user: { featured_song_path: 'plain0001' } } }]);
    expect(after.context.songs.filter((x: ArtistSong) => x.is_featured).map((x: ArtistSong) => x.source)).toEqual(
      before.context.target ? [before.context.target] : [],
    );
  } else if (event.type.startsWith('xstate.error.actor.')) {
    expect(actions).toEqual([
      { type: 'showErrorToast', params: { message: (event.error as { message: string }).message } },
    ]);
    expect(after.context.songs).toEqual(before.context.songs);
  } else expect(actions).toEqual([]);
}

describe('sampleSongsMachine: model-based paths', () => {
  const paths = getTransitionPaths(sampleSongsMachine, { input: { songs: [featured, plain] }, events });
  it('takes every transition', () => expectAllTransitionsCovered(sampleSongsMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(sampleSongsMachine, paths));
  it('has expectations for every state', () =>
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(sampleSongsMachine).sort()));
  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, start, { states, step });
    });
  }
});

describe('sampleSongsMachine: rules', () => {
  it('deleting asks first; cancel keeps the song', () => {
    const h = start();
    h.actor.send({ type: 'user.delete', source: 'plain0001' });
    expect(h.actor.getSnapshot().hasTag('confirming')).toBe(true);
    h.actor.send({ type: 'user.cancel' });
    expect(h.actor.getSnapshot().context.songs).toHaveLength(2);
    expect(h.fakes.calls).toEqual([]);
  });

  it('ignores songs that are not in the list', () => {
    const h = start();
    expect(h.actor.getSnapshot().can({ type: 'user.delete', source: '../../etc/passwd' })).toBe(false);
  });
});
