// The customer's order draft with the app's implementations: the temp-order calls, docs/product.md §9's storage,
// the step pages and the payment page. The root loads this module when a page first needs the draft
// (machines/app.machine.ts, `lazyDraft`), so a visitor who never orders never downloads it.
import { fromPromise } from 'xstate';
import { appActorIds } from '../../machines/app.machine';
import { type LoadedChildren, toStart } from '../../machines/lazy-child.machine';
import { orderDraftMachine, readDraftInput } from '../../machines/order-draft.machine';
import { orderStepPaths } from '../../machines/order-steps';
import type { Api } from '../api/client';
import { orderApi } from '../api/order.api';
import { notify } from '../components/ui/toaster';
import { storage } from '../lib/storage';
import { clearStoredDraft, readStoredDraft } from './draft-storage';
import { navigateTo } from './navigation';

export function orderDraftToStart(api: Api): LoadedChildren {
  const orders = () => orderApi(api.for('user'));
  const logic = orderDraftMachine.provide({
    actors: {
      loadTempOrder: fromPromise(({ input }) => orders().get(input.orderId)),
      loadCurrentDraft: fromPromise(() => orders().current()),
      discardTempOrder: fromPromise(({ input }) => orders().discard(input.orderId)),
      createTempOrder: fromPromise(({ input }) => orders().create(input)),
      saveOccasion: fromPromise(({ input }) => orders().saveStep(input.orderId, 'occasion', input.values)),
      saveSong: fromPromise(({ input }) => orders().saveStep(input.orderId, 'song', input.values)),
      saveStory: fromPromise(({ input }) => orders().saveStep(input.orderId, 'story', input.values)),
      commitOrder: fromPromise(({ input }) => orders().commit(input.orderId)),
      startCheckout: fromPromise(({ input }) => orders().checkout(input.orderId, input.paymentMethod)),
    },
    actions: {
      // docs/product.md §9 keys: the step flags, the pending-order flag, checkout pending and the draft itself.
      persistDraft: (_, p) => {
        storage.setJson('completedSteps', p.completedSteps);
        storage.set('hasPendingOrder', String(p.hasPendingOrder));
        storage.set('checkoutPending', String(p.checkoutPending));
        storage.setJson('tempOrder', p.tempOrder);
      },
      clearStoredDraft,
      goToStep: (_, p) => navigateTo(orderStepPaths[p.step]),
      leaveForPayment: (_, p) => window.location.assign(p.url),
      showErrorToast: (_, p) => notify.error(p.message),
    },
  });
  // The draft as stored when it starts (the root tells it who is signed in); the artist an earlier
  // page preselected is taken once.
  // It starts as a guest's: the root tells it at once who is signed in (session.loggedIn).
  const input = { ...readDraftInput(readStoredDraft()), guest: true };
  storage.set('preselectedArtist', null);
  return { [appActorIds.orderDraft]: toStart(logic, input) };
}
