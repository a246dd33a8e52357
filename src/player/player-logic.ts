// The player machine with the app's implementations: the real audio element and the OS media controls.
// The root loads this module with the first play of a visit (machines/app.machine.ts, `lazyPlayer`),
// so a visitor who never plays a song never downloads it.
import { type AnyActorLogic, createActor, fromCallback } from 'xstate';
import { type PlayerInput, playerMachine } from '../../machines/player.machine';
import { driveAudioElement } from './audio-element';
import { bindMediaSession } from './media-session';
import type { PlayerActor } from './player-actor';

/** The player machine with its audio: the real element unless a test hands in a fake. */
export function playerLogic(driveAudio: AnyActorLogic = driveAudioElement) {
  return playerMachine.provide({
    actors: {
      driveAudio,
      // Unbound when the player stops.
      mediaControls: fromCallback(({ input }) => bindMediaSession(input as PlayerActor)),
    },
  });
}

/** A player of its own (tests of the bar), with `driveAudio` for its audio. Not started. */
export function createPlayerActor(options: { driveAudio?: AnyActorLogic; input?: PlayerInput } = {}): PlayerActor {
  return createActor(playerLogic(options.driveAudio), { input: options.input }) as PlayerActor;
}
