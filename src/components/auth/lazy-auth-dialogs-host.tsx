import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { hasOpenModal } from '../../../machines/app.machine';
import { useAppActors, useDialogsActor } from '../../actors/hooks';
import { DialogFrame } from '../ui/loading-frame';

// The account modals (login, sign-up with its country picker, forgot password, sign-out) load when one
// first opens: most visitors never open one. The modals' machine and this host's code load side by
// side; the frame shows meanwhile. Once loaded the host stays mounted, so its forms keep their state
// between openings.

const loadHost = () => import('./auth-dialogs-host');
const Host = lazy(async () => ({ default: (await loadHost()).AuthDialogsHost }));

export function AuthDialogsHost() {
  const { root } = useAppActors();
  const dialogs = useDialogsActor();
  // Before the modals run: what they were told leaves one opening. Their lazy child holds it, so the
  // answer is read again whenever that child changes (the root's own snapshot does not).
  const lazyDialogs = useSelector(root, (s) => s.children.lazyDialogs);
  const opening = useSelector(lazyDialogs, () => {
    const snapshot = root.getSnapshot();
    return snapshot.context.dialogs === null && hasOpenModal(snapshot);
  });
  const open = useSelector(dialogs ?? undefined, (s) => s?.hasTag('open') ?? false) || opening;
  useEffect(() => {
    if (opening) void loadHost();
  }, [opening]);
  // A latch, not flow state: the host must not unmount again once it has been needed.
  const needed = useRef(false);
  if (open) needed.current = true;
  if (!needed.current) return null;
  if (!dialogs) return opening ? <DialogFrame label="Loading" /> : null;
  return (
    <Suspense fallback={open ? <DialogFrame label="Loading" /> : null}>
      <Host dialogs={dialogs} />
    </Suspense>
  );
}
