import { useSelector } from '@xstate/react';
import { createContext, useCallback, useContext } from 'react';
import { connectArtistGate } from '../../machines/artist-gate.connect';
import { useHydrated } from '../lib/use-hydrated';
import type { AppActors } from './app-actors';
import { navigateTo } from './navigation';

export const AppActorsContext = createContext<AppActors | null>(null);

export function useAppActors(): AppActors {
  const actors = useContext(AppActorsContext);
  if (!actors) throw new Error('AppActorsContext is missing: render inside <AppActorsContext.Provider>.');
  return actors;
}

/** What pages need to know of the session, from its snapshot. */
export function useSessionView() {
  const { session } = useAppActors();
  const signedIn = useSelector(session, (s) => (s.hasTag('authenticated') ? s.context.user : null));
  const checking = useSelector(session, (s) => s.hasTag('busy') && !s.hasTag('authenticated'));
  // A prerendered page knows no visitor: while it hydrates, every view shows "still checking".
  const hydrated = useHydrated();
  const user = hydrated ? signedIn : null;
  return { user, isChecking: !hydrated || checking, isAuthenticated: user !== null };
}

const sameEntries = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((entry, i) => entry === b[i]);

/** The artist's standing from the artist gate actor: the menu entries and whether the online switch shows. */
export function useArtistGate() {
  const { artistGate } = useAppActors();
  const menu = useSelector(artistGate, (s) => connectArtistGate(s).menu, sameEntries);
  const showOnlineSwitch = useSelector(artistGate, (s) => connectArtistGate(s).showOnlineSwitch);
  const home = useSelector(artistGate, (s) => connectArtistGate(s).home);
  return { menu, showOnlineSwitch, home };
}

export function useDialogs() {
  return useAppActors().dialogs;
}

/** SPEC §2 footer "Order Song": the login modal when logged out, else the first order step. */
export function useOrderSong(): () => void {
  const { session, dialogs } = useAppActors();
  return useCallback(() => {
    if (session.getSnapshot().hasTag('authenticated')) navigateTo('/order/occasion');
    else dialogs.send({ type: 'dialog.openLogin' });
  }, [session, dialogs]);
}
