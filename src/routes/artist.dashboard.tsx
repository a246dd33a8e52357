import { createFileRoute } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { useSessionView } from '../actors/hooks';

const statusText: Record<string, string> = {
  incomplete: 'Your application is not finished yet.',
  for_review: 'Your application is with our team for review.',
  approved: 'Your account is approved.',
  rejected: 'Your application needs changes before it can be approved.',
};

export const Route = createFileRoute('/artist/dashboard')({
  staticData: { pageTitle: 'Dashboard', name: 'artist.dashboard', authUser: 'artist', layout: 'artist' },
  component: function ArtistDashboard() {
    const { user } = useSessionView();
    if (!user) return null;
    return (
      <section
        aria-labelledby="dashboard-welcome"
        className={css({ bg: 'white', borderRadius: 'xl', p: '6', boxShadow: 'sm' })}
      >
        <h2 id="dashboard-welcome" className={css({ fontSize: 'xl', fontWeight: 'bold' })}>
          Welcome, {user.first_name}
        </h2>
        <p className={css({ mt: '2', color: 'fg.muted' })} data-testid="artist-status">
          {statusText[user.app_status ?? ''] ?? ''} You are {user.is_online ? 'online' : 'offline'}.
        </p>
      </section>
    );
  },
});
