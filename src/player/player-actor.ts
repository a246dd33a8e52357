// The app's one player actor is a child of the root (systemId `player`), started with the first play
// of the visit (machines/app.machine.ts), so that the bar and every page share it and the music
// survives route changes. Tests may render against their own actor through PlayerActorContext.
import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { PlayerActor } from '../../machines/app.machine';
import type { playerMachine } from '../../machines/player.machine';
import { AppActorsContext } from '../actors/hooks';

export type { PlayerActor };
export type PlayerSnapshot = SnapshotFrom<typeof playerMachine>;

/** A player that replaces the app's for what is rendered inside it (tests). */
export const PlayerActorContext = createContext<PlayerActor | null>(null);

/**
 * The player the view uses: the app root's child, unless PlayerActorContext gives another; undefined
 * until something first plays (a view shows nothing playing meanwhile).
 */
export function usePlayerActor(): PlayerActor | undefined {
  const own = useContext(PlayerActorContext);
  const app = useContext(AppActorsContext);
  const started = useSelector(app?.root, (s) => s?.context.player ?? undefined);
  if (!own && !app)
    throw new Error('No player: render inside <AppActorsContext.Provider> or <PlayerActorContext.Provider>.');
  return own ?? started;
}
