// The hooks of the account forms: the modals' forms and the artist's login and forgot-password pages.
// Apart from hooks.ts so that their code loads with the modals and those pages, not with every page.
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { type ArtistAuthForm, authFormsId } from '../../machines/auth-dialogs.types';
import type { AuthForms, authFormsMachine } from '../../machines/auth-forms.machine';
import { useAppActors, useDialogsActor } from './hooks';

type AuthFormsActor = ActorRefFrom<typeof authFormsMachine>;

/** The five forms once all run (the forms' lazy child starts them together), else null. */
function formsOf(started: Record<string, AnyActorRef> | null | undefined): AuthForms | null {
  const { login, signUp, forgot, artistLogin, artistForgot } = started ?? {};
  return login && signUp && forgot && artistLogin && artistForgot
    ? { login, signUp, forgot, artistLogin, artistForgot }
    : null;
}

/**
 * The forms of the account modals and the artist's login pages, null until a modal or page first
 * needs them and their code has loaded (show the frame meanwhile). `failed`: that code did not load
 * (`retry` tries again).
 */
export function useAuthForms(): { forms: AuthForms | null; failed: boolean; retry: () => void } {
  const dialogs = useDialogsActor();
  const formsActor = useSelector(dialogs ?? undefined, (s) => s?.children[authFormsId] as AuthFormsActor | undefined);
  // The forms run under its lazy child, which loads their code (machines/lazy-child.machine.ts).
  const lazyForms = useSelector(formsActor, (s) => s?.children.forms);
  const started = useSelector(lazyForms, (s) => s?.context.children);
  const forms = useMemo(() => formsOf(started), [started]);
  const failed = useSelector(lazyForms, (s) => s?.hasTag('failed') ?? false);
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
  // The modals' lazy child is read itself: its changes do not change the root's snapshot.
  const lazyDialogs = useSelector(root, (s) => s.children.lazyDialogs);
  const dialogsFailed = useSelector(lazyDialogs, (s) => s?.hasTag('failed') ?? false);
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
