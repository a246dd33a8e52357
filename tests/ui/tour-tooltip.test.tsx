import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TooltipRenderProps } from 'react-joyride';
import { describe, expect, it, vi } from 'vitest';
import { tour } from '../../contracts/constants';
import { TourTooltip } from '../../src/components/artist/tour-tooltip';

// The tour's card with all four of docs/product.md §9's buttons. The app's tour has one step (docs/product.md §4), so in the
// app the card shows Skip tour and Finish only (tests/ui/tour-paths.test.tsx, tests/e2e/tour.spec.ts);
// here a three-step tour shows where Previous and Next appear and that each button reaches the
// handler react-joyride gives it.

function cardAt(index: number, size: number) {
  const handlers = { back: vi.fn(), primary: vi.fn(), skip: vi.fn() };
  const props = {
    step: { content: `Step text ${index + 1}`, target: 'body' },
    index,
    size,
    isLastStep: index === size - 1,
    backProps: { onClick: handlers.back, 'data-action': 'back' },
    primaryProps: { onClick: handlers.primary, 'data-action': 'primary' },
    skipProps: { onClick: handlers.skip, 'data-action': 'skip' },
  } as unknown as TooltipRenderProps;
  render(<TourTooltip {...props} />);
  return { handlers, card: screen.getByRole('alertdialog', { name: 'Artist guided tour' }) };
}

const buttonNames = (card: HTMLElement) =>
  within(card)
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('the tour card', () => {
  it('shows Skip tour and Next on the first of several steps', () => {
    const { card } = cardAt(0, 3);
    expect(buttonNames(card)).toEqual([tour.labels.skip, tour.labels.next]);
    expect(card.textContent).toContain('Step 1 of 3');
  });

  it('shows Skip tour, Previous and Next on a middle step, each reaching its handler', async () => {
    const { card, handlers } = cardAt(1, 3);
    expect(buttonNames(card)).toEqual([tour.labels.skip, tour.labels.back, tour.labels.next]);
    await userEvent.click(within(card).getByRole('button', { name: tour.labels.back }));
    await userEvent.click(within(card).getByRole('button', { name: tour.labels.next }));
    await userEvent.click(within(card).getByRole('button', { name: tour.labels.skip }));
    expect(handlers.back).toHaveBeenCalledTimes(1);
    expect(handlers.primary).toHaveBeenCalledTimes(1);
    expect(handlers.skip).toHaveBeenCalledTimes(1);
  });

  it('shows Skip tour, Previous and Finish on the last step', async () => {
    const { card, handlers } = cardAt(2, 3);
    expect(buttonNames(card)).toEqual([tour.labels.skip, tour.labels.back, tour.labels.last]);
    await userEvent.click(within(card).getByRole('button', { name: tour.labels.last }));
    expect(handlers.primary).toHaveBeenCalledTimes(1);
  });

  it('shows Skip tour and Finish when the tour has one step, as the app does', () => {
    const { card } = cardAt(0, 1);
    expect(buttonNames(card)).toEqual([tour.labels.skip, tour.labels.last]);
    expect(card.textContent).toContain('Step 1 of 1');
  });
});
