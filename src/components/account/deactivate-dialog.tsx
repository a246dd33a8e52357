import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import type { ActorRefFrom } from 'xstate';
import type { DeactivationPreview } from '../../../contracts/account-care';
import { formatDate, formatPeso } from '../../../contracts/format';
import { openWorkLabels } from '../../../contracts/operations';
import { occasions } from '../../../contracts/order';
import type { accountDeactivationMachine } from '../../../machines/account-deactivation.machine';
import { Button } from '../ui/button';
import { PasswordField } from '../ui/field';
import { Modal } from '../ui/modal';

const muted = css({ color: 'fg.muted' });
const item = css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '2' });
const occasionOf = (value: string) => occasions.find((o) => o.value === value)?.display ?? value;

/**
 * The question before deactivating (customer or artist): what happens to the orders in progress and
 * to an artist's earnings, the 30 days to change one's mind, and the current password. Reads and sends only.
 */
export function DeactivateDialog({
  actor,
  area,
}: {
  actor: ActorRefFrom<typeof accountDeactivationMachine>;
  area: 'user' | 'artist';
}) {
  const open = useSelector(actor, (s) => s.hasTag('open'));
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.matches('loadFailed'));
  const { preview, loadError, password, errors } = useSelector(actor, (s) => s.context);
  const cancel = () => actor.send({ type: 'user.cancel' });
  return (
    <Modal
      open={open}
      role="alertdialog"
      onClose={cancel}
      title="Deactivate your account?"
      description={
        area === 'artist'
          ? 'You will be signed out, go offline and no longer show to customers.'
          : 'You will be signed out and cannot use your account until you restore it.'
      }
      staticBackdrop={busy}
      footer={
        <>
          <Button color="text" onClick={cancel} disabled={busy}>
            Cancel
          </Button>
          {failed ? (
            <Button color="secondary" onClick={() => actor.send({ type: 'user.retry' })}>
              Try again
            </Button>
          ) : (
            <Button color="danger" type="submit" form="deactivate-form" loading={busy} disabled={loading}>
              Deactivate
            </Button>
          )}
        </>
      }
    >
      {loading ? (
        <p role="status" className={muted}>
          Checking your orders…
        </p>
      ) : failed ? (
        <p role="alert">{loadError ?? 'Your orders could not be checked.'}</p>
      ) : preview ? (
        <form
          id="deactivate-form"
          noValidate
          className={css({ display: 'grid', gap: '4' })}
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'user.confirm' });
          }}
        >
          {area === 'artist' ? <ArtistOutcome preview={preview} /> : <CustomerOutcome preview={preview} />}
          <p data-testid="restore-note">
            Changed your mind? Sign in before <strong>{formatDate(preview.restorable_until)}</strong> and your account
            is restored. We email you a confirmation now.
          </p>
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            value={password}
            errors={errors.current_password}
            hint="To confirm that it is you."
            onValueChange={(value) => actor.send({ type: 'password.changed', value })}
          />
        </form>
      ) : null}
    </Modal>
  );
}

function CustomerOutcome({ preview }: { preview: DeactivationPreview }) {
  if (preview.orders.length === 0) return <p data-testid="open-orders-none">You have no paid orders in progress.</p>;
  return (
    <section aria-labelledby="open-orders-title">
      <h3 id="open-orders-title" className={css({ fontWeight: 'semibold', mb: '1' })}>
        Your paid orders in progress are still finished
      </h3>
      <p className={css({ mb: '2' })}>We email you when each song is ready, with a link to listen to it.</p>
      <ul data-testid="open-orders" className={css({ display: 'grid', gap: '2' })}>
        {preview.orders.map((order) => (
          <li key={order.id} className={item}>
            <span className={css({ fontWeight: 'semibold' })}>{order.reference}</span>{' '}
            <span className={muted}>
              · {occasionOf(order.occasion_name)} song for {order.recipient_first_name}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ArtistOutcome({ preview }: { preview: DeactivationPreview }) {
  const owed = preview.earnings_owed_centavos ?? 0;
  return (
    <>
      <p data-testid="earnings-note">
        {owed > 0 ? (
          <>
            Your earnings of <strong>{formatPeso(owed)}</strong> not yet paid out are still paid to your payout account.
          </>
        ) : (
          'Earnings you are owed are still paid to your payout account.'
        )}
      </p>
      {preview.open_work.length === 0 ? (
        <p data-testid="open-work-none">You have no open orders.</p>
      ) : (
        <section aria-labelledby="open-work-title">
          <h3 id="open-work-title" className={css({ fontWeight: 'semibold', mb: '2' })}>
            What happens to your open orders
          </h3>
          <ul data-testid="open-work" className={css({ display: 'grid', gap: '2' })}>
            {preview.open_work.map((order) => (
              <li key={order.id} className={item}>
                <span className={css({ fontWeight: 'semibold' })}>{order.reference}</span>{' '}
                <span className={muted}>
                  · {occasionOf(order.occasion_name)} song for {order.recipient_first_name}
                </span>
                <span className={css({ display: 'block', fontSize: 'sm' })}>{openWorkLabels[order.outcome]}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
