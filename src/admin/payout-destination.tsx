import { css } from 'styled-system/css';
import type { AdminPayout } from '../../contracts/lifecycle';
import { usePayoutReveal } from '../actors/money';
import { Button } from '../components/ui/button';
import { ConfirmDialog } from '../components/ui/confirm-dialog';
import { formatDateTime } from './orders-format';
import { Badge } from './paged-list';
import { useHolderDecision } from './payout-actions';
import { small } from './table-styles';

const noop = () => {};
const warning = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '1', mt: '1', fontSize: 'sm' });
type PayoutListActor = Parameters<typeof useHolderDecision>[2];

/**
 * A holder name that is not the artist's legal name: the payout cannot be marked paid until an admin
 * approves the account; rejecting it mails the artist to enter one in their own name.
 */
function HolderCheck({ payout, listActor }: { payout: AdminPayout; listActor: PayoutListActor }) {
  const approve = useHolderDecision(payout.artist.id, 'approve', listActor);
  const reject = useHolderDecision(payout.artist.id, 'reject', listActor);
  const details = payout.payout_details;
  if (!details) return null;
  const pending = details.holder_review === 'pending';
  return (
    <span data-testid="payout-holder-check" className={warning}>
      <Badge tone="danger">{pending ? 'Name to check' : 'Account rejected'}</Badge>
      {pending
        ? `"${details.account_name}" is not the artist's legal name. Approve the account to pay it.`
        : 'The artist must enter an account in their own name.'}
      {pending ? (
        <span className={css({ display: 'flex', gap: '2' })}>
          <Button size="sm" color="primary" onClick={() => approve.actor.send({ type: 'user.request' })}>
            Approve account
          </Button>
          <Button size="sm" color="secondary" onClick={() => reject.actor.send({ type: 'user.request' })}>
            Reject account
          </Button>
        </span>
      ) : null}
      <ConfirmDialog
        open={approve.confirming}
        busy={approve.busy}
        title="Approve this payout account?"
        message={`Payouts of ${payout.artist.stage_name} can then be paid to ${details.bank_name} •••• ${details.account_last4} in the name of "${details.account_name}".`}
        confirmLabel="Approve"
        onConfirm={() => approve.actor.send({ type: 'user.confirm' })}
        onCancel={() => approve.actor.send({ type: 'user.cancel' })}
      />
      <ConfirmDialog
        open={reject.confirming}
        busy={reject.busy}
        title="Reject this payout account?"
        message={`${payout.artist.stage_name} is emailed to enter an account in their own name; their payouts stay held until then.`}
        confirmLabel="Reject"
        onConfirm={() => reject.actor.send({ type: 'user.confirm' })}
        onCancel={() => reject.actor.send({ type: 'user.cancel' })}
      />
    </span>
  );
}

/**
 * A payout's bank details: masked until the admin asks for the whole destination ("Show full
 * account"), which the server records; every reveal so far is listed under it.
 */
export function PayoutDestination({ payout, listActor }: { payout: AdminPayout; listActor: PayoutListActor }) {
  const reveal = usePayoutReveal(payout.id, noop);
  const details = payout.payout_details;
  if (!details) return <Badge tone="danger">No bank details on file</Badge>;
  const reveals = [
    ...payout.reveals.map((r) => `${r.admin}, ${formatDateTime(r.at)}`),
    ...(reveal.destination ? [`You, ${formatDateTime(reveal.destination.revealed_at)}`] : []),
  ];
  return (
    <>
      {details.bank_name}
      <span className={small}>
        {details.account_name} ·{' '}
        {reveal.destination ? (
          <strong data-testid="payout-account-number">{reveal.destination.account_number}</strong>
        ) : (
          `account ending ${details.account_last4}`
        )}
      </span>
      <span className={css({ display: 'flex', gap: '2', mt: '1' })}>
        {reveal.shown ? (
          <Button size="sm" color="text" onClick={() => reveal.send({ type: 'user.hide' })}>
            Hide account
          </Button>
        ) : (
          <Button
            size="sm"
            color="secondary"
            loading={reveal.busy}
            aria-label={`Show the full account of ${payout.artist.stage_name} (recorded)`}
            onClick={() => reveal.send({ type: 'user.reveal' })}
          >
            Show full account
          </Button>
        )}
      </span>
      {reveal.error ? (
        <span role="alert" className={`${small} ${css({ color: 'red.700' })}`}>
          {reveal.error}
        </span>
      ) : null}
      {payout.status === 'pending' && details.recently_changed && details.changed_at ? (
        <span data-testid="payout-account-changed" className={warning}>
          <Badge tone="danger">Account changed {formatDateTime(details.changed_at)}</Badge>
          Confirm the new account with the artist before paying.
        </span>
      ) : null}
      {payout.status === 'pending' && (details.holder_review === 'pending' || details.holder_review === 'rejected') ? (
        <HolderCheck payout={payout} listActor={listActor} />
      ) : null}
      {reveals.length > 0 ? (
        <span className={small} data-testid="payout-reveals">
          Shown in full to: {reveals.join('; ')}
        </span>
      ) : null}
    </>
  );
}
