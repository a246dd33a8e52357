import { css } from 'styled-system/css';
import type { AdminPayout } from '../../contracts/lifecycle';
import { usePayoutReveal } from '../actors/money';
import { Button } from '../components/ui/button';
import { formatDateTime } from './orders-format';
import { Badge } from './paged-list';
import { small } from './table-styles';

const noop = () => {};

/**
 * A payout's bank details: masked until the admin asks for the whole destination ("Show full
 * account"), which the server records; every reveal so far is listed under it.
 */
export function PayoutDestination({ payout }: { payout: AdminPayout }) {
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
      {reveals.length > 0 ? (
        <span className={small} data-testid="payout-reveals">
          Shown in full to: {reveals.join('; ')}
        </span>
      ) : null}
    </>
  );
}
