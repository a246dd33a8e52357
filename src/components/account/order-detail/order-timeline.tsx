import { css } from 'styled-system/css';
import type { TimelineStep } from '../../../../machines/order-lifecycle';

const marker = css({
  flexShrink: 0,
  w: '6',
  h: '6',
  borderRadius: 'full',
  borderWidth: '2px',
  borderColor: 'gray.300',
  bg: 'white',
  display: 'grid',
  placeItems: 'center',
  fontSize: 'xs',
  fontWeight: 'bold',
  '[data-state=done] &': { bg: 'brand.700', borderColor: 'brand.700', color: 'white' },
  '[data-state=current] &': {
    borderColor: 'brand.700',
    color: 'brand.800',
    boxShadow: '0 0 0 3px token(colors.brand.100)',
  },
});

const stateText: Record<TimelineStep['state'], string> = {
  done: 'done',
  current: 'current step',
  upcoming: 'to come',
};

/** The order's place on the lifecycle's main path (timelineOf), the current step marked for all. */
export function OrderTimeline({ steps }: { steps: TimelineStep[] }) {
  return (
    <ol aria-label="Order progress" className={css({ display: 'grid', gap: '3', my: '6' })}>
      {steps.map((step, index) => (
        <li
          key={step.status}
          data-state={step.state}
          aria-current={step.state === 'current' ? 'step' : undefined}
          className={css({
            display: 'flex',
            alignItems: 'center',
            gap: '3',
            color: 'fg.muted',
            '&[data-state=done]': { color: 'fg.default' },
            '&[data-state=current]': { color: 'brand.800', fontWeight: 'bold' },
          })}
        >
          <span className={marker} aria-hidden="true">
            {step.state === 'done' ? '✓' : index + 1}
          </span>
          <span>{step.label}</span>
          <span className={css({ srOnly: true })}>({stateText[step.state]})</span>
        </li>
      ))}
    </ol>
  );
}
