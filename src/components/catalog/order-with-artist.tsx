import { useOrderSong, usePreselectArtist } from '../../actors/hooks';
import { Button } from '../ui/button';

/** "Order with this artist": the draft preselects the artist for the song step, then ordering starts. */
export function OrderWithArtistButton({ artistId, size = 'md' }: { artistId: string; size?: 'sm' | 'md' | 'lg' }) {
  const preselect = usePreselectArtist();
  const orderSong = useOrderSong();
  return (
    <Button
      size={size}
      onClick={() => {
        preselect(artistId);
        orderSong();
      }}
    >
      Order with this artist
    </Button>
  );
}
