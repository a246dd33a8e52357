import { createFileRoute } from '@tanstack/react-router';
import { useOrderSong } from '../actors/hooks';
import { FeaturedArtists } from '../components/catalog/featured-artists';
import { HomePage } from '../pages/home-page';

export const Route = createFileRoute('/')({
  staticData: { pageTitle: 'Personalised songs for the people you love', name: 'home' },
  component: function Home() {
    return <HomePage onOrderSong={useOrderSong()} featuredArtists={<FeaturedArtists />} />;
  },
});
