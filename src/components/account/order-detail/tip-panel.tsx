import type { FormEvent } from 'react';
import { css } from 'styled-system/css';
import { formatPesos, formatPesosWithCentavos } from '../../../../contracts/format';
import { TIP_MAX_PESOS, TIP_MIN_PESOS, TIP_PRESETS_PESOS, type Tip } from '../../../../contracts/tips';
import { useTip } from '../../../actors/tips';
import { PaymentMethods } from '../../checkout/payment-methods';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { sectionClass, sectionHeading } from './order-facts';

const tipStatusLabels: Record<Tip['status'], string> = {
  pending: 'Waiting for payment',
  paid: 'Paid — thank you!',
  failed: 'Payment failed',
  cancelled: 'Cancelled',
  expired: 'Not paid in time',
  held: 'Being checked by our team',
};

/** "Tip the artist" on a completed order: preset or typed amount, a payment method, then the provider's page. */
export function TipPanel({ orderId, artistName }: { orderId: number; artistName: string }) {
  const { view, send } = useTip(orderId);
  if (view.loading || (!view.canTip && view.tips.length === 0 && !view.loadFailed)) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'user.tip' });
  };
  const amountErrors = view.errors.amount?.filter(Boolean);
  const methodErrors = view.errors.paymentMethod?.filter(Boolean);
  return (
    <section aria-labelledby="tip-heading" className={sectionClass}>
      <h3 id="tip-heading" className={sectionHeading}>
        Tip {artistName || 'the artist'}
      </h3>
      {view.loadFailed ? (
        <div role="alert">
          <p className={css({ mb: '2' })}>{view.error}</p>
          <Button size="sm" color="secondary" onClick={() => send({ type: 'user.retry' })}>
            Try again
          </Button>
        </div>
      ) : null}
      {view.tips.length > 0 ? (
        <ul data-testid="tips" className={css({ mb: '4', display: 'grid', gap: '1' })}>
          {view.tips.map((tip) => (
            <li key={tip.id}>
              {formatPesosWithCentavos(tip.amount)} · {tipStatusLabels[tip.status]}
            </li>
          ))}
        </ul>
      ) : null}
      {view.canTip ? (
        <form id="tip-form" noValidate aria-labelledby="tip-heading" aria-busy={view.busy} onSubmit={submit}>
          <p className={css({ mb: '3' })}>
            Loved the song? The whole tip goes to {artistName || 'the artist'}; Labsongs keeps nothing of it.
          </p>
          <fieldset className={css({ mb: '3' })}>
            <legend className={css({ fontWeight: 'semibold', mb: '2' })}>Choose an amount</legend>
            <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
              {TIP_PRESETS_PESOS.map((preset) => (
                <Button
                  key={preset}
                  type="button"
                  size="sm"
                  color={view.amount === String(preset) ? 'primary' : 'secondary'}
                  aria-pressed={view.amount === String(preset)}
                  onClick={() => send({ type: 'amount.changed', value: String(preset) })}
                >
                  {formatPesos(preset)}
                </Button>
              ))}
            </div>
          </fieldset>
          <div className={css({ maxW: '16rem' })}>
            <TextField
              label="Tip amount (₱)"
              inputMode="numeric"
              value={view.amount}
              errors={amountErrors}
              hint={`Any whole amount from ${formatPesos(TIP_MIN_PESOS)} to ${formatPesos(TIP_MAX_PESOS)}.`}
              disabled={view.busy}
              onValueChange={(value) => send({ type: 'amount.changed', value })}
            />
          </div>
          <PaymentMethods
            methods={view.methods}
            value={view.method}
            onValueChange={(value) => send({ type: 'method.changed', value })}
            errorId={methodErrors?.[0] ? 'tip-method-error' : undefined}
          />
          {methodErrors?.[0] ? (
            <p id="tip-method-error" role="alert" className={css({ color: 'red.700' })}>
              {methodErrors[0]}
            </p>
          ) : null}
          {view.error ? (
            <p role="alert" className={css({ color: 'red.700', mt: '2' })}>
              {view.error}
            </p>
          ) : null}
          <div className={css({ mt: '4' })}>
            <Button type="submit" loading={view.busy}>
              {view.amount && /^\d+$/.test(view.amount) ? `Tip ${formatPesos(Number(view.amount))}` : 'Tip the artist'}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
