import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { PRODUCT_NAME } from '../../contracts/constants';
import { specMessages } from '../../contracts/messages';
import { Button, buttonRecipe } from '../components/ui/button';
import { CallToAction, Card, cardList, ctaLink, HeroHeading, PageSection } from './page-parts';

export interface HomePageProps {
  /** The primary call to action; the app decides whether to open the login modal first. */
  onOrderSong: () => void;
  /** The featured artists (a list of cards); the section is rendered only when this is given. */
  featuredArtists?: ReactNode;
}

const container = css({ maxW: '6xl', mx: 'auto', px: { base: '4', md: '6' } });

const section = css({ py: { base: '12', md: '16' } });

const textLink = css({
  color: 'accent.emphasized',
  fontWeight: 'semibold',
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  _hover: { color: 'brand.800' },
  _focusVisible: { outline: '3px solid', outlineColor: 'brand.300', outlineOffset: '2px', borderRadius: 'sm' },
});

const steps: { title: string; text: string }[] = [
  {
    title: 'Tell us the occasion and the story',
    text: 'Who is the song for, what is the moment, and what should it say? Share names, memories and inside jokes — you can add a voice clip so the artist says every name right.',
  },
  {
    title: 'Choose up to three artists',
    text: 'Listen to their samples and pick the voices you love. Your order goes to them, and the first one to accept writes your song.',
  },
  {
    title: 'Pay securely',
    text: 'Prices are in PHP and shown before you pay. Payment is handled by our payment provider, including DragonPay — we never see or store your card number.',
  },
  {
    title: 'Receive your song',
    text: 'The artist records it, our team checks every recording, then it is yours: listen, download, and share it on a private gift page.',
  },
];

const occasions: { name: string; text: string }[] = [
  { name: 'Birthday', text: 'A birthday song that is actually about them — their name, their year, their quirks.' },
  { name: 'Anniversary', text: 'How you met, what you have been through, why you would do it all again.' },
  { name: 'Wedding', text: 'A first dance, a walk down the aisle, or a gift from the family that no one will forget.' },
  { name: 'Proposal', text: 'Ask the question with a song that tells your story before you get down on one knee.' },
  { name: 'Mother’s & Father’s Day', text: 'Say the thank-you that is hard to put into words — set to music.' },
  { name: 'Memorial', text: 'A gentle tribute that keeps a loved one’s memory, stories and spirit close.' },
];

const faqs: { question: string; answer: ReactNode }[] = [
  {
    question: 'Who writes and sings the song?',
    answer:
      'A real, independent artist who applied to us and was approved by our team. Every song is written and recorded by a person, for your story only.',
  },
  {
    question: 'Why can I choose up to three artists?',
    answer:
      'It gives your order the best chance of being picked up quickly. The first artist you chose to accept the order writes the song. If none of them takes it, we mail you: choose other artists or cancel for a full refund — and if you do neither within 7 days, we refund you in full automatically.',
  },
  {
    question: 'How much does a song cost, and how do I pay?',
    answer:
      'Each artist sets their own price in Philippine pesos (PHP), and you see the total before you pay. You pay at checkout through our payment provider; DragonPay is supported.',
  },
  {
    question: 'What if the song is not quite right?',
    answer:
      'Every order includes two revisions, for example to fix a name, adjust a line of the lyrics or change the mood within your original story.',
  },
  {
    question: 'Who can hear my song?',
    answer:
      'Only you, until you decide to share it. Our team listens to check quality before delivery, and the gift page is private: only people with its link can open it.',
  },
  {
    question: 'Can I use the song commercially?',
    answer: (
      <>
        The song is for personal, non-commercial use — play it, gift it, share it with family and friends. The artist
        keeps the authorship. See our{' '}
        <Link to="/terms" className={textLink}>
          Terms of Service
        </Link>{' '}
        for the details.
      </>
    ),
  },
];

function HeroArt() {
  // Decorative only: a record with music notes, drawn with SVG shapes.
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 240 240"
      className={css({ w: { base: '40', md: '64' }, h: 'auto', flexShrink: 0 })}
    >
      <circle cx="120" cy="120" r="110" fill="#ffedd5" />
      <circle cx="120" cy="120" r="84" fill="#c2410c" />
      <circle cx="120" cy="120" r="70" fill="none" stroke="#ea580c" strokeWidth="2" />
      <circle cx="120" cy="120" r="56" fill="none" stroke="#ea580c" strokeWidth="2" />
      <circle cx="120" cy="120" r="26" fill="#fff7ed" />
      <path d="M128 104v18a7 7 0 1 1-4-6.3V108l-10 2.5v16a7 7 0 1 1-4-6.3V107.5L128 104z" fill="#c2410c" />
      <path d="M196 28v30a9 9 0 1 1-5-8.1V34l-16 4v26a9 9 0 1 1-5-8.1V33l26-5z" fill="#fb923c" />
      <path d="M40 178v20a7 7 0 1 1-4-6.3V178h4z" fill="#fb923c" />
    </svg>
  );
}

export function HomePage({ onOrderSong, featuredArtists }: HomePageProps) {
  return (
    <div>
      {/* Hero */}
      <section
        aria-labelledby="home-title"
        className={css({
          bgGradient: 'to-b',
          gradientFrom: 'brand.50',
          gradientTo: 'bg.canvas',
          py: { base: '12', md: '20' },
        })}
      >
        <div
          className={`${container} ${css({
            display: 'flex',
            flexDirection: { base: 'column-reverse', md: 'row' },
            alignItems: 'center',
            gap: { base: '8', md: '12' },
          })}`}
        >
          <div className={css({ flex: '1', textAlign: { base: 'center', md: 'left' } })}>
            <HeroHeading
              titleId="home-title"
              eyebrow={specMessages.footerTagline}
              title="A song written for the one you love"
              lead="Tell us your story and a real artist turns it into an original song — for a birthday, an anniversary, a proposal, or just because."
              leadClassName={css({ maxW: '34em', mx: { base: 'auto', md: '0' } })}
            />
            <div
              className={css({
                mt: '8',
                display: 'flex',
                flexWrap: 'wrap',
                gap: '3',
                justifyContent: { base: 'center', md: 'flex-start' },
              })}
            >
              <Button size="lg" color="primary" onClick={onOrderSong}>
                Order a song
              </Button>
              <Link to="/artists" className={buttonRecipe({ size: 'lg', color: 'secondary' })}>
                Meet the artists
              </Link>
            </div>
            <ul
              className={css({
                mt: '6',
                display: 'flex',
                flexWrap: 'wrap',
                gap: { base: '2', sm: '4' },
                justifyContent: { base: 'center', md: 'flex-start' },
                fontSize: 'sm',
                color: 'fg.muted',
                listStyle: 'none',
              })}
            >
              {['Written and sung by real artists', 'Checked by our team', 'Prices in PHP'].map((item) => (
                <li key={item} className={css({ display: 'inline-flex', alignItems: 'center', gap: '2' })}>
                  <span aria-hidden="true" className={css({ w: '2', h: '2', borderRadius: 'full', bg: 'brand.500' })} />
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <HeroArt />
        </div>
      </section>

      {/* Featured artists: only once the catalogue provides them */}
      {featuredArtists ? (
        <PageSection
          titleId="featured-artists-title"
          title="Featured artists"
          action={
            <Link to="/artists" className={textLink}>
              See all artists
            </Link>
          }
          className={section}
          containerClassName={container}
        >
          <div className={css({ mt: '6' })}>{featuredArtists}</div>
        </PageSection>
      ) : null}

      {/* How it works */}
      <PageSection
        titleId="how-it-works-title"
        title="How it works"
        lead="From your story to their song in four steps."
        className={`${section} ${css({ bg: 'bg.subtle' })}`}
        containerClassName={container}
      >
        <ol
          className={cx(
            cardList,
            css({
              gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
              gap: '6',
            }),
          )}
        >
          {steps.map((step, index) => (
            <Card
              key={step.title}
              marker={
                <span
                  aria-hidden="true"
                  className={css({
                    display: 'inline-flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    w: '10',
                    h: '10',
                    borderRadius: 'full',
                    bg: 'brand.700',
                    color: 'white',
                    fontWeight: 'bold',
                    fontSize: 'lg',
                  })}
                >
                  {index + 1}
                </span>
              }
              title={
                <>
                  <span className={css({ srOnly: true })}>Step {index + 1}: </span>
                  {step.title}
                </>
              }
              text={step.text}
            />
          ))}
        </ol>
      </PageSection>

      {/* Occasions */}
      <PageSection
        titleId="occasions-title"
        title="A song for every occasion"
        lead="The big days, the quiet ones, and the moments you want to remember."
        className={section}
        containerClassName={container}
      >
        <ul
          className={cx(
            cardList,
            css({
              gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
              gap: '5',
            }),
          )}
        >
          {occasions.map((occasion) => (
            <li
              key={occasion.name}
              className={css({
                position: 'relative',
                overflow: 'hidden',
                borderRadius: 'xl',
                borderWidth: '1px',
                borderColor: 'brand.100',
                bg: 'brand.50',
                p: '6',
                pt: '7',
                _before: {
                  content: '""',
                  position: 'absolute',
                  insetX: '0',
                  top: '0',
                  h: '1.5',
                  bg: 'brand.500',
                },
              })}
            >
              <h3 className={css({ fontSize: 'xl', fontWeight: 'bold', color: 'brand.900' })}>{occasion.name}</h3>
              <p className={css({ mt: '2', color: 'gray.700' })}>{occasion.text}</p>
            </li>
          ))}
        </ul>
        <p className={css({ mt: '6', color: 'fg.muted' })}>
          Graduations, thank-yous, friendships, or just because — if it matters to you, it deserves a song.
        </p>
        <div className={css({ mt: '6' })}>
          <Button size="lg" color="primary" onClick={onOrderSong}>
            Order a song
          </Button>
        </div>
      </PageSection>

      {/* For artists */}
      <CallToAction
        titleId="for-artists-title"
        title="Are you a singer-songwriter?"
        text="Write songs that people keep forever. Set your price, go online when you are ready to take orders, and get paid for every song you deliver."
        layout="split"
        className={css({ py: { base: '4', md: '8' } })}
        containerClassName={container}
      >
        <Link to="/artist/application" className={buttonRecipe({ size: 'lg', color: 'yellow' })}>
          Apply as an artist
        </Link>
        <Link to="/artist/login" className={cx(ctaLink, css({ px: '2' }))}>
          Artist login
        </Link>
      </CallToAction>

      {/* FAQ */}
      <PageSection
        titleId="faq-title"
        title="Frequently asked questions"
        className={section}
        containerClassName={css({ maxW: '3xl', mx: 'auto', px: { base: '4', md: '6' } })}
      >
        <div className={css({ mt: '6', borderTopWidth: '1px', borderColor: 'border.default' })}>
          {faqs.map((faq) => (
            <details key={faq.question} className={css({ borderBottomWidth: '1px', borderColor: 'border.default' })}>
              <summary
                className={css({
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  gap: '4',
                  py: '4',
                  cursor: 'pointer',
                  fontWeight: 'semibold',
                  fontSize: { base: 'md', md: 'lg' },
                  listStyle: 'none',
                  '&::-webkit-details-marker': { display: 'none' },
                  _hover: { color: 'accent.emphasized' },
                  _focusVisible: { outline: '3px solid', outlineColor: 'brand.300', outlineOffset: '2px' },
                })}
              >
                {faq.question}
                <svg
                  aria-hidden="true"
                  focusable="false"
                  viewBox="0 0 20 20"
                  className={css({
                    w: '5',
                    h: '5',
                    flexShrink: 0,
                    color: 'accent.emphasized',
                    transition: 'transform 0.2s',
                    _motionReduce: { transition: 'none' },
                    '[open] > summary > &': { transform: 'rotate(180deg)' },
                  })}
                >
                  <path
                    d="M5 7.5l5 5 5-5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              </summary>
              <p className={css({ pb: '5', color: 'fg.muted', maxW: '65ch' })}>{faq.answer}</p>
            </details>
          ))}
        </div>
        <p className={css({ mt: '8', color: 'fg.muted' })}>
          Still wondering? Read{' '}
          <Link to="/about" className={textLink}>
            how {PRODUCT_NAME} works with artists
          </Link>
          .
        </p>
      </PageSection>
    </div>
  );
}
