import { createFileRoute } from '@tanstack/react-router';
import { GiftPage } from '../components/gift/gift-page';

export const Route = createFileRoute('/gift/$token')({
  // Public: the recipient needs no account. The page asks search engines not to list it.
  staticData: { pageTitle: 'A song for you', name: 'gift', layout: 'main' },
  component: function Gift() {
    const { token } = Route.useParams();
    return <GiftPage key={token} token={token} />;
  },
});
