import type { FormEvent } from 'react';
import { css } from 'styled-system/css';
import { REPORT_REASON_MAX, threadReportTexts } from '../../../contracts/thread-report';
import { useThreadReport } from '../../actors/use-thread-report';
import { TextAreaField } from '../artist-application/text-area-field';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';

/**
 * "Report" on an order's conversation (contracts/thread-report.ts), for the customer or the artist: a dialog
 * asks for the reason and sends the thread to the team's support queue.
 */
export function ThreadReport({ area, orderId }: { area: 'user' | 'artist'; orderId: number }) {
  const { view, send } = useThreadReport(area, orderId);
  const formId = `thread-report-${area}-${orderId}`;
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'user.confirm' });
  };
  return (
    <div className={css({ mb: '3', display: 'grid', gap: '2', justifyItems: 'start' })}>
      <Button size="sm" color="text" onClick={() => send({ type: 'user.open' })}>
        Report
      </Button>
      {/* Polite: said once the dialog has closed and focus is back on the button. */}
      <p role="status" className={css({ fontSize: 'sm' })}>
        {view.sent ? threadReportTexts.sent : ''}
      </p>
      <Modal
        open={view.open}
        onClose={() => send({ type: 'user.cancel' })}
        title="Report this conversation"
        description={threadReportTexts.confirm}
        staticBackdrop={view.busy}
        footer={
          <>
            <Button color="secondary" onClick={() => send({ type: 'user.cancel' })} disabled={view.busy}>
              Cancel
            </Button>
            <Button type="submit" form={formId} disabled={view.busy}>
              {view.busy ? 'Sending…' : 'Send the report'}
            </Button>
          </>
        }
      >
        <form id={formId} onSubmit={confirm} noValidate aria-label="Report this conversation">
          <TextAreaField
            label="What is wrong in this conversation?"
            name="reason"
            value={view.reason}
            onValueChange={(value) => send({ type: 'reason.changed', value })}
            errors={view.errors.reason}
            maxLength={REPORT_REASON_MAX}
            rows={4}
          />
          {view.problem ? (
            <p role="alert" className={css({ color: 'danger.fg', fontSize: 'sm' })}>
              {view.problem}
            </p>
          ) : null}
        </form>
      </Modal>
    </div>
  );
}
