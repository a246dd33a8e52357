import { Link } from '@tanstack/react-router';
import { PRODUCT_NAME } from '../../contracts/constants';
import { SupportEmailLink } from '../components/support/support-email-link';
import { focusRing, LegalDocument, type LegalSection } from './legal-document';

const sections: LegalSection[] = [
  {
    id: 'about-these-terms',
    title: 'About these terms',
    content: (
      <>
        <p>
          These terms are an agreement between you and {PRODUCT_NAME}, an online marketplace based in the Philippines
          where customers commission personalised songs from independent artists. By creating an account or placing an
          order, you agree to them. If you do not agree, please do not use {PRODUCT_NAME}.
        </p>
        <p>
          Artists on {PRODUCT_NAME} are independent creators, not our employees. They also agree to a separate artist
          agreement with us. How we handle your personal information is explained in our{' '}
          <Link to="/privacy-policy" className={focusRing}>
            Privacy Policy
          </Link>
          .
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts',
    content: (
      <ul>
        <li>You must be at least 18 years old and able to enter into a binding contract to create an account.</li>
        <li>Give accurate information and keep it up to date, especially your email address, so we can reach you.</li>
        <li>
          Keep your password secret. You are responsible for what happens in your account; tell us straight away if you
          think someone else has used it.
        </li>
        <li>
          Artists apply to join and can take orders only after our team approves their application. We may decline an
          application without giving a reason.
        </li>
      </ul>
    ),
  },
  {
    id: 'orders-and-payment',
    title: 'Orders and payment',
    content: (
      <>
        <h3>Placing an order</h3>
        <p>
          To order a song, you fill in a brief — the occasion, the recipient and the story — and choose up to three
          artists. Your order is offered to those artists, and the first one to accept it writes and records your song.
          Artists may decline any order, for example if it is outside their style or schedule.
        </p>
        <h3>Prices</h3>
        <p>
          Prices are set by each artist and shown in Philippine pesos (PHP), including any fees, before you pay. The
          price you pay is the price at checkout; later price changes do not affect your order.
        </p>
        <h3>Payment</h3>
        <p>
          You pay in full at checkout. Payments are processed by our payment provider (for example, DragonPay), under
          its own terms. We do not receive or store your card number or banking credentials. Your order is sent to the
          artists once the payment is confirmed.
        </p>
      </>
    ),
  },
  {
    id: 'delivery-and-revisions',
    title: 'Delivery and revisions',
    content: (
      <>
        <p>
          After an artist accepts your order, they write and record the song. Before you hear it, our team checks every
          recording — for example that the names and details match your brief and that the sound quality is good. We may
          send it back to the artist to fix before delivery.
        </p>
        <p>
          When your song is approved, we notify you. You can listen to it and download it in your account, and share it
          through a private gift page that only people with the link can open. Any delivery time shown is an estimate
          given in good faith; we will keep you informed if it changes.
        </p>
        <h3>Revisions</h3>
        <p>
          Each order includes <strong>two revisions</strong> by default. A revision is a change within your original
          brief: correcting a name or detail, adjusting lines of the lyrics, or changing the mood or tempo. A new story,
          a different recipient or an entirely different song is a new order, not a revision. Please ask for revisions
          within 14 days of delivery.
        </p>
      </>
    ),
  },
  {
    id: 'cancellations-and-refunds',
    title: 'Cancellations and refunds',
    content: (
      <>
        <p>You get a full refund when:</p>
        <ul>
          <li>
            <strong>No artist takes your order</strong> — none of the artists you chose accepts it; or
          </li>
          <li>
            <strong>You cancel before an artist accepts</strong> your order.
          </li>
        </ul>
        <p>
          Once an artist has accepted your order, they start working on it, so the order can no longer be cancelled for
          a refund. If an accepted order cannot be delivered — for example because the artist is unable to finish it —
          we will offer you another artist or a full refund.
        </p>
        <p>
          Refunds go back through the payment provider, to the original payment method where possible. How quickly the
          money reaches you depends on the provider and your bank or e-wallet. Nothing in these terms limits your rights
          under the Consumer Act of the Philippines (Republic Act No. 7394) or other laws that protect consumers.
        </p>
      </>
    ),
  },
  {
    id: 'your-song-and-licence',
    title: 'Your song and your licence',
    content: (
      <>
        <p>
          <strong>The artist keeps authorship</strong> of the song — the lyrics, the melody and the recording — and the
          rights the Intellectual Property Code of the Philippines gives authors, including being credited as the
          author.
        </p>
        <p>
          When your song is delivered, you receive a <strong>personal, non-commercial licence</strong> to use it,
          without time limit, anywhere in the world. You may:
        </p>
        <ul>
          <li>listen to it, download it and keep copies;</li>
          <li>give it to the recipient and play it at private and family events, such as a party or a wedding;</li>
          <li>
            share it with family and friends, including on your personal social media accounts, without monetising it.
          </li>
        </ul>
        <p>You may not, without the artist’s written permission:</p>
        <ul>
          <li>sell, license or resell the song, or use it in advertising or to promote a business;</li>
          <li>release it on streaming or download platforms, or register it with a content identification system;</li>
          <li>change the song and present it as the artist’s work, or claim that you wrote or performed it.</li>
        </ul>
        <p>
          Because the song is about your story, the artist and {PRODUCT_NAME} will not use it publicly — for example in
          a portfolio or promotion — without your permission.
        </p>
        <h3>Your brief</h3>
        <p>
          You keep the rights in what you send us. You allow the artist and {PRODUCT_NAME} to use your brief and voice
          clips to make, check and deliver your song. You confirm that you have the right to share them, including the
          consent of anyone whose voice is in a clip.
        </p>
      </>
    ),
  },
  {
    id: 'prohibited-content',
    title: 'Prohibited content',
    content: (
      <>
        <p>Do not ask for, upload or share content that:</p>
        <ul>
          <li>harasses, threatens, bullies or humiliates anyone, including the recipient;</li>
          <li>
            is hateful or discriminatory on the basis of race, ethnicity, religion, sex, gender, sexual orientation,
            disability or age;
          </li>
          <li>is sexually explicit, or sexualises minors in any way;</li>
          <li>is defamatory, or shares someone’s private information without their consent;</li>
          <li>copies or imitates an existing copyrighted song, or impersonates a real artist;</li>
          <li>promotes violence, self-harm or illegal activity;</li>
          <li>is spam, a scam or an attempt to move payments outside {PRODUCT_NAME}.</li>
        </ul>
        <p>
          Artists may decline such orders, and we may refuse or cancel them and suspend the accounts involved. If we
          cancel an order before an artist accepts it, you are refunded in full.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    content: (
      <>
        <p>
          We work hard to keep {PRODUCT_NAME} available and to deliver songs that match your brief, but music is
          creative work and taste is personal: a song that follows your brief but is not to your taste is not a fault in
          the service. Revisions are there to help get it right.
        </p>
        <p>
          To the extent the law allows, {PRODUCT_NAME} is not liable for indirect or consequential losses (such as a
          missed event or lost profits), and our total liability for any order is limited to the amount you paid for
          that order. We are not responsible for the services of the payment provider or for delays caused by events
          beyond our reasonable control.
        </p>
        <p>
          Nothing in these terms excludes or limits liability that cannot be excluded or limited under Philippine law,
          including liability for fraud, bad faith or gross negligence.
        </p>
      </>
    ),
  },
  {
    id: 'suspension-and-closing',
    title: 'Suspension and closing your account',
    content: (
      <p>
        You can close your account at any time. We may suspend or close an account that breaks these terms, puts other
        users at risk or is used for fraud. Orders already paid for are handled fairly, following the refund rules
        above.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <p>
        We may update these terms when our service or the law changes. We will change the “Last updated” date above and,
        for significant changes, tell you by email or on the website before they take effect. Orders placed before a
        change keep the terms that applied when you paid.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law and disputes',
    content: (
      <p>
        These terms are governed by the laws of the Republic of the Philippines. If something goes wrong, please contact
        us first — most problems are solved quickly that way. Any dispute we cannot resolve together will be brought
        before the proper courts of the Philippines, without prejudice to your right to seek help from the Department of
        Trade and Industry or other government agencies.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <p>
        Questions about these terms or an order? Write to us through our{' '}
        <Link to="/contact" className={focusRing}>
          contact page
        </Link>
        <SupportEmailLink before=" or by email at " className={focusRing} />. For privacy questions, see our{' '}
        <Link to="/privacy-policy" className={focusRing}>
          Privacy Policy
        </Link>
        .
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      idPrefix="terms"
      title="Terms of Service"
      lastUpdated={{ dateTime: '2026-11', label: 'November 2026' }}
      intro={
        <>
          These terms set out how ordering, making and delivering a song on {PRODUCT_NAME} works, and what you and we
          can expect from each other. We have tried to keep them short and plain.
        </>
      }
      sections={sections}
    />
  );
}
