import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import type { ActorRefFrom } from 'xstate';
import { countOf } from '../../../contracts/format';
import { openWorkLabels } from '../../../contracts/operations';
import { occasions } from '../../../contracts/order';
import type { artistDeactivationMachine } from '../../../machines/artist-deactivation.machine';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';

const muted = css({ color: 'fg.muted' });
const occasionOf = (value: string) => occasions.find((o) => o.value === value)?.display ?? value;

/** The question before deactivating: each open order and what happens to it (reads and sends only). */
export function DeactivateDialog({ actor }: { actor: ActorRefFrom<typeof artistDeactivationMachine> }) {
  const open = useSelector(actor, (s) => s.hasTag('open'));
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.matches('loadFailed'));
  const { openWork, loadError } = useSelector(actor, (s) => s.context);
  const cancel = () => actor.send({ type: 'user.cancel' });
  return (
    <Modal
      open={open}
      role="alertdialog"
      onClose={cancel}
      title="Deactivate your account?"
      description="You will be signed out and your profile will no longer show to customers."
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
            <Button
              color="danger"
              onClick={() => actor.send({ type: 'user.confirm' })}
              loading={busy}
              disabled={loading}
            >
              Deactivate
            </Button>
          )}
        </>
      }
    >
      {loading ? (
        <p role="status" className={muted}>
          Checking your open orders…
        </p>
      ) : failed ? (
        <p role="alert">{loadError ?? 'Your open orders could not be checked.'}</p>
      ) : openWork.length === 0 ? (
        <p data-testid="open-work-none">You have no open orders.</p>
      ) : (
        <section aria-labelledby="open-work-title">
          <h3 id="open-work-title" className={css({ fontWeight: 'semibold', mb: '2' })}>
            {`You have ${countOf(openWork.length, 'open order')}`}
          </h3>
          <ul data-testid="open-work" className={css({ display: 'grid', gap: '2' })}>
            {openWork.map((order) => (
              <li
                key={order.id}
                className={css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '2' })}
              >
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
    </Modal>
  );
}
