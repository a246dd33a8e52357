import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { pageTitle } from './page-parts';

/** One numbered section of a legal document; `id` is its anchor and the id of its heading. */
export interface LegalSection {
  id: string;
  title: string;
  content: ReactNode;
}

export interface LegalDocumentProps {
  /** Prefix for the ids of the title and the contents heading (`${idPrefix}-title`, `${idPrefix}-toc-title`). */
  idPrefix: string;
  /** The page's one h1. */
  title: string;
  /** The lead paragraph under the title. */
  intro: ReactNode;
  sections: LegalSection[];
  /** When the text last changed: a machine-readable `dateTime` (e.g. `2026-11`) and how it is shown. */
  lastUpdated: { dateTime: string; label: string };
}

const page = css({ maxW: '70ch', mx: 'auto', px: { base: '4', md: '6' }, py: { base: '10', md: '14' } });

/** The long-form text style of a legal section: paragraphs, lists, sub-headings and links. */
const prose = css({
  color: 'gray.800',
  fontSize: 'md',
  lineHeight: '1.7',
  '& p': { mt: '3' },
  '& ul': { mt: '3', pl: '6', listStyleType: 'disc' },
  '& li': { mt: '1.5' },
  '& li::marker': { color: 'brand.600' },
  '& h3': { mt: '6', fontSize: 'lg', fontWeight: 'bold', color: 'fg.default', lineHeight: 'snug' },
  '& strong': { fontWeight: 'semibold', color: 'fg.default' },
  '& a': {
    color: 'accent.emphasized',
    textDecoration: 'underline',
    textUnderlineOffset: '2px',
    _hover: { color: 'brand.800' },
  },
});

/** The keyboard focus outline of links in a legal document. */
export const focusRing = css({
  _focusVisible: { outline: '3px solid', outlineColor: 'brand.300', outlineOffset: '2px', borderRadius: 'sm' },
});

const tocLink = css({
  color: 'accent.emphasized',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  _hover: { color: 'brand.800' },
});

/**
 * A legal page (privacy policy, terms): the title, when it was last updated, an intro, a table of contents
 * linking to each section, then the sections as numbered h2s.
 */
export function LegalDocument({ idPrefix, title, intro, sections, lastUpdated }: LegalDocumentProps) {
  const titleId = `${idPrefix}-title`;
  const tocTitleId = `${idPrefix}-toc-title`;
  return (
    <article className={page} aria-labelledby={titleId}>
      <h1 id={titleId} className={pageTitle}>
        {title}
      </h1>
      <p className={css({ mt: '2', color: 'fg.muted', fontSize: 'sm' })}>
        Last updated: <time dateTime={lastUpdated.dateTime}>{lastUpdated.label}</time>
      </p>
      <p className={css({ mt: '6', fontSize: 'lg', color: 'gray.700', lineHeight: '1.6' })}>{intro}</p>

      <nav
        aria-labelledby={tocTitleId}
        className={css({
          mt: '8',
          p: { base: '5', md: '6' },
          bg: 'bg.subtle',
          borderRadius: 'xl',
          borderWidth: '1px',
          borderColor: 'border.default',
        })}
      >
        <h2 id={tocTitleId} className={css({ fontSize: 'md', fontWeight: 'bold' })}>
          Contents
        </h2>
        <ol className={css({ mt: '3', pl: '6', listStyleType: 'decimal', '& li::marker': { color: 'fg.muted' } })}>
          {sections.map((section) => (
            <li key={section.id} className={css({ mt: '1' })}>
              <a href={`#${section.id}`} className={cx(focusRing, tocLink)}>
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map((section, index) => (
        <section key={section.id} aria-labelledby={section.id} className={css({ mt: '10' })}>
          <h2
            id={section.id}
            className={css({
              fontSize: { base: 'xl', md: '2xl' },
              fontWeight: 'bold',
              lineHeight: 'snug',
              scrollMarginTop: '24',
            })}
          >
            {index + 1}. {section.title}
          </h2>
          <div className={prose}>{section.content}</div>
        </section>
      ))}
    </article>
  );
}
