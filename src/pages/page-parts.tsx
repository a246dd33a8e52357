import type { ReactNode } from 'react';
import { css, cva, cx } from 'styled-system/css';

/** The h1 of a plain page (legal documents, not found). */
export const pageTitle = css({
  fontSize: { base: '3xl', md: '4xl' },
  fontWeight: 'extrabold',
  lineHeight: 'tight',
  letterSpacing: '-0.02em',
});

const eyebrowStyle = css({
  fontSize: 'sm',
  fontWeight: 'semibold',
  letterSpacing: 'wide',
  textTransform: 'uppercase',
  color: 'accent.emphasized',
});

const heroTitle = css({
  mt: '3',
  fontSize: { base: '3xl', sm: '4xl', md: '5xl' },
  fontWeight: 'extrabold',
  lineHeight: '1.1',
  letterSpacing: '-0.02em',
  color: 'fg.default',
});

const heroLead = css({ mt: '4', fontSize: { base: 'lg', md: 'xl' }, color: 'fg.muted' });

export interface HeroHeadingProps {
  /** The id of the h1, for the hero section's aria-labelledby. */
  titleId: string;
  /** The small line above the title. */
  eyebrow: ReactNode;
  title: ReactNode;
  lead: ReactNode;
  /** Extra classes for the h1 (e.g. its width). */
  titleClassName?: string;
  /** Extra classes for the lead paragraph (e.g. its width and alignment). */
  leadClassName?: string;
}

/** The eyebrow, h1 and lead paragraph at the top of a marketing page. */
export function HeroHeading({ titleId, eyebrow, title, lead, titleClassName, leadClassName }: HeroHeadingProps) {
  return (
    <>
      <p className={eyebrowStyle}>{eyebrow}</p>
      <h1 id={titleId} className={cx(heroTitle, titleClassName)}>
        {title}
      </h1>
      <p className={cx(heroLead, leadClassName)}>{lead}</p>
    </>
  );
}

const sectionTitle = css({
  fontSize: { base: '2xl', md: '3xl' },
  fontWeight: 'bold',
  lineHeight: 'tight',
  letterSpacing: '-0.01em',
  color: 'fg.default',
});

const sectionLead = css({ mt: '3', fontSize: { base: 'md', md: 'lg' }, color: 'fg.muted', maxW: '60ch' });

export interface SectionHeadingProps {
  /** The id of the h2. */
  id: string;
  title: ReactNode;
  /** A short paragraph under the title. */
  lead?: ReactNode;
  /** Shown on the title's line, at the far end (e.g. a "See all" link). */
  action?: ReactNode;
}

/** A section's h2, with an optional lead paragraph and an optional action beside it. */
function SectionHeading({ id, title, lead, action }: SectionHeadingProps) {
  const heading = (
    <h2 id={id} className={sectionTitle}>
      {title}
    </h2>
  );
  return (
    <>
      {action ? (
        <div
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'baseline',
            justifyContent: 'space-between',
            gap: '3',
          })}
        >
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {lead ? <p className={sectionLead}>{lead}</p> : null}
    </>
  );
}

export interface PageSectionProps extends Partial<Pick<SectionHeadingProps, 'title' | 'lead' | 'action'>> {
  /** The id of the heading that names the section. With `title` it is given to the h2 rendered here; without, a child must render a heading with this id. */
  titleId: string;
  /** Classes for the <section> (spacing, background). */
  className?: string;
  /** Classes for the inner wrapper (width, gutters). */
  containerClassName: string;
  children?: ReactNode;
}

/** A page band: a <section> named by its heading, with its content in a centred container. */
export function PageSection({
  titleId,
  title,
  lead,
  action,
  className,
  containerClassName,
  children,
}: PageSectionProps) {
  return (
    <section aria-labelledby={titleId} className={className}>
      <div className={containerClassName}>
        {title === undefined ? null : <SectionHeading id={titleId} title={title} lead={lead} action={action} />}
        {children}
      </div>
    </section>
  );
}

/** The list that lays out cards in a grid; add the columns and gaps per list. */
export const cardList = css({ mt: '8', display: 'grid', listStyle: 'none' });

const card = cva({
  base: { bg: 'bg.canvas', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'xl', p: '6' },
  variants: {
    accent: {
      none: {},
      top: { borderTopWidth: '4px', borderTopColor: 'brand.500' },
    },
  },
  defaultVariants: { accent: 'none' },
});

const cardTitle = cva({
  base: { fontSize: 'lg', fontWeight: 'bold' },
  variants: {
    afterMarker: { true: { mt: '4', lineHeight: 'snug' }, false: {} },
  },
});

export interface CardProps {
  title: ReactNode;
  text: ReactNode;
  /** Shown above the title (e.g. a step number). */
  marker?: ReactNode;
  /** `top`: a brand-coloured bar along the top edge. */
  accent?: 'none' | 'top';
}

/** A bordered card in a `cardList`: an h3 and a short text, optionally under a marker. */
export function Card({ title, text, marker, accent }: CardProps) {
  return (
    <li className={card({ accent })}>
      {marker}
      <h3 className={cardTitle({ afterMarker: marker !== undefined })}>{title}</h3>
      <p className={css({ mt: '2', color: 'fg.muted' })}>{text}</p>
    </li>
  );
}

const ctaBox = cva({
  base: {
    borderRadius: '2xl',
    bg: 'gray.900',
    color: 'white',
    px: { base: '6', md: '12' },
    py: { base: '10', md: '12' },
  },
  variants: {
    layout: {
      centered: { textAlign: 'center' },
      split: {
        display: 'flex',
        flexDirection: { base: 'column', md: 'row' },
        alignItems: { base: 'flex-start', md: 'center' },
        justifyContent: 'space-between',
        gap: '6',
      },
    },
  },
});

const ctaActions = cva({
  base: { display: 'flex', flexWrap: 'wrap', gap: '3' },
  variants: {
    layout: {
      centered: { mt: '6', justifyContent: 'center' },
      split: { alignItems: 'center' },
    },
  },
});

/** A white, underlined link for the dark call-to-action box; add its size per use. */
export const ctaLink = css({
  color: 'white',
  fontWeight: 'semibold',
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  _focusVisible: { outline: '3px solid', outlineColor: 'brand.300', outlineOffset: '2px' },
});

export interface CallToActionProps {
  /** The id of the h2, which names the section. */
  titleId: string;
  title: ReactNode;
  text: ReactNode;
  /** `centered`: message above the actions, centred; `split`: message beside the actions from md up. */
  layout: 'centered' | 'split';
  /** Classes for the <section> (spacing). */
  className?: string;
  /** Classes for the wrapper around the box (width, gutters). */
  containerClassName: string;
  /** The links or buttons. */
  children: ReactNode;
}

/** A section holding the dark call-to-action box: a title, a line of text and the actions. */
export function CallToAction({
  titleId,
  title,
  text,
  layout,
  className,
  containerClassName,
  children,
}: CallToActionProps) {
  const message = (
    <>
      <h2 id={titleId} className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })}>
        {title}
      </h2>
      <p className={css({ mt: '3', color: 'gray.200', fontSize: { base: 'md', md: 'lg' } })}>{text}</p>
    </>
  );
  return (
    <PageSection titleId={titleId} className={className} containerClassName={containerClassName}>
      <div className={ctaBox({ layout })}>
        {layout === 'split' ? <div className={css({ maxW: '40em' })}>{message}</div> : message}
        <div className={ctaActions({ layout })}>{children}</div>
      </div>
    </PageSection>
  );
}
