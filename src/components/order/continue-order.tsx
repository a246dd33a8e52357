import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Button, buttonRecipe } from '../ui/button';
import { useOrderDraft } from './use-order-draft';

/**
 * "Continue your order for {name}" / "Start over" on the first step: the draft (the account's, from any
 * device, or one kept in this browser) continues at its furthest step, or is deleted after a confirm.
 */
export function ContinueOrder() {
  const { view, send } = useOrderDraft();
  const [confirming, setConfirming] = useState(false);
  const draft = view.continueOrder;
  if (!draft) return null;
  const name = draft.recipient.trim() || 'your recipient';
  return (
    <section
      aria-label="Your order in progress"
      data-testid="continue-order"
      className={css({ bg: 'brand.50', borderRadius: 'xl', p: { base: '4', md: '5' }, mb: '5' })}
    >
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
        <Link to={draft.path} className={buttonRecipe({ color: 'primary' })}>
          Continue your order for {name}
        </Link>
        {confirming ? null : (
          <Button color="text" disabled={!view.canStartOver} onClick={() => setConfirming(true)}>
            Start over
          </Button>
        )}
      </div>
      {confirming ? (
        <div role="alertdialog" aria-label="Start over?" className={css({ mt: '3' })}>
          <p>Start over? What you wrote for {name} is deleted.</p>
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', mt: '2' })}>
            <Button
              color="danger"
              loading={view.busy}
              onClick={() => {
                setConfirming(false);
                send({ type: 'draft.discard' });
              }}
            >
              Yes, start over
            </Button>
            <Button color="text" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
