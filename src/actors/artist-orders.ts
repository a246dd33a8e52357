import type { ArtistOrder, ArtistStage } from '../../contracts/lifecycle';
import { artistOrdersApi } from '../api/artist-orders.api';
import { useAppActors } from './hooks';
import { useOrderList } from './use-order-list';

/** One of the artist's order screens: the stage's orders, a page at a time (a new offer list drops closed offers). */
export function useArtistStageOrders(stage: ArtistStage) {
  const { api } = useAppActors();
  return useOrderList<ArtistOrder>((cursor) => artistOrdersApi(api.for('artist')).list(stage, cursor), {
    removesClosedOffers: stage === 'new',
  });
}
