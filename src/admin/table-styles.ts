import { css } from 'styled-system/css';

// The admin console's tables and tab strips look the same on every page (applications, orders, payouts).

export const tabTrigger = css({
  px: '4',
  py: '2.5',
  fontWeight: 'semibold',
  color: 'fg.muted',
  cursor: 'pointer',
  borderBottomWidth: '3px',
  borderColor: 'transparent',
  mb: '-1px',
  _hover: { color: 'fg.default' },
  _selected: { color: 'brand.700', borderColor: 'brand.600' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.400', outlineOffset: '-2px' },
});

export const cell = css({ px: '3', py: '3', textAlign: 'left', verticalAlign: 'top', borderTopWidth: '1px' });

export const headCell = css({
  px: '3',
  py: '2',
  textAlign: 'left',
  fontSize: 'sm',
  color: 'fg.muted',
  fontWeight: 'semibold',
});

/** A second, smaller line inside a cell. */
export const small = css({ display: 'block', fontSize: 'xs', color: 'fg.muted' });

/**
 * A table's sideways scroller. Positioned, so the visually hidden parts inside (absolute) are clipped by
 * it instead of widening the page on a phone.
 */
export const tableScroller = css({ overflowX: 'auto', position: 'relative' });
