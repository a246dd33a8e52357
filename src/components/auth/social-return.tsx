import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useAppActors } from '../../actors/hooks';
import { navigateTo } from '../../actors/navigation';

/** docs/product.md §4 social login and sign-up returns, read from the address once per value. */
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
    if (register === null) return;
    // The decoding comes with the first social sign-up return; the modal it opens loads its code anyway.
    import('./social-register').then(
      ({ decodeSocialRegister }) => {
        const prefill = decodeSocialRegister(register);
        if (!prefill) {
          navigateTo('/', { replace: true });
          return;
        }
        navigateTo(window.location.pathname, { replace: true });
        root.send({ type: 'dialog.openSignUp', prefill });
      },
      // Offline or replaced by a new release: the sign-up modal opens empty, and says so itself if its
      // own code cannot load either.
      () => root.send({ type: 'dialog.openSignUp' }),
    );
  }, [search, session, root]);

  return null;
}
