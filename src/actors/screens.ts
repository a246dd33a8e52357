import { artistApi } from '../api/artist.api';
import { catalogApi } from '../api/catalog.api';
import { customerApi } from '../api/customer.api';
import { useAppActors } from './hooks';
import { useResource } from './use-resource';

// One-thing screens load through the keyed resource (its actor restarts when the key changes); the
// route keeps the URL (params, search) and passes what it read.

/** /artist/dashboard: the counts, followed live for orders, offers and payouts. */
export function useArtistDashboard() {
  const { api } = useAppActors();
  return useResource(() => artistApi(api.for('artist')).dashboard(), 'dashboard', {
    kinds: ['order', 'offer', 'payout'],
  });
}

/** /customer/account/order-history, all orders or one transaction's (`?transaction=`), followed live. */
export function useCustomerOrderHistory(transaction: string | undefined) {
  const { api } = useAppActors();
  return useResource(() => customerApi(api.for('user')).orders(transaction), transaction ?? 'all', {
    kinds: ['order', 'offer', 'refund'],
  });
}

/** /customer/account/payment-history. */
export function useCustomerPayments() {
  const { api } = useAppActors();
  return useResource(() => customerApi(api.for('user')).payments(), 'payments');
}

/** /artist/$id: the public artist profile. */
export function usePublicArtist(id: string) {
  const { api } = useAppActors();
  return useResource(() => catalogApi(api.for('user')).artist(id), id);
}
