import { useOrderSong } from '../../actors/hooks';
import { storage } from '../../lib/storage';
import { Button } from '../ui/button';

/** "Order with this artist": remembers the choice for the order flow's song step, then starts ordering. */
export function OrderWithArtistButton({ artistId, size = 'md' }: { artistId: string; size?: 'sm' | 'md' | 'lg' }) {
  const orderSong = useOrderSong();
  return (
    <Button
      size={size}
      onClick={() => {
        storage.set('preselectedArtist', artistId);
        orderSong();
      }}
    >
      Order with this artist
    </Button>
  );
}
