import { useSelector } from '@xstate/react';
import { createContext, useCallback, useContext } from 'react';
import type { AccountChildren, DialogsActor, OrderDraftActor } from '../../machines/app.machine';
import { connectArtistGate } from '../../machines/artist-gate.connect';
import { useHydrated } from '../lib/use-hydrated';
import type { AppActors, AppRootActor } from './app-actors';
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

/**
 * One of the children only a signed-in account uses (the notification centre, the online switch, the
 * tour), or null until the first sign-in of the visit has loaded it. A view shows its frame meanwhile.
 */
export function useAccountChild<K extends keyof AccountChildren>(name: K): AccountChildren[K] | null {
  const { root } = useAppActors();
  return useSelector(root, (s) => s.context.accountChildren?.[name] ?? null);
}

/**
 * The order draft. The root starts it as a customer opens an order step, and the step's guard waits for
 * it before the step renders, so a view under an order route always finds it.
 */
export function useOrderDraftActor(): OrderDraftActor {
  const { root } = useAppActors();
  const draft = useSelector(root, (s) => s.context.orderDraft);
  if (!draft) throw new Error('The order draft has not started: only the order steps (their guard starts it) use it.');
  return draft;
}

/** "Order with this artist": the draft preselects the artist (the root starts it if no page has). */
export function usePreselectArtist(): (id: string) => void {
  const { root } = useAppActors();
  return useCallback((id: string) => root.send({ type: 'artists.preselect', id }), [root]);
}

/**
 * Where views tell the account modals what to do (`dialog.*`, `page.*`, `user.confirm`): the root,
 * which passes it on, starting them first if no modal has opened yet.
 */
export function useDialogs(): Pick<AppRootActor, 'send'> {
  return useAppActors().root;
}

/** The account modals, or null until the first modal or artist login page of the visit has loaded them. */
export function useDialogsActor(): DialogsActor | null {
  const { root } = useAppActors();
  return useSelector(root, (s) => s.context.dialogs);
}

/** docs/product.md §2 footer "Order Song": the first order step, for a guest too (they sign up at review). */
export function useOrderSong(): () => void {
  return useCallback(() => navigateTo('/order/occasion'), []);
}
