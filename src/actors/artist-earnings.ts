import type { EarningLine, Payout } from '../../contracts/lifecycle';
import { artistEarningsApi } from '../api/artist-earnings.api';
import { useAppActors } from './hooks';
import { useOrderList } from './use-order-list';
import { useResource } from './use-resource';

/** /artist/earnings: the totals and the monthly chart (GET /earnings). */
export function useArtistEarnings() {
  const { api } = useAppActors();
  return useResource(() => artistEarningsApi(api.for('artist')).summary(), 'earnings');
}

/** The earning lines, a page at a time (pagedListMachine). */
export function useEarningLines() {
  const { api } = useAppActors();
  return useOrderList<EarningLine>((cursor) => artistEarningsApi(api.for('artist')).lines(cursor));
}

/** The payout history, a page at a time (pagedListMachine). */
export function usePayoutHistory() {
  const { api } = useAppActors();
  return useOrderList<Payout>((cursor) => artistEarningsApi(api.for('artist')).payouts(cursor));
}
