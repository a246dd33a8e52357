import { formatDate, formatDateTime, formatPeso } from '../../contracts/format';
import type { MailContent } from '../mail/layout';

// The account mails of issue 25: a payout account changed, an account deactivated, an artist
// suspended or reactivated, a payout account rejected. Each is essential (always sent).

interface Ctx {
  publicUrl: string;
  firstName: string;
}

const hello = (ctx: Ctx) => `Hello ${ctx.firstName},`;
const notYou =
  'If this was not you, reset your password now with "Forgot password" on the login page and reply to this mail: we hold payouts to the new account until we hear from you.';

export interface PayoutChangedData {
  bank_name: string;
  account_last4: string;
  previous_last4: string;
  changed_at: string;
  held: boolean;
}

export function payoutChangedContent(d: PayoutChangedData, ctx: Ctx): MailContent {
  return {
    subject: 'Your payout account was changed',
    preview: `Your earnings now go to ${d.bank_name} •••• ${d.account_last4}.`,
    greeting: hello(ctx),
    paragraphs: [
      `Your Labsongs payout account was changed on ${formatDateTime(d.changed_at, { zone: true })}. Your earnings are now paid to the account below.`,
      ...(d.held
        ? [
            'The account name is not the name on your Labsongs account, so our team checks it before we pay to it. We will let you know.',
          ]
        : []),
      notYou,
    ],
    facts: [
      ['New account', `${d.bank_name} •••• ${d.account_last4}`],
      ['Previous account', `•••• ${d.previous_last4}`],
    ],
    action: { label: 'Review your payout account', url: `${ctx.publicUrl}/artist/account-settings` },
  };
}

export interface DeactivatedData {
  area: 'user' | 'artist';
  restorable_until: string;
  /** Customer: references of paid orders in progress. */
  orders: string[];
  /** Artist: credited earnings still to be paid out. */
  earnings_centavos: number | null;
}

export function deactivatedContent(d: DeactivatedData, ctx: Ctx): MailContent {
  // A customer page asks to sign in first (the login modal), then opens.
  const loginUrl = d.area === 'artist' ? `${ctx.publicUrl}/artist/login` : `${ctx.publicUrl}/customer/account`;
  const restore = `Changed your mind? Sign in before ${formatDate(d.restorable_until)} and your account is restored. After that date it cannot be restored and your email can be used for a new account.`;
  const what =
    d.area === 'artist'
      ? [
          'You are offline and customers no longer find you. Offers you had not answered were withdrawn, and orders you were working on went to our team to give to another artist. Songs you already submitted are finished as usual.',
          d.earnings_centavos
            ? `Your earnings of ${formatPeso(d.earnings_centavos)} not yet paid out will still be paid to your payout account.`
            : 'Earnings you are owed will still be paid to your payout account.',
        ]
      : [
          d.orders.length > 0
            ? `Your paid orders in progress (${d.orders.join(', ')}) are still finished: we mail you when each song is ready.`
            : 'You had no paid orders in progress.',
        ];
  return {
    subject: 'Your Labsongs account was deactivated',
    preview: `Sign in before ${formatDate(d.restorable_until)} to restore it.`,
    greeting: hello(ctx),
    paragraphs: ['Your Labsongs account was deactivated, as you asked.', ...what, restore],
    action: { label: 'Sign in to restore it', url: loginUrl },
    after: ['If you did not ask for this, sign in to restore your account and change your password.'],
  };
}

export function suspendedContent(d: { reason: string }, ctx: Ctx): MailContent {
  return {
    subject: 'Your Labsongs artist account is suspended',
    preview: 'You cannot sign in while it is suspended.',
    greeting: hello(ctx),
    paragraphs: [
      'Our team suspended your artist account. While it is suspended you cannot sign in, customers do not find you, and your open offers and orders in progress went to other artists.',
      'Earnings you are owed are still paid. The reason our team gave:',
    ],
    quote: d.reason,
    action: { label: 'Read our artist terms', url: `${ctx.publicUrl}/terms` },
    after: ['Reply to this mail if you would like to talk about it.'],
  };
}

export function reactivatedContent(d: { reason: string }, ctx: Ctx): MailContent {
  return {
    subject: 'Your Labsongs artist account is active again',
    preview: 'You are offline until you go online again.',
    greeting: hello(ctx),
    paragraphs: [
      'Our team reactivated your artist account: you can sign in again.',
      'You are offline until you go online again: customers find you and send you offers only once you switch yourself online.',
      'The reason our team gave:',
    ],
    quote: d.reason,
    action: { label: 'Sign in and go online', url: `${ctx.publicUrl}/artist/login` },
  };
}

export function payoutRejectedContent(
  d: { bank_name: string; account_last4: string; reason: string },
  ctx: Ctx,
): MailContent {
  return {
    subject: 'Enter a payout account in your name',
    preview: 'We cannot pay your earnings to the account you entered.',
    greeting: hello(ctx),
    paragraphs: [
      `We cannot pay your earnings to ${d.bank_name} •••• ${d.account_last4}: the account name is not yours. Enter an account in your own name and we pay your earnings to it.`,
      ...(d.reason ? ['Our team wrote:'] : []),
    ],
    ...(d.reason ? { quote: d.reason } : {}),
    action: { label: 'Change your payout account', url: `${ctx.publicUrl}/artist/account-settings` },
  };
}
