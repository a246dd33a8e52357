import { css } from 'styled-system/css';

// What a page shows while its code or its data is on the way: grey shapes where the content will be,
// announced once as busy ("Loading…" for screen readers; the shapes themselves are hidden from them).

const bar = css({
  display: 'block',
  h: '4',
  borderRadius: 'md',
  bg: 'gray.200',
  animation: 'skeleton-pulse 1.6s ease-in-out infinite',
  // The global reduced-motion rule shortens animations to 1 ms: an endless one would flicker instead.
  _motionReduce: { animation: 'none' },
});

/** Placeholder lines, as wide as `widths` (a percentage each). */
export function SkeletonLines({ widths }: { widths: readonly number[] }) {
  return (
    <span aria-hidden="true" className={css({ display: 'grid', gap: '3' })}>
      {widths.map((w, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed shapes, never reordered
        <span key={i} className={bar} style={{ width: `${w}%` }} />
      ))}
    </span>
  );
}

const block = css({ h: '24', borderRadius: 'lg', bg: 'gray.100', _motionReduce: { animation: 'none' } });

/**
 * A page's placeholder: a title line and a few blocks of content, busy for assistive technology.
 * `label` says what is coming ("Loading your orders…"); it is read, never shown.
 */
export function PageSkeleton({ label = 'Loading…' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-busy="true"
      data-testid="page-skeleton"
      className={css({ maxW: '5xl', mx: 'auto', px: '4', py: '10', display: 'grid', gap: '6' })}
    >
      <span className={css({ srOnly: true })}>{label}</span>
      <SkeletonLines widths={[40]} />
      <SkeletonLines widths={[100, 92, 64]} />
      <span
        aria-hidden="true"
        className={css({ display: 'grid', gap: '4', md: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } })}
      >
        <span className={block} />
        <span className={block} />
      </span>
    </div>
  );
}
