import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { SnapshotFrom } from 'xstate';
import { fromPromise } from 'xstate';
import type { SupportField } from '../../machines/support-request.machine';
import { type SupportMode, supportRequestMachine } from '../../machines/support-request.machine';
import { apiBaseFor, createClient } from '../api/client';
import { supportApi } from '../api/support.api';
import { useAppActors, useSessionView } from './hooks';
import { useResource } from './use-resource';

// Help within reach wired to the API: the address people may write to (SUPPORT_EMAIL, from the server)
// and the support form's machine. The contact page, the legal pages and the order page only read and send.

/** A client without a token: a guest's call, or one a signed-in artist must not have judged by their session. */
const guestSupport = () =>
  supportApi(createClient(apiBaseFor('user'), { getToken: () => null, onUnauthorized: () => {} }));

let contactOnce: Promise<string> | undefined;
/** The address, fetched once per visit (it changes only with the server's configuration). */
function loadSupportEmail(): Promise<string> {
  contactOnce ??= guestSupport()
    .contact()
    .then((c) => c.email)
    .catch((error: unknown) => {
      contactOnce = undefined;
      throw error;
    });
  return contactOnce;
}

/** SUPPORT_EMAIL, or null until it has loaded (pages show the contact page link meanwhile). */
export function useSupportEmail(): string | null {
  return useResource(loadSupportEmail, 'support-email').data;
}

/** What the form shows of the machine. */
function connectSupportForm(snapshot: SnapshotFrom<typeof supportRequestMachine>) {
  const { fields, errors, formError, sentMessage, identityFixed } = snapshot.context;
  return {
    open: snapshot.hasTag('open'),
    busy: snapshot.hasTag('busy'),
    sent: snapshot.hasTag('sent'),
    fields,
    errors,
    formError,
    sentMessage,
    identityFixed,
    errorsOf: (name: SupportField): string[] => errors[name] ?? [],
  };
}

/**
 * The support form: the contact page (`page`) or "Report a problem" on an order. A signed-in customer
 * writes under their account (the token goes with the call); anyone else as a guest.
 */
export function useSupportForm(mode: SupportMode) {
  const { api } = useAppActors();
  const { user } = useSessionView();
  const customer = user?.type === 'user' ? user : null;
  const machine = useMemo(
    () =>
      supportRequestMachine.provide({
        actors: {
          sendRequest: fromPromise(({ input }) =>
            (customer ? supportApi(api.for('user')) : guestSupport()).send(input),
          ),
        },
      }),
    [api, customer],
  );
  const actor = useActorRef(machine, {
    input: { mode, identity: customer ? { name: customer.full_name, email: customer.email } : null },
  });
  const view = useSelector(actor, connectSupportForm);
  return { view, send: actor.send };
}

export type SupportFormSend = ReturnType<typeof useSupportForm>['send'];
export type SupportFormView = ReturnType<typeof useSupportForm>['view'];
