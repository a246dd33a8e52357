import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { MailArea } from '../../contracts/mail';
import { mailPreferencesMachine } from '../../machines/mail-preferences.machine';
import { mailPreferencesApi } from '../api/mail-preferences.api';
import { useAppActors } from './hooks';

/** The mail preferences flow of one area's account settings, wired to that area's API. */
export function useMailPreferencesActor(area: MailArea) {
  const { api } = useAppActors();
  const machine = useMemo(() => {
    const calls = () => mailPreferencesApi(api.for(area));
    return mailPreferencesMachine.provide({
      actors: {
        loadPreferences: fromPromise(() => calls().get()),
        savePreferences: fromPromise(({ input }) => calls().save(input)),
      },
    });
  }, [api, area]);
  return useActorRef(machine);
}
