import { useSelector } from '@xstate/react';
import { createContext, useCallback, useContext, useEffect, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { AccountChildren, DialogsActor, OrderDraftActor } from '../../machines/app.machine';
import { connectArtistGate } from '../../machines/artist-gate.connect';
import { type ArtistAuthForm, authFormsId } from '../../machines/auth-dialogs.types';
import type { AuthForms, authFormsMachine } from '../../machines/auth-forms.machine';
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
 * The order draft. The order steps' guard starts it before a step renders (needOrderDraft), so a
 * view under an order route always finds it.
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

type AuthFormsActor = ActorRefFrom<typeof authFormsMachine>;

/**
 * The forms of the account modals and the artist's login pages, null until a modal or page first
 * needs them and their code has loaded (show the frame meanwhile). `failed`: that code did not load
 * (`retry` tries again).
 */
export function useAuthForms(): { forms: AuthForms | null; failed: boolean; retry: () => void } {
  const dialogs = useDialogsActor();
  const formsActor = useSelector(dialogs ?? undefined, (s) => s?.children[authFormsId] as AuthFormsActor | undefined);
  const forms = useSelector(formsActor, (s) => s?.context.forms ?? null);
  const failed = useSelector(formsActor, (s) => s?.hasTag('failed') ?? false);
  const retry = useCallback(() => formsActor?.send({ type: 'forms.needed' }), [formsActor]);
  return { forms, failed, retry };
}

/**
 * The form of an artist page (/artist/login, /artist/forgot-password), told when the page opens and
 * when it is left, as a modal's form is told by its modal: it starts afresh on each visit. `returnTo`:
 * the artist's page a signed-out visit asked for, where the login leads. The form is null until the
 * modals' and the forms' code has loaded (the page shows its frame); `failed`: it did not load.
 */
export function useArtistAuthForm<F extends ArtistAuthForm>(form: F, returnTo?: string) {
  const { root } = useAppActors();
  const { forms, failed: formsFailed, retry: retryForms } = useAuthForms();
  const dialogsFailed = useSelector(root, (s) => s.matches({ running: { dialogs: 'dialogsFailed' } }));
  const opened = useMemo(
    () => ({ type: 'page.opened' as const, form, ...(returnTo ? { returnTo } : {}) }),
    [form, returnTo],
  );
  useEffect(() => {
    root.send(opened);
    return () => root.send({ type: 'page.left', form });
  }, [root, opened, form]);
  // The modals' code did not load: opening the page again loads it.
  const retry = useCallback(
    () => (dialogsFailed ? root.send(opened) : retryForms()),
    [dialogsFailed, root, opened, retryForms],
  );
  const actor = forms ? (form === 'login' ? forms.artistLogin : forms.artistForgot) : null;
  return {
    actor: actor as (F extends 'login' ? AuthForms['artistLogin'] : AuthForms['artistForgot']) | null,
    failed: formsFailed || dialogsFailed,
    retry,
  };
}

/** SPEC §2 footer "Order Song": the login modal when logged out, else the first order step. */
export function useOrderSong(): () => void {
  const { session, root } = useAppActors();
  return useCallback(() => {
    if (session.getSnapshot().hasTag('authenticated')) navigateTo('/order/occasion');
    else root.send({ type: 'dialog.openLogin' });
  }, [session, root]);
}
