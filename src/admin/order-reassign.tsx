import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { css } from 'styled-system/css';
import { type AdminOrder, REASSIGN_REASON_MIN } from '../../contracts/lifecycle';
import { allowedEvents } from '../../machines/order-lifecycle';
import { TextAreaField } from '../components/artist-application/text-area-field';
import { Button } from '../components/ui/button';
import { TextField } from '../components/ui/field';
import { Modal } from '../components/ui/modal';
import { orderReassignLogic } from './order-reassign.actors';
import { panel } from './paged-list';

const muted = css({ color: 'fg.muted' });

/** Why the order may change hands, as the panel says it. */
function whyText(order: AdminOrder): string {
  const artist = order.artist?.stage_name ?? 'The artist';
  if (order.status === 'needs_artist') return 'No artist has this order. You can offer it to an artist of your choice.';
  if (order.lifecycle.artist_away)
    return `${artist} has left or is suspended, so nobody can revise or finish this order. Give it to another artist: a revision cannot be asked of them.`;
  return `This order is overdue. You can take it from ${artist} and offer it to another artist.`;
}

/**
 * Giving the order to another artist: offered when the lifecycle machine lets an admin reassign it (it
 * needs an artist, the work is overdue, or its artist left or was suspended). The dialog searches
 * approved, active artists and asks why (kept in the order's history).
 */
export function OrderReassign({ order, onChanged }: { order: AdminOrder; onChanged: () => void }) {
  const changedRef = useRef(onChanged);
  changedRef.current = onChanged;
  const machine = useMemo(() => orderReassignLogic(() => changedRef.current()), []);
  const actor = useActorRef(machine, { input: { orderId: order.id } });
  const open = useSelector(actor, (s) => s.hasTag('dialogOpen'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const searching = useSelector(actor, (s) => s.hasTag('searching'));
  const { query, candidates, searchError, chosen, reason, errors } = useSelector(actor, (s) => s.context);

  if (!allowedEvents(order.lifecycle, 'admin', { overdue: order.overdue }).includes('admin_reassigned')) return null;
  const current = order.artist?.id;
  const choices = candidates.filter((a) => a.user_id !== current);
  const chooseError = errors.artist_id?.[0];
  return (
    <div
      data-testid="order-reassign"
      className={`${panel} ${css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', p: '4' })}`}
    >
      <p className={css({ flex: '1', minW: '12rem' })}>{whyText(order)}</p>
      <Button color="primary" onClick={() => actor.send({ type: 'user.open' })}>
        Give to another artist
      </Button>
      <Modal
        open={open}
        onClose={() => actor.send({ type: 'user.dismiss' })}
        title="Give to another artist"
        description={`${order.reference} becomes an offer to the artist you choose; they have the usual time to accept. The customer is told by mail.`}
        staticBackdrop={busy}
        footer={
          <>
            <Button color="text" onClick={() => actor.send({ type: 'user.dismiss' })} disabled={busy}>
              Cancel
            </Button>
            <Button color="primary" onClick={() => actor.send({ type: 'user.confirm' })} loading={busy}>
              Offer the order
            </Button>
          </>
        }
      >
        <form
          aria-label="Find an artist"
          noValidate
          className={css({ display: 'flex', gap: '2', alignItems: 'flex-end', flexWrap: 'wrap' })}
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'user.search' });
          }}
        >
          <div className={css({ flex: '1', minW: '10rem' })}>
            <TextField
              label="Search artists"
              name="artist-search"
              type="search"
              autoComplete="off"
              value={query}
              hint="Stage name, name or email"
              onValueChange={(value) => actor.send({ type: 'query.changed', value })}
            />
          </div>
          <Button type="submit" color="secondary" loading={searching} className={css({ mb: '4' })}>
            Search
          </Button>
        </form>
        <fieldset aria-describedby={chooseError ? 'reassign-choice-error' : undefined}>
          <legend className={css({ fontWeight: 'semibold', mb: '2' })}>Approved, active artists</legend>
          {chooseError ? (
            <p id="reassign-choice-error" role="alert" className={css({ color: 'danger.fg', mb: '2' })}>
              {chooseError}
            </p>
          ) : null}
          {searching ? (
            <p role="status" className={muted}>
              Searching…
            </p>
          ) : searchError ? (
            <p role="alert">{searchError}</p>
          ) : choices.length === 0 ? (
            <p className={muted}>No approved, active artist matches.</p>
          ) : (
            <ul className={css({ display: 'grid', gap: '1', maxH: '16rem', overflowY: 'auto' })}>
              {choices.map((artist) => (
                <li key={artist.user_id}>
                  <label
                    className={css({
                      display: 'flex',
                      gap: '2',
                      alignItems: 'center',
                      p: '2',
                      borderRadius: 'md',
                      cursor: 'pointer',
                      _hover: { bg: 'gray.50' },
                    })}
                  >
                    <input
                      type="radio"
                      name="reassign-artist"
                      value={artist.user_id}
                      checked={chosen === artist.user_id}
                      onChange={() => actor.send({ type: 'artist.chosen', id: artist.user_id })}
                    />
                    <span className={css({ overflowWrap: 'anywhere' })}>
                      <span className={css({ fontWeight: 'semibold' })}>{artist.stage_name ?? artist.name}</span>{' '}
                      <span className={muted}>
                        · {artist.email}
                        {artist.is_online ? ' · online' : ' · offline'}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <form
          aria-label="Reason"
          noValidate
          className={css({ mt: '4' })}
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'user.confirm' });
          }}
        >
          <TextAreaField
            label="Why does the order change hands?"
            name="reason"
            value={reason}
            errors={errors.reason ?? []}
            hint={`At least ${REASSIGN_REASON_MIN} characters. Kept in the order's history; not sent to the customer.`}
            maxLength={500}
            onValueChange={(value) => actor.send({ type: 'reason.changed', value })}
          />
        </form>
      </Modal>
    </div>
  );
}
