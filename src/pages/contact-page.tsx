import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { useSessionView } from '../actors/hooks';
import { useSupportEmail, useSupportForm } from '../actors/support';
import { SupportFormFields } from '../components/support/support-form';
import { Button } from '../components/ui/button';
import { pageTitle } from './page-parts';

const page = css({ maxW: '40rem', mx: 'auto', px: { base: '4', md: '6' }, py: { base: '10', md: '14' } });
const lead = css({ mt: '3', color: 'fg.muted', fontSize: { base: 'md', md: 'lg' } });
const panel = css({ mt: '8', bg: 'white', borderRadius: 'xl', boxShadow: 'sm', p: { base: '5', md: '8' } });
const link = css({
  color: 'accent.emphasized',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  _focusVisible: { outline: '3px solid', outlineColor: 'brand.300', outlineOffset: '2px', borderRadius: 'sm' },
});

/** /contact: write to the team; a person answers by email. */
export function ContactPage() {
  const { user } = useSessionView();
  const email = useSupportEmail();
  return (
    <article className={page} aria-labelledby="contact-title">
      <h1 id="contact-title" className={pageTitle}>
        Contact us
      </h1>
      <p className={lead}>
        A question, a problem with an order or a payment, or something we should know: write to us and a person on our
        team answers you by email.
        {email ? (
          <>
            {' '}
            You can also write to{' '}
            <a href={`mailto:${email}`} className={link} data-testid="support-email">
              {email}
            </a>
            .
          </>
        ) : null}
      </p>
      {user?.type === 'user' ? (
        <p className={css({ mt: '3', color: 'fg.muted' })}>
          About one order? Open it in your{' '}
          <Link to="/customer/account/order-history" className={link}>
            order history
          </Link>{' '}
          and choose “Report a problem”: the order goes with your message.
        </p>
      ) : null}
      {/* A new form when someone signs in or out: the name and email are the account's. */}
      <ContactForm key={user?.id ?? 'guest'} />
    </article>
  );
}

function ContactForm() {
  const { view, send } = useSupportForm({ kind: 'page' });
  if (view.sent) {
    return (
      <section className={panel} aria-labelledby="contact-sent-title">
        <h2
          id="contact-sent-title"
          className={css({ fontSize: 'xl', fontWeight: 'bold' })}
          tabIndex={-1}
          ref={(el) => el?.focus()}
        >
          Message sent
        </h2>
        <p role="status" className={css({ mt: '2' })} data-testid="support-sent">
          {view.sentMessage}
        </p>
        <Button className={css({ mt: '5' })} color="secondary" onClick={() => send({ type: 'user.again' })}>
          Write another message
        </Button>
      </section>
    );
  }
  return (
    <section className={panel} aria-label="Contact form">
      <SupportFormFields id="contact-form" view={view} send={send} submitLabel="Send message" />
    </section>
  );
}
