import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import * as v from 'valibot';
import { socialRegisterSchema } from '../../../contracts/account';
import { useAppActors } from '../../actors/hooks';
import { navigateTo } from '../../actors/navigation';

/** The `register` parameter: JSON, URI-encoded or base64(url)-encoded. Undecodable → null. */
export function decodeSocialRegister(raw: string): v.InferOutput<typeof socialRegisterSchema> | null {
  const attempts = [
    () => raw,
    () => decodeURIComponent(raw),
    () =>
      new TextDecoder().decode(
        Uint8Array.from(atob(raw.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)),
      ),
  ];
  for (const attempt of attempts) {
    try {
      const parsed = v.safeParse(socialRegisterSchema, JSON.parse(attempt()));
      if (parsed.success) return parsed.output;
    } catch {
      // try the next encoding
    }
  }
  return null;
}

/** SPEC §4 social login and sign-up returns, read from the address once per value. */
export function SocialReturnHandler() {
  const { session, root } = useAppActors();
  const search = useRouterState({ select: (s) => s.location.searchStr });
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!search || handled.current === search) return;
    const params = new URLSearchParams(search);
    const login = params.get('login');
    const register = params.get('register');
    if (login === null && register === null) return;
    handled.current = search;
    if (login !== null) {
      session.send({ type: 'social.loginReturned', value: login });
      return;
    }
    const prefill = register === null ? null : decodeSocialRegister(register);
    if (!prefill) {
      navigateTo('/', { replace: true });
      return;
    }
    navigateTo(window.location.pathname, { replace: true });
    root.send({ type: 'dialog.openSignUp', prefill });
  }, [search, session, root]);

  return null;
}
