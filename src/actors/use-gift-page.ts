import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { connectGiftPage } from '../../machines/gift-page.connect';
import { giftPageMachine } from '../../machines/gift-page.machine';
import { apiBaseFor, createClient } from '../api/client';
import { giftApi } from '../api/customer-orders.api';
import { notify } from '../components/ui/toaster';

/**
 * The gift page's machine. Its calls go without a token: the page is public, and a visitor signed
 * in to another area must not have their session judged by it.
 */
export function useGiftPage(token: string) {
  const machine = useMemo(() => {
    const gifts = giftApi(createClient(apiBaseFor('user'), { getToken: () => null, onUnauthorized: () => {} }));
    return giftPageMachine.provide({
      actors: {
        loadGift: fromPromise(({ input }) => gifts.gift(input.token)),
        sendThanks: fromPromise(({ input }) => gifts.sendThanks(input.token, input.body)),
      },
      actions: { showErrorToast: (_, p) => notify.error(p.message) },
    });
  }, []);
  const actor = useActorRef(machine, { input: { token } });
  const view = useSelector(actor, connectGiftPage);
  return { view, send: actor.send };
}

export type GiftPageSend = ReturnType<typeof useGiftPage>['send'];
