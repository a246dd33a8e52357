// The order draft's docs/product.md §9 keys in local storage. The draft reads and writes them once it runs
// (order-draft.ts); a logout clears them whether or not a page has started the draft.
import { storage } from '../lib/storage';

/** What the draft starts from: its keys as stored (order-draft.machine.ts's readDraftInput checks them). */
export function readStoredDraft() {
  return {
    completedSteps: storage.getJson('completedSteps'),
    hasPendingOrder: storage.getJson('hasPendingOrder'),
    checkoutPending: storage.getJson('checkoutPending'),
    tempOrder: storage.getJson('tempOrder'),
    preselectedArtist: storage.get('preselectedArtist'),
  };
}

/** Everything the order draft keeps locally; cleared on logout. */
export function clearStoredDraft(): void {
  for (const key of ['tempOrder', 'completedSteps', 'hasPendingOrder', 'checkoutPending'] as const)
    storage.set(key, null);
}
