import { useSelector } from '@xstate/react';
import { lazy, Suspense, useRef } from 'react';
import { useAppActors } from '../../actors/hooks';
import { DialogFrame } from '../ui/loading-frame';

// The account modals (login, sign-up with its country picker, forgot password, sign-out) load when one
// first opens: most visitors never open one, and the country list and dialog code are a large part of
// the app. Once loaded the host stays mounted, so its forms keep their state between openings.

const Host = lazy(async () => ({ default: (await import('./auth-dialogs-host')).AuthDialogsHost }));

export function AuthDialogsHost() {
  const { dialogs } = useAppActors();
  const open = useSelector(dialogs, (s) => !s.matches('closed'));
  // A latch, not flow state: the host must not unmount again once it has been needed.
  const needed = useRef(false);
  if (open) needed.current = true;
  if (!needed.current) return null;
  return (
    <Suspense fallback={open ? <DialogFrame label="Loading" /> : null}>
      <Host />
    </Suspense>
  );
}
