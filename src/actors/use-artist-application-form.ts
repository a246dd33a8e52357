import { useActorRef } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { artistApplicationMachine, type SubmitApplicationInput } from '../../machines/artist-application.machine';
import { notify } from '../components/ui/toaster';
import { submitApplication } from './application.api';

/**
 * The public artist application (docs/architecture.md §5) with its submit call and toasts; `focusField` is the view's
 * (it owns the DOM) and is told which field's error to focus.
 */
export function useArtistApplicationForm(focusField: (name: string) => void) {
  const focusRef = useRef(focusField);
  focusRef.current = focusField;
  const machine = useMemo(
    () =>
      artistApplicationMachine.provide({
        actors: {
          submitApplication: fromPromise(({ input }: { input: SubmitApplicationInput }) => submitApplication(input)),
        },
        actions: {
          showErrorToast: (_, p) => notify.error(p.message),
          focusFirstError: (_, p) => focusRef.current(p.name),
        },
      }),
    [],
  );
  return useActorRef(machine, { input: {} });
}
