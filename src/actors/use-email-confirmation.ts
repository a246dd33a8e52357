import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { emailConfirmationMachine } from '../../machines/email-confirmation.machine';
import { emailConfirmationApi } from '../api/email-confirmation.api';
import { useAppActors } from './hooks';

// The email confirmation wired to the API: the /confirm-email page (a token) and the account page's
// reminder (none). The views only read the view below and send user.resend.

function connectEmailConfirmation(snapshot: SnapshotFrom<typeof emailConfirmationMachine>) {
  return {
    state: snapshot.value as string,
    busy: snapshot.hasTag('busy'),
    canResend: snapshot.hasTag('canResend'),
    email: snapshot.context.email,
    message: snapshot.context.message,
  };
}

export function useEmailConfirmation(token: string | null) {
  const { api } = useAppActors();
  const machine = useMemo(() => {
    const calls = () => emailConfirmationApi(api.for('user'));
    return emailConfirmationMachine.provide({
      actors: {
        confirm: fromPromise(({ input }) => calls().confirm(input.token)),
        loadState: fromPromise(() => calls().state()),
        resend: fromPromise(() => calls().resend()),
      },
    });
  }, [api]);
  const actor = useActorRef(machine, { input: { token } });
  return { view: useSelector(actor, connectEmailConfirmation), send: actor.send };
}
