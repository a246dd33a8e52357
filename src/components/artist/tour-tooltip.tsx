import { useId } from 'react';
import type { TooltipRenderProps } from 'react-joyride';
import { css } from 'styled-system/css';
import { tour } from '../../../contracts/constants';
import { Button } from '../ui/button';

/**
 * The tour's card in the brand's styles (docs/product.md §9 labels: Skip tour, Previous, Next, Finish).
 * react-joyride positions it and hands it the buttons' handlers; the machine hears the clicks
 * through react-joyride's callback. Previous shows from the second step on, and the primary button
 * says Finish on the last step, Next before it. react-joyride focuses the primary button
 * (data-action="primary") and keeps Tab inside the card; Escape closes it.
 */
export function TourTooltip({ step, index, size, isLastStep, backProps, primaryProps, skipProps }: TooltipRenderProps) {
  const progressId = useId();
  const textId = useId();
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-label="Artist guided tour"
      aria-describedby={`${progressId} ${textId}`}
      data-testid="tour-tooltip"
      className={css({
        bg: 'white',
        borderRadius: 'xl',
        boxShadow: '2xl',
        w: '22rem',
        maxW: 'calc(100vw - 2rem)',
        p: '5',
        display: 'flex',
        flexDirection: 'column',
        gap: '3',
      })}
    >
      <p id={progressId} className={css({ fontSize: 'sm', fontWeight: 'semibold', color: 'brand.700' })}>
        Step {index + 1} of {size}
      </p>
      <p id={textId} className={css({ color: 'fg.default', fontSize: 'md', lineHeight: '1.5' })}>
        {step.content}
      </p>
      <div
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '2',
          mt: '1',
        })}
      >
        <Button
          onClick={skipProps.onClick}
          data-action={skipProps['data-action']}
          size="sm"
          color="text"
          aria-label={tour.labels.skip}
        >
          {tour.labels.skip}
        </Button>
        <div className={css({ display: 'flex', gap: '2', ml: 'auto' })}>
          {index > 0 ? (
            <Button
              onClick={backProps.onClick}
              data-action={backProps['data-action']}
              size="sm"
              color="secondary"
              aria-label={tour.labels.back}
            >
              {tour.labels.back}
            </Button>
          ) : null}
          <Button
            onClick={primaryProps.onClick}
            data-action={primaryProps['data-action']}
            size="sm"
            color="primary"
            aria-label={isLastStep ? tour.labels.last : tour.labels.next}
          >
            {isLastStep ? tour.labels.last : tour.labels.next}
          </Button>
        </div>
      </div>
    </div>
  );
}
