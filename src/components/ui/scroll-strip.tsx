import { type ReactNode, useEffect, useRef } from 'react';
import { css, cx } from 'styled-system/css';

const arrow = css({
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  zIndex: 2,
  display: 'none',
  alignItems: 'center',
  justifyContent: 'center',
  w: '8',
  h: '8',
  borderRadius: 'full',
  bg: 'white',
  borderWidth: '1px',
  borderColor: 'border.default',
  boxShadow: 'sm',
  color: 'fg.default',
  cursor: 'pointer',
  _hover: { bg: 'gray.100' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.400', outlineOffset: '1px' },
});

/**
 * A row that scrolls sideways on a narrow screen (the account tabs), with a fade and an arrow button
 * on each side that has more to show. Each item stays reachable by Tab (focus scrolls it into view);
 * the arrows are buttons too. Which sides have more is read from the scroller and written as
 * data attributes, so nothing re-renders while scrolling.
 */
export function ScrollStrip({
  label,
  regionLabel,
  className,
  children,
}: {
  label: string;
  /** For content with nothing focusable (a table): the scroller itself takes focus, named so, and scrolls by the arrow keys. */
  regionLabel?: string;
  className?: string;
  children: ReactNode;
}) {
  const root = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = scroller.current;
    const host = root.current;
    if (!el || !host) return;
    const update = () => {
      const start = el.scrollLeft > 1;
      const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      host.toggleAttribute('data-more-start', start);
      host.toggleAttribute('data-more-end', end);
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, []);

  const scrollBy = (direction: 1 | -1) => {
    const el = scroller.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.7, behavior: 'smooth' });
  };

  return (
    <div
      ref={root}
      data-part="scroll-strip"
      className={css({
        position: 'relative',
        minW: 0,
        '&[data-more-start]::before': { display: 'block' },
        '&[data-more-end]::after': { display: 'block' },
        '&[data-more-start] [data-part=scroll-start]': { display: 'inline-flex' },
        '&[data-more-end] [data-part=scroll-end]': { display: 'inline-flex' },
        _before: {
          content: '""',
          position: 'absolute',
          insetY: 0,
          left: 0,
          w: '12',
          zIndex: 1,
          pointerEvents: 'none',
          display: 'none',
          background: 'linear-gradient(to left, transparent, white 70%)',
        },
        _after: {
          content: '""',
          position: 'absolute',
          insetY: 0,
          right: 0,
          w: '12',
          zIndex: 1,
          pointerEvents: 'none',
          display: 'none',
          background: 'linear-gradient(to right, transparent, white 70%)',
        },
      })}
    >
      <div
        ref={scroller}
        {...(regionLabel ? { role: 'region', 'aria-label': regionLabel, tabIndex: 0 } : {})}
        className={cx(
          css({
            overflowX: 'auto',
            position: 'relative',
            scrollbarWidth: 'none',
            '&::-webkit-scrollbar': { display: 'none' },
            _focusVisible: { outline: '2px solid', outlineColor: 'brand.400', outlineOffset: '2px' },
          }),
          className,
        )}
      >
        {children}
      </div>
      <button
        type="button"
        data-part="scroll-start"
        aria-label={`Show earlier ${label}`}
        className={cx(arrow, css({ left: 0 }))}
        onClick={() => scrollBy(-1)}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <button
        type="button"
        data-part="scroll-end"
        aria-label={`Show more ${label}`}
        className={cx(arrow, css({ right: 0 }))}
        onClick={() => scrollBy(1)}
      >
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}
