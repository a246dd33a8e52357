// The app's one player actor is a child of the root (systemId `player`, src/actors/app-actors.ts), so
// that the bar and every page share it and the music survives route changes. Tests may render against
// their own actor through PlayerActorContext.
import { createContext, useContext } from 'react';
import { type ActorRefFrom, type AnyActorLogic, createActor, type SnapshotFrom } from 'xstate';
import { type PlayerInput, playerMachine } from '../../machines/player.machine';
import { AppActorsContext } from '../actors/hooks';
import { driveAudioElement } from './audio-element';

export type PlayerActor = ActorRefFrom<typeof playerMachine>;
export type PlayerSnapshot = SnapshotFrom<typeof playerMachine>;

/** The player machine with its audio: the real element unless a test hands in a fake. */
export function playerLogic(driveAudio: AnyActorLogic = driveAudioElement) {
  return playerMachine.provide({ actors: { driveAudio } });
}

/** A player of its own (tests of the bar), with `driveAudio` for its audio. Not started. */
export function createPlayerActor(options: { driveAudio?: AnyActorLogic; input?: PlayerInput } = {}): PlayerActor {
  return createActor(playerLogic(options.driveAudio), { input: options.input }) as PlayerActor;
}

/** A player that replaces the app's for what is rendered inside it (tests). */
export const PlayerActorContext = createContext<PlayerActor | null>(null);

/** The player the view uses: the app root's child, unless PlayerActorContext gives another. */
export function usePlayerActor(): PlayerActor {
  const own = useContext(PlayerActorContext);
  const app = useContext(AppActorsContext);
  const actor = own ?? app?.player;
  if (!actor) throw new Error('No player: render inside <AppActorsContext.Provider> or <PlayerActorContext.Provider>.');
  return actor;
}
