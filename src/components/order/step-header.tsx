import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import type { OrderStep } from '../../../machines/order-draft.types';
import { useOrderDraft } from './use-order-draft';

const stepLabels: Record<OrderStep, string> = {
  occasion: 'Occasion',
  song: 'Song',
  story: 'Story',
  review: 'Review',
  checkout: 'Checkout',
};

const itemClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  '&[data-state=current]': { color: 'brand.800', fontWeight: 'bold' },
  '&[data-state=done]': { color: 'fg.default' },
});
const badgeClass = css({
  w: '7',
  h: '7',
  flexShrink: 0,
  borderRadius: 'full',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderWidth: '2px',
  borderColor: 'gray.300',
  bg: 'white',
  fontSize: 'xs',
  fontWeight: 'bold',
  '[data-state=current] &': { borderColor: 'brand.700', bg: 'brand.700', color: 'white' },
  '[data-state=done] &': { borderColor: 'green.600', bg: 'green.600', color: 'white' },
});
const linkClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  textDecoration: 'none',
  color: 'inherit',
  borderRadius: 'md',
  _hover: { '& [data-part=label]': { textDecoration: 'underline' } },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.400', outlineOffset: '2px' },
});

/** Steps 1–5 with done/current; only steps docs/product.md §2's guards let open now are links. */
export function StepHeader({ current }: { current: OrderStep }) {
  const { view } = useOrderDraft();
  return (
    <nav aria-label="Order steps" className={css({ mb: '8' })}>
      <ol
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          gap: { base: '3', md: '6' },
          alignItems: 'center',
          p: '4',
          bg: 'white',
          borderRadius: 'xl',
          borderWidth: '1px',
          borderColor: 'border.default',
        })}
      >
        {view.steps.map((s, index) => {
          const isCurrent = s.step === current;
          const state = isCurrent ? 'current' : s.done ? 'done' : 'todo';
          const content = (
            <>
              <span className={badgeClass} aria-hidden="true">
                {s.done && !isCurrent ? '✓' : index + 1}
              </span>
              <span data-part="label">
                {stepLabels[s.step]}
                {s.done && !isCurrent ? <span className={css({ srOnly: true })}> (done)</span> : null}
              </span>
            </>
          );
          return (
            <li key={s.step} className={itemClass} data-state={state} aria-current={isCurrent ? 'step' : undefined}>
              {!isCurrent && s.canOpen ? (
                <Link to={s.path} className={linkClass}>
                  {content}
                </Link>
              ) : (
                <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2' })}>{content}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
