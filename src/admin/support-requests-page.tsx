import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { type SupportRequest, supportTopicLabels } from '../../contracts/support';
import { Button } from '../components/ui/button';
import { Modal } from '../components/ui/modal';
import { AdminListPage } from './admin-list-toolbar';
import { formatDateTime } from './orders-format';
import { ListTable } from './paged-list';
import { useSupportRequestDialog, useSupportRequests } from './support.actors';
import { cell, small, textLink } from './table-styles';

const preview = (message: string) => (message.length > 120 ? `${message.slice(0, 117)}…` : message);

/** /admin/support: what people wrote through the contact page or "Report a problem", oldest first. */
export function SupportRequestsPage() {
  const list = useSupportRequests();
  const dialog = useSupportRequestDialog(list.refresh);
  const chosen = list.items.find((r) => r.id === dialog.openFor);
  const dismiss = () => dialog.send({ type: 'user.dismiss' });
  return (
    <AdminListPage
      title="Support requests"
      intro="Messages from the contact page and problems reported on orders, oldest first. Answer each by email (the sender got a copy of their message), then mark it closed."
    >
      <ListTable
        list={list}
        noun="request"
        loadingText="Loading support requests…"
        emptyText="No support request is waiting."
        caption="Open support requests"
        columns={[
          'From',
          'About',
          'Message',
          'Received',
          <span key="a" className={css({ srOnly: true })}>
            Actions
          </span>,
        ]}
        className={css({ minW: '48rem' })}
        strip
      >
        {list.items.map((r) => (
          <tr key={r.id} data-testid="support-request-row">
            <th scope="row" className={`${cell} ${css({ fontWeight: 'normal' })}`}>
              <span className={css({ fontWeight: 'semibold' })}>{r.name}</span>
              <span className={small}>{r.email}</span>
            </th>
            <td className={cell}>
              {supportTopicLabels[r.topic]}
              {r.order ? (
                <span className={small}>
                  <Link to="/admin/orders/$id" params={{ id: r.order.id }} className={textLink}>
                    {r.order.reference}
                  </Link>
                </span>
              ) : null}
            </td>
            <td className={`${cell} ${css({ maxW: '24rem' })}`}>{preview(r.message)}</td>
            <td className={cell}>{formatDateTime(r.created_at)}</td>
            <td className={cell}>
              <Button
                size="sm"
                color="secondary"
                aria-label={`Read the request from ${r.name}`}
                onClick={() => dialog.send({ type: 'user.read', id: r.id })}
              >
                Read
              </Button>
            </td>
          </tr>
        ))}
      </ListTable>
      <Modal
        open={dialog.openFor !== null}
        onClose={dismiss}
        title={chosen ? `From ${chosen.name}` : 'Support request'}
        description={chosen ? aboutLine(chosen) : undefined}
        staticBackdrop={dialog.busy}
        size="lg"
        footer={
          <>
            <Button color="text" onClick={dismiss} disabled={dialog.busy}>
              Keep open
            </Button>
            <Button loading={dialog.busy} onClick={() => dialog.send({ type: 'user.close' })}>
              Mark closed
            </Button>
          </>
        }
      >
        {chosen ? (
          <>
            <p className={css({ whiteSpace: 'pre-wrap', mb: '3' })} data-testid="support-request-message">
              {chosen.message}
            </p>
            <p className={css({ fontSize: 'sm' })}>
              Answer by email:{' '}
              <a href={`mailto:${chosen.email}`} className={textLink}>
                {chosen.email}
              </a>
            </p>
          </>
        ) : null}
      </Modal>
    </AdminListPage>
  );
}

function aboutLine(r: SupportRequest): string {
  const about = r.order ? `order ${r.order.reference}` : supportTopicLabels[r.topic].toLowerCase();
  return `About ${about}, received ${formatDateTime(r.created_at)}${r.user_id ? ' from a customer account' : ' from a guest'}.`;
}
