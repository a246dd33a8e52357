import { css } from 'styled-system/css';

/** An artist order list; orders reach it with the order lifecycle, until then the list is truly empty. */
export function StagePage({ heading, empty }: { heading: string; empty: string }) {
  return (
    <section
      aria-labelledby="stage-heading"
      className={css({ bg: 'white', borderRadius: 'xl', p: '6', boxShadow: 'sm' })}
    >
      <h2 id="stage-heading" className={css({ fontSize: 'xl', fontWeight: 'bold', mb: '2' })}>
        {heading}
      </h2>
      <p role="status" className={css({ color: 'fg.muted' })}>
        {empty}
      </p>
    </section>
  );
}
