import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { countOf, formatDeadline, formatPesosWithCentavos } from '../../../contracts/format';
import { useSessionView } from '../../actors/hooks';
import { useArtistDashboard } from '../../actors/screens';
import { SimplePage } from '../layout/simple-page';
import { Button } from '../ui/button';
import { ArtistReviews } from './artist-reviews';

const stageLinks = [
  { key: 'song_orders', label: 'New song orders', to: '/artist/song-orders' },
  { key: 'ongoing', label: 'Ongoing', to: '/artist/ongoing' },
  { key: 'validation', label: 'For validation', to: '/artist/validation' },
  { key: 'revision', label: 'For revision', to: '/artist/revision' },
  { key: 'completed', label: 'Completed', to: '/artist/completed' },
] as const;

const card = css({
  bg: 'white',
  borderRadius: 'xl',
  p: '5',
  boxShadow: 'sm',
  borderWidth: '1px',
  borderColor: 'border.default',
});

/** /artist/dashboard: the artist's status, earnings and order counts by stage, followed live. */
export function ArtistDashboard() {
  const { user } = useSessionView();
  const { data, loading, failed, error, retry } = useArtistDashboard();
  if (!user) return null;
  if (loading) return <p role="status">Loading your dashboard…</p>;
  if (failed || !data)
    return (
      <SimplePage title="We could not load your dashboard" lead={error ?? undefined}>
        <div>
          <Button color="secondary" onClick={retry}>
            Try again
          </Button>
        </div>
      </SimplePage>
    );
  return (
    <div className={css({ display: 'grid', gap: '6' })}>
      <h2 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>Welcome, {user.first_name}</h2>
      <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' } })}>
        <section aria-labelledby="status-title" className={card}>
          <h3 id="status-title" className={css({ color: 'fg.muted', fontSize: 'sm' })}>
            Status
          </h3>
          <p className={css({ fontSize: '2xl', fontWeight: 'bold' })} data-testid="dashboard-online">
            {user.is_online ? 'Online' : 'Offline'}
          </p>
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
            {user.is_online
              ? 'Customers can find you on the artist page.'
              : 'Go online with the switch at the top to take orders.'}
          </p>
        </section>
        <section aria-labelledby="earnings-title" className={card}>
          <h3 id="earnings-title" className={css({ color: 'fg.muted', fontSize: 'sm' })}>
            Earnings this month
          </h3>
          <p className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
            {formatPesosWithCentavos(data.earnings_this_month)}
          </p>
          <Link to="/artist/earnings" className={css({ color: 'brand.700', fontSize: 'sm' })}>
            See earnings
          </Link>
        </section>
        <section aria-labelledby="rating-title" className={card}>
          <h3 id="rating-title" className={css({ color: 'fg.muted', fontSize: 'sm' })}>
            Rating
          </h3>
          <p className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
            {data.rating === null ? '—' : `${data.rating.toFixed(1)} ★`}
          </p>
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
            {data.rating_count === 0 ? 'No ratings yet' : countOf(data.rating_count, 'rating')}
          </p>
        </section>
      </div>
      <section aria-labelledby="orders-title" className={card}>
        <h3 id="orders-title" className={css({ fontWeight: 'bold', mb: '3' })}>
          Orders
        </h3>
        <ul
          className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(5, 1fr)' } })}
        >
          {stageLinks.map((s) => (
            <li key={s.key}>
              <Link
                to={s.to}
                className={css({
                  display: 'block',
                  p: '3',
                  borderRadius: 'lg',
                  bg: 'bg.subtle',
                  textDecoration: 'none',
                  color: 'fg.default',
                  _hover: { bg: 'brand.50' },
                })}
              >
                <span className={css({ display: 'block', fontSize: '2xl', fontWeight: 'bold' })}>
                  {data.counts[s.key]}
                </span>
                <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{s.label}</span>
              </Link>
            </li>
          ))}
        </ul>
        <p className={css({ mt: '4', color: 'fg.muted' })}>
          {data.next_due
            ? `Next due: ${data.next_due.reference} by ${formatDeadline(data.next_due.due_at)}`
            : 'No orders due.'}
        </p>
      </section>
      <ArtistReviews />
    </div>
  );
}
