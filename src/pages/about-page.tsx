import { Link } from '@tanstack/react-router';
import { css, cx } from 'styled-system/css';
import { PRODUCT_NAME } from '../../contracts/constants';
import { specMessages } from '../../contracts/messages';
import { buttonRecipe } from '../components/ui/button';
import { CallToAction, Card, cardList, ctaLink, HeroHeading, PageSection } from './page-parts';

const container = css({ maxW: '5xl', mx: 'auto', px: { base: '4', md: '6' } });

const section = css({ py: { base: '10', md: '14' } });

const prose = css({
  maxW: '65ch',
  fontSize: { base: 'md', md: 'lg' },
  color: 'gray.700',
  '& > p + p': { mt: '4' },
});

const practices: { title: string; text: string }[] = [
  {
    title: 'Songs made by people',
    text: 'Every song is written and performed by a real artist who read your story. Artists apply to join and are approved by our team after we have listened to their work.',
  },
  {
    title: 'Every recording checked',
    text: 'Before you hear your song, someone on our team listens to it: the names, the details of your story, the sound quality. If something is off, it goes back to the artist first.',
  },
  {
    title: 'Artists paid per song',
    text: 'Artists set their own prices and are paid for every song they deliver. They decide when they are online and which orders they accept, and they keep the authorship of what they write.',
  },
];

const values: { title: string; text: string }[] = [
  { title: 'Personal over generic', text: 'No templates with a name dropped in. Your story is the song.' },
  {
    title: 'Fair to artists',
    text: 'Creative work deserves credit and pay. Artists keep authorship and earn per song.',
  },
  {
    title: 'Care with your stories',
    text: 'The memories you share are private. We use them to make your song and nothing else.',
  },
  {
    title: 'Quality you can count on',
    text: 'Human review of every recording, and revisions when a detail is not quite right.',
  },
];

export function AboutPage() {
  return (
    <div>
      <section
        aria-labelledby="about-title"
        className={css({
          bg: 'brand.50',
          py: { base: '12', md: '16' },
          borderBottomWidth: '1px',
          borderColor: 'brand.100',
        })}
      >
        <div className={container}>
          <HeroHeading
            titleId="about-title"
            eyebrow={<>About {PRODUCT_NAME}</>}
            title="Some feelings are easier to sing"
            titleClassName={css({ maxW: '20ch' })}
            lead={
              <>
                {specMessages.footerTagline} {PRODUCT_NAME} connects you with independent artists who turn your story
                into an original song, made for one person and one moment.
              </>
            }
            leadClassName={css({ maxW: '40em' })}
          />
        </div>
      </section>

      <PageSection titleId="mission-title" title="Our mission" className={section} containerClassName={container}>
        <div className={`${prose} ${css({ mt: '4' })}`}>
          <p>
            Most of us have someone we would write a song for, if only we could. A parent who gave up a lot, a partner
            who stayed, a friend who showed up, someone we miss. We started {PRODUCT_NAME} so that anyone can give that
            person a song that is truly theirs — with their name, their story and the words you have been meaning to
            say.
          </p>
          <p>
            At the same time, we want talented singer-songwriters, in the Philippines and beyond, to earn a living doing
            what they love: writing songs that mean something to the people who receive them.
          </p>
        </div>
      </PageSection>

      <PageSection
        titleId="artists-title"
        title="How we work with artists"
        className={`${section} ${css({ bg: 'bg.subtle' })}`}
        containerClassName={container}
      >
        <ul
          className={cx(
            cardList,
            css({ gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' }, gap: '6' }),
          )}
        >
          {practices.map((practice) => (
            <Card key={practice.title} accent="top" title={practice.title} text={practice.text} />
          ))}
        </ul>
      </PageSection>

      <PageSection titleId="values-title" title="What we care about" className={section} containerClassName={container}>
        <ul
          className={cx(
            cardList,
            css({
              gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
              columnGap: '10',
              rowGap: '6',
            }),
          )}
        >
          {values.map((value) => (
            <li key={value.title} className={css({ display: 'flex', gap: '4' })}>
              <span
                aria-hidden="true"
                className={css({ mt: '1.5', w: '3', h: '3', flexShrink: 0, borderRadius: 'full', bg: 'brand.500' })}
              />
              <div>
                <h3 className={css({ fontSize: 'lg', fontWeight: 'bold' })}>{value.title}</h3>
                <p className={css({ mt: '1', color: 'fg.muted' })}>{value.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </PageSection>

      <CallToAction
        titleId="about-cta-title"
        title="Who will you write a song for?"
        text="Listen to our artists and choose the voice for your story."
        layout="centered"
        className={css({ pb: { base: '12', md: '16' } })}
        containerClassName={container}
      >
        <Link to="/artists" className={buttonRecipe({ size: 'lg', color: 'yellow' })}>
          Meet the artists
        </Link>
        <Link
          to="/artist/application"
          className={cx(ctaLink, css({ display: 'inline-flex', alignItems: 'center', h: '12', px: '4' }))}
        >
          Apply as an artist
        </Link>
      </CallToAction>
    </div>
  );
}
