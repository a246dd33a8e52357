import { createFileRoute } from '@tanstack/react-router';
import { useSessionView } from '../actors/hooks';
import { SimplePage } from '../components/layout/simple-page';

export const Route = createFileRoute('/order/occasion')({
  staticData: { pageTitle: 'Order a song: the occasion', name: 'order.occasion', authUser: 'user' },
  component: function OrderOccasion() {
    const { user } = useSessionView();
    return (
      <SimplePage
        title="Tell us about the occasion"
        lead={`Step 1 of 5${user ? ` · ordering as ${user.full_name}` : ''}`}
      >
        <p>Who is the song for, and what are you celebrating? The artist will use it to write your song.</p>
      </SimplePage>
    );
  },
});
