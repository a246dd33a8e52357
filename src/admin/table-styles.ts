import { css } from 'styled-system/css';

// The admin console's tables look the same on every page (applications, orders, payouts); the tab strips
// are in admin-list-toolbar.tsx.

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

/** A link inside a list (an order's reference, "Clear the search"). */
export const textLink = css({ color: 'brand.700', textDecoration: 'underline', fontWeight: 'semibold' });
