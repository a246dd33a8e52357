// The app's one player actor, started once at module load (like the session in src/actors/app-actors.ts)
// so that the bar and every page share it and the music survives route changes. The audio element
// and the OS media controls are wired here; tests render against their own actor through the context.
import { createContext, useContext } from 'react';
import { type ActorRefFrom, type AnyActorLogic, createActor, type SnapshotFrom } from 'xstate';
import { type PlayerInput, playerMachine } from '../../machines/player.machine';
import { driveAudioElement } from './audio-element';
import { bindMediaSession } from './media-session';

export type PlayerActor = ActorRefFrom<typeof playerMachine>;
export type PlayerSnapshot = SnapshotFrom<typeof playerMachine>;

/** A player whose audio is `driveAudio` (the real element unless a test hands in a fake). Not started. */
export function createPlayerActor(options: { driveAudio?: AnyActorLogic; input?: PlayerInput } = {}): PlayerActor {
  const machine = playerMachine.provide({ actors: { driveAudio: options.driveAudio ?? driveAudioElement } });
  return createActor(machine, { input: options.input }) as PlayerActor;
}

export const playerActor: PlayerActor = createPlayerActor();
playerActor.start();
bindMediaSession(playerActor);

export const PlayerActorContext = createContext<PlayerActor>(playerActor);

export function usePlayerActor(): PlayerActor {
  return useContext(PlayerActorContext);
}
