import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { css } from 'styled-system/css';
import type { AdminOrder } from '../../contracts/lifecycle';
import { buttonRecipe } from '../components/ui/button';
import { ListFooter } from '../components/ui/list-footer';
import { AdminListPage } from './admin-list-toolbar';
import { useValidationQueue } from './admin-lists';
import { formatDateTime, formatDay, formatDeadline, occasionLabel } from './orders-format';
import { Badge, ListState, OverdueBadge, panel } from './paged-list';

// The server lists a stage by due date, then id: the oldest due comes first, and the pages follow that
// order, so the queue is shown as it arrives (sorting here would break "Show more").

/** /admin/validation: recordings waiting for validation, each opening the review. */
export function ValidationQueuePage() {
  const list = useValidationQueue();
  const listRef = useRef<HTMLUListElement>(null);
  return (
    <AdminListPage
      narrow
      title="Validation queue"
      intro="Recordings the artists submitted, the oldest due first. Listen, check the name and the lyrics, then validate or ask for a revision."
    >
      <ListState list={list} loadingText="Loading the queue…" emptyText="No recordings are waiting for validation." />
      {list.items.length > 0 ? (
        <ul ref={listRef} aria-label="Recordings waiting for validation" className={css({ display: 'grid', gap: '3' })}>
          {list.items.map((order) => (
            <QueueEntry key={order.id} order={order} />
          ))}
        </ul>
      ) : null}
      <ListFooter list={list} noun="recording" listRef={listRef} />
    </AdminListPage>
  );
}

function QueueEntry({ order }: { order: AdminOrder }) {
  const titleId = `queue-${order.id}`;
  const revision = (order.recording?.version ?? 1) > 1;
  return (
    <li data-testid="queue-entry" className={`${panel} ${css({ p: '4' })}`}>
      <article
        aria-labelledby={titleId}
        className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4' })}
      >
        <div className={css({ flex: '1', minW: '16rem' })}>
          <h2 id={titleId} className={css({ fontWeight: 'bold', fontSize: 'lg' })}>
            {order.reference} · {occasionLabel(order.occasion_name)} song for {order.recipient_first_name}
          </h2>
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
            By {order.artist?.stage_name ?? 'an artist'} · submitted {formatDateTime(order.recording?.uploaded_at)}
          </p>
          <p className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', mt: '1' })}>
            <span className={css({ fontSize: 'sm' })}>
              Due {order.due_at ? formatDeadline(order.due_at) : formatDay(order.needed_by)}
            </span>
            {order.overdue ? <OverdueBadge /> : null}
            {revision ? <Badge tone="info">{`Revision · version ${order.recording?.version}`}</Badge> : null}
          </p>
        </div>
        <Link
          to="/admin/orders/$id"
          params={{ id: order.id }}
          search={{ from: 'validation' }}
          className={buttonRecipe({ color: 'primary', size: 'sm' })}
          aria-label={`Review ${order.reference}`}
          data-row-link
        >
          Review
        </Link>
      </article>
    </li>
  );
}
