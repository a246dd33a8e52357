import { Link } from '@tanstack/react-router';
import { PRODUCT_NAME } from '../../contracts/constants';
import { SupportEmailLink } from '../components/support/support-email-link';
import { focusRing, LegalDocument, type LegalSection } from './legal-document';

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    content: (
      <>
        <p>
          {PRODUCT_NAME} is an online marketplace, based in the Philippines, where customers commission personalised
          songs from independent artists. For the personal information described here, {PRODUCT_NAME} is the personal
          information controller under the Data Privacy Act of 2012 (Republic Act No. 10173), its Implementing Rules and
          Regulations, and the issuances of the National Privacy Commission (NPC).
        </p>
        <p>
          This policy applies to everyone who uses {PRODUCT_NAME}: customers, the people songs are made for, artists and
          applicants, and visitors to our website.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    content: (
      <>
        <h3>Account details</h3>
        <ul>
          <li>Your name, email address and mobile number.</li>
          <li>Your password, which we store only in a hashed form we cannot read.</li>
          <li>Your preferences, such as notification settings.</li>
        </ul>
        <h3>Order briefs</h3>
        <ul>
          <li>
            The occasion, the recipient’s name and how to pronounce it, your relationship, and the story, memories and
            details you want in the song.
          </li>
          <li>
            Voice clips you record or upload, for example to show how a name is said or to share a message in your own
            voice.
          </li>
          <li>Revision requests and messages about your order.</li>
        </ul>
        <p>
          A brief often contains information about someone else. Please share only what you are comfortable with and
          what the recipient would reasonably expect to hear in a song made for them. Avoid sensitive details (such as
          health, religious beliefs or government ID numbers) unless they are truly part of the story.
        </p>
        <h3>Payment references</h3>
        <ul>
          <li>The amount, currency (PHP), date, status and the payment provider’s transaction reference.</li>
          <li>Refund records, where a refund applies.</li>
        </ul>
        <p>
          <strong>We never see or store your card number, bank login or e-wallet credentials.</strong> Payments are
          processed by our payment provider (for example, DragonPay), which handles that information under its own
          privacy policy and security standards.
        </p>
        <h3>Artists and applicants</h3>
        <ul>
          <li>
            Your application: name, stage name, contact details, country, biography, sample recordings and links you
            provide.
          </li>
          <li>The details we need to pay you for each song, and records of those payouts.</li>
          <li>The recordings you upload for orders.</li>
        </ul>
        <h3>Technical information</h3>
        <ul>
          <li>
            Sign-in data and cookies or local storage needed to keep you signed in and remember settings such as player
            volume.
          </li>
          <li>Server logs (IP address, browser type, pages requested, time) kept for security and troubleshooting.</li>
        </ul>
        <p>We do not use advertising cookies, and we do not sell your personal information.</p>
      </>
    ),
  },
  {
    id: 'why-we-use-it',
    title: 'Why we use it',
    content: (
      <>
        <p>We use personal information only for these purposes:</p>
        <ul>
          <li>
            <strong>To make and deliver your song</strong>: sharing your brief with the artists you chose, letting an
            artist accept and record it, having our team check the recording, and delivering it to you and to your
            private gift page.
          </li>
          <li>
            <strong>To take payments and issue refunds</strong>, and to pay artists for the songs they deliver.
          </li>
          <li>
            <strong>To run your account</strong>: sign-in, notifications about your order, and customer support.
          </li>
          <li>
            <strong>To review artist applications</strong> and decide whether to approve them.
          </li>
          <li>
            <strong>To keep {PRODUCT_NAME} safe</strong>: preventing fraud and abuse, enforcing our{' '}
            <Link to="/terms" className={focusRing}>
              Terms of Service
            </Link>
            , and fixing problems.
          </li>
          <li>
            <strong>To meet legal obligations</strong>, such as tax and accounting rules, and lawful requests from
            authorities.
          </li>
          <li>
            <strong>To send you news and offers</strong>, only if you have agreed to receive them. You can unsubscribe
            at any time.
          </li>
        </ul>
        <p>
          Under the Data Privacy Act, we process your information because it is needed to fulfil our contract with you,
          to comply with the law, for our legitimate interests (such as security and improving the service), or with
          your consent. Where we rely on consent, you can withdraw it at any time.
        </p>
      </>
    ),
  },
  {
    id: 'who-we-share-it-with',
    title: 'Who we share it with',
    content: (
      <>
        <ul>
          <li>
            <strong>The artists you choose</strong> see your brief so they can decide whether to accept it and write the
            song. They do not receive your payment details, and they may use your brief only for your order.
          </li>
          <li>
            <strong>Our payment provider</strong> receives what it needs to process your payment or refund.
          </li>
          <li>
            <strong>Service providers</strong> that host our website, store files and send emails for us. They act on
            our instructions, under written agreements that require them to protect your information.
          </li>
          <li>
            <strong>People you share your gift page with.</strong> The gift page is private and can only be opened by
            someone who has its link. Anyone you give the link to can listen to the song.
          </li>
          <li>
            <strong>Authorities</strong>, when the law requires it or to protect the rights and safety of our users.
          </li>
        </ul>
        <p>
          Some of our service providers may store data outside the Philippines. When that happens, we make sure your
          information stays protected to the standard the Data Privacy Act requires.
        </p>
      </>
    ),
  },
  {
    id: 'how-long-we-keep-it',
    title: 'How long we keep it',
    content: (
      <>
        <p>We keep personal information only as long as we need it:</p>
        <ul>
          <li>
            <strong>Account details</strong>: while your account is open. When you close it, we delete or anonymise them
            within 30 days, except what we must keep for the reasons below.
          </li>
          <li>
            <strong>Order briefs and voice clips</strong>: until the order is complete and the revision period has
            ended, so the artist can get the details right. After that, we delete voice clips within 90 days and keep
            only the written brief with your order history for as long as your account is open.
          </li>
          <li>
            <strong>Delivered songs</strong>: for as long as your account is open, so you can listen to them again.
          </li>
          <li>
            <strong>Payment and payout records</strong>: for the period required by Philippine tax and accounting rules.
          </li>
          <li>
            <strong>Unsuccessful artist applications</strong>: up to 12 months, so we can handle a re-application.
          </li>
          <li>
            <strong>Server logs</strong>: up to 90 days, unless needed to investigate a security incident.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-protect-it',
    title: 'How we protect it',
    content: (
      <>
        <p>
          We use encryption in transit (HTTPS), hashed passwords, access limited to the people who need it, and regular
          reviews of who can see what. Our team members who check recordings are bound by confidentiality.
        </p>
        <p>
          No system is perfectly secure. If a personal data breach happens that is likely to put you at risk, we will
          notify the National Privacy Commission and you within 72 hours of becoming aware of it, as the NPC’s rules
          require, and tell you what we are doing about it.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    content: (
      <>
        <p>Under the Data Privacy Act, you have the right to:</p>
        <ul>
          <li>
            <strong>Be informed</strong> about how your personal information is used — which is what this policy is for.
          </li>
          <li>
            <strong>Access</strong> the personal information we hold about you.
          </li>
          <li>
            <strong>Correct</strong> information that is inaccurate or incomplete.
          </li>
          <li>
            <strong>Object</strong> to processing, including direct marketing, and withdraw consent you have given.
          </li>
          <li>
            <strong>Erasure or blocking</strong> of information that is no longer needed or was processed unlawfully.
          </li>
          <li>
            <strong>Data portability</strong>: receive a copy of your information in a commonly used electronic format.
          </li>
          <li>
            <strong>Damages</strong> if you are harmed by inaccurate, incomplete, outdated, false, unlawfully obtained
            or unauthorised use of your personal information.
          </li>
          <li>
            <strong>File a complaint</strong> with the National Privacy Commission.
          </li>
        </ul>
        <p>
          To use any of these rights, write to us through our{' '}
          <Link to="/contact" className={focusRing}>
            contact page
          </Link>
          <SupportEmailLink before=" or by email at " className={focusRing} />. We will reply within 30 days and may ask
          you to confirm your identity first. If a song was made about you and you want your details removed, you can
          contact us too.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    content: (
      <p>
        You must be at least 18 years old to create an account. Songs can of course be made for children; in that case
        the adult placing the order is responsible for the information shared about the child, and we ask that you share
        only what the song needs.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        We may update this policy when our service or the law changes. We will change the “Last updated” date above, and
        if the changes are significant we will tell you by email or on the website before they take effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <p>
        For any question about your privacy or this policy, contact our Data Protection Officer through our{' '}
        <Link to="/contact" className={focusRing}>
          contact page
        </Link>
        <SupportEmailLink before=" or by email at " className={focusRing} />.
      </p>
    ),
  },
];

export function PrivacyPolicyPage() {
  return (
    <LegalDocument
      idPrefix="privacy"
      title="Privacy Policy"
      lastUpdated={{ dateTime: '2026-11', label: 'November 2026' }}
      intro={
        <>
          A song starts with a story, and stories are personal. This policy explains, in plain language, what
          information {PRODUCT_NAME} collects, why, how long we keep it and what you can do about it.
        </>
      }
      sections={sections}
    />
  );
}
