import { useAppActors, useOrderSong } from '../../actors/hooks';
import { Button } from '../ui/button';

/** "Order with this artist": the draft preselects the artist for the song step, then ordering starts. */
export function OrderWithArtistButton({ artistId, size = 'md' }: { artistId: string; size?: 'sm' | 'md' | 'lg' }) {
  const { orderDraft } = useAppActors();
  const orderSong = useOrderSong();
  return (
    <Button
      size={size}
      onClick={() => {
        orderDraft.send({ type: 'artists.preselect', id: artistId });
        orderSong();
      }}
    >
      Order with this artist
    </Button>
  );
}
