import { css } from 'styled-system/css';
import { useSupportForm } from '../../actors/support';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { SupportFormFields } from './support-form';

/** "Report a problem" on the customer's order page: a dialog whose message reaches the team with the order. */
export function ReportProblem({ orderId, reference }: { orderId: number; reference: string }) {
  const { view, send } = useSupportForm({ kind: 'order', orderId });
  const close = () => send({ type: 'user.dismiss' });
  return (
    <section
      aria-labelledby="order-help-heading"
      className={css({ borderTopWidth: '1px', borderColor: 'gray.200', pt: '4' })}
    >
      <h3 id="order-help-heading" className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
        Need help with this order?
      </h3>
      <p className={css({ color: 'fg.muted', mt: '1', mb: '3' })}>
        Tell our team what went wrong; a person answers you by email.
      </p>
      <Button color="secondary" onClick={() => send({ type: 'user.open' })} data-testid="report-problem">
        Report a problem
      </Button>
      <Modal
        open={view.open}
        onClose={close}
        title={view.sent ? 'Report sent' : 'Report a problem'}
        description={view.sent ? undefined : `About order ${reference}. We attach the order to your message.`}
        staticBackdrop={view.busy}
        footer={
          view.sent ? (
            <Button onClick={close}>Done</Button>
          ) : (
            <>
              <Button color="text" onClick={close} disabled={view.busy}>
                Cancel
              </Button>
              <Button type="submit" form="report-problem-form" loading={view.busy}>
                Send report
              </Button>
            </>
          )
        }
      >
        {view.sent ? (
          <p role="status" data-testid="support-sent">
            {view.sentMessage}
          </p>
        ) : (
          <SupportFormFields id="report-problem-form" view={view} send={send} messageOnly />
        )}
      </Modal>
    </section>
  );
}
