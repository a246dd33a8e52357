import { createFileRoute } from '@tanstack/react-router';
import { SimplePage } from '../components/layout/simple-page';

export const Route = createFileRoute('/artists')({
  staticData: { pageTitle: 'Artists', name: 'artists' },
  component: function Artists() {
    return (
      <SimplePage title="Our artists" lead="Singer-songwriters who write and record a song just for your occasion.">
        <p>
          Every artist on Labsongs has been reviewed by our team. Choose up to three when you order; the first to accept
          writes your song.
        </p>
      </SimplePage>
    );
  },
});
