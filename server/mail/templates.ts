import type { AccountType } from '../../contracts/account';
import {
  countOf,
  formatDate,
  formatDateTime,
  formatDeadline,
  formatPeso,
  formatPesosWithCentavos,
  pluralWord,
} from '../../contracts/format';
import type { MailCategory } from '../../contracts/mail';
import { paymentMethods } from '../../contracts/order';
import { refundLine, refundNextStep } from '../../contracts/refunds';
import { approvedContent, rejectedContent } from '../admin/review.mail';
import { applicationContent } from '../artists/application.mail';
import { passwordChangedContent, passwordResetContent } from '../auth/password-reset.mail';
import { confirmEmailContent, welcomeContent } from '../auth/welcome.mail';
import {
  type DeactivatedData,
  deactivatedContent,
  type PayoutChangedData,
  payoutChangedContent,
  payoutRejectedContent,
  reactivatedContent,
  suspendedContent,
} from '../users/account-care.mail';
import { type DigestItem, type DigestItemKind, renderDigest } from './admin-digest';
import type { MailContent } from './layout';

export type { DigestItem, DigestItemKind } from './admin-digest';

// Every mail the product sends, by kind. A kind names its category (null: essential, always sent)
// and renders from the payload captured when its event happened. Adding a mail for a new event is
// one entry here plus one enqueueMail/enqueueUserMail call where the event is written.

/** What every order mail knows of its order. */
export interface OrderFacts {
  order_id: number;
  reference: string;
  /** Lower-case occasion name, e.g. "birthday". */
  occasion: string;
  recipient: string;
  price_centavos: number;
  /** The artist's stage name, once one took the order. */
  artist?: string;
}

export interface RenderContext {
  publicUrl: string;
  firstName: string;
}

interface Template<D> {
  category: MailCategory | null;
  /** The settings screen of the recipient's area (for the footer), when the category can be turned off there. */
  area?: AccountType;
  render(data: D, ctx: RenderContext): MailContent;
}

const customerOrderUrl = (ctx: RenderContext, o: OrderFacts) =>
  `${ctx.publicUrl}/customer/account/orders/${o.order_id}`;
const artistUrl = (ctx: RenderContext, screen: string) => `${ctx.publicUrl}/artist/${screen}`;
const hello = (ctx: RenderContext) => `Hello ${ctx.firstName},`;
const orderFact = (o: OrderFacts): [string, string] => ['Order', o.reference];
const methodLabel = (method: string) => paymentMethods.find((m) => m.value === method)?.display ?? method;

const define = <D>(template: Template<D>) => template;

/** Her notes as a mail quotes them: trimmed, and cut at a word near `max` characters. */
export function quotedNotes(notes: string, max = 400): string {
  const text = notes.trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A revised song is ready: which version, and what she asked for. */
function revisedSongReady(order: OrderFacts, version: number, notes: string, ctx: RenderContext): MailContent {
  const artist = order.artist ?? 'The artist';
  return {
    subject: `Version ${version} of your song for ${order.recipient} is ready (${order.reference})`,
    preview: `${artist} made the changes you asked for.`,
    greeting: hello(ctx),
    paragraphs: [
      `${artist} made version ${version} of the song for ${order.recipient} after your notes${notes.trim() ? ' (quoted below)' : ''}, and it passed our checks. Listen to it, then accept it or ask for changes. Every earlier version stays on your order page.`,
    ],
    facts: [orderFact(order), ['Version', String(version)]],
    ...(notes.trim() ? { quote: quotedNotes(notes) } : {}),
    action: { label: `Listen to version ${version}`, url: customerOrderUrl(ctx, order) },
  };
}
/** Unread messages in an order's thread: how many, and who wrote those the mail is about. */
interface UnreadMessagesData {
  order: OrderFacts;
  count: number;
  from: string[];
}

function unreadMessagesContent(d: UnreadMessagesData, ctx: RenderContext, url: string): MailContent {
  const waiting = `${countOf(d.count, 'new message')} ${pluralWord(d.count, 'is', 'are')} waiting for you`;
  return {
    subject: `${waiting} (${d.order.reference})`,
    preview: `${d.from.join(', ')} wrote about the ${d.order.occasion} song for ${d.order.recipient}.`,
    greeting: hello(ctx),
    paragraphs: [
      `${d.from.join(', ')} wrote to you about the ${d.order.occasion} song for ${d.order.recipient} (order ${d.order.reference}), and it is still unread. Read and answer on the order page: the whole conversation stays with the order.`,
    ],
    facts: [orderFact(d.order), ['Unread messages', String(d.count)]],
    action: { label: pluralWord(d.count, 'Read the message', 'Read the messages'), url },
  };
}

const refundMailFacts = (centavos: number) => ({
  amount: centavos / 100,
  sent_at: null,
  method: null,
  reference: null,
});

export const mailTemplates = {
  // ---- Customers -----------------------------------------------------------------------------------
  order_placed: define<{ order: OrderFacts }>({
    category: 'payment_reminders',
    area: 'user',
    render: ({ order }, ctx) => ({
      subject: `Order ${order.reference} is waiting for payment`,
      preview: `Pay ${formatPeso(order.price_centavos)} to send your song request to the artists.`,
      greeting: hello(ctx),
      paragraphs: [
        `Thank you for your ${order.occasion} song order for ${order.recipient}. It waits for your payment: the artists you chose see it as soon as it is paid.`,
      ],
      facts: [orderFact(order), ['Amount to pay', formatPeso(order.price_centavos)]],
      // The pay page opens a checkout for this order with the payment methods (pay again).
      action: { label: 'Pay now', url: `${ctx.publicUrl}/pay/${order.order_id}` },
    }),
  }),
  payment_receipt: define<{
    order: OrderFacts;
    amount_centavos: number;
    method: string;
    payment_reference: string;
    paid_at: string;
    artists: string[];
  }>({
    category: null,
    render: (d, ctx) => ({
      subject: `Receipt for order ${d.order.reference}`,
      preview: `We received ${formatPeso(d.amount_centavos)}. Your song request is with the artists.`,
      greeting: hello(ctx),
      paragraphs: [
        `We received your payment. Your song request for ${d.order.recipient} is now with the ${pluralWord(d.artists.length, 'artist')} you chose; the first to accept writes your song.`,
      ],
      facts: [
        orderFact(d.order),
        ['Amount paid', formatPeso(d.amount_centavos)],
        ['Method', methodLabel(d.method)],
        ['Payment reference', d.payment_reference],
        ['Paid on', formatDateTime(d.paid_at, { zone: true })],
        ['Artists asked', d.artists.join(', ')],
      ],
      action: { label: 'See your order', url: customerOrderUrl(ctx, d.order) },
    }),
  }),
  artist_accepted: define<{ order: OrderFacts; due_at: string | null }>({
    category: 'order_progress',
    area: 'user',
    render: ({ order, due_at }, ctx) => ({
      subject: `${order.artist ?? 'An artist'} is writing your song (${order.reference})`,
      preview: 'Your order was accepted.',
      greeting: hello(ctx),
      paragraphs: [`${order.artist ?? 'An artist'} accepted your ${order.occasion} song for ${order.recipient}.`],
      facts: [orderFact(order), ...(due_at ? [['Song due by', formatDeadline(due_at)] as [string, string]] : [])],
      action: { label: 'See your order', url: customerOrderUrl(ctx, order) },
    }),
  }),
  // `version` from 2 on: a revision she asked for, made after her notes (lifecycle/song-versions.ts).
  song_ready: define<{ order: OrderFacts; version?: number; notes?: string | null }>({
    category: 'order_progress',
    area: 'user',
    render: ({ order, version, notes }, ctx) =>
      version && version > 1
        ? revisedSongReady(order, version, notes ?? '', ctx)
        : {
            subject: `Your song for ${order.recipient} is ready (${order.reference})`,
            preview: 'Listen to it, then accept it or ask for changes.',
            greeting: hello(ctx),
            paragraphs: [
              `The song for ${order.recipient} passed our checks and is ready to listen to. Accept it, or ask the artist for changes.`,
            ],
            facts: [orderFact(order)],
            action: { label: 'Listen to your song', url: customerOrderUrl(ctx, order) },
          },
  }),
  // Messages unread for UNREAD_MAIL_MINUTES, once per burst (server/messages/message-alerts.ts). Never the
  // messages' words: the conversation, with its masking, stays on the order page.
  messages_waiting: define<UnreadMessagesData>({
    category: 'messages',
    area: 'user',
    render: (d, ctx) => unreadMessagesContent(d, ctx, customerOrderUrl(ctx, d.order)),
  }),
  // The three refund mails say what contracts/refunds.ts says on every screen (machines/refund.machine.ts).
  refund_recorded: define<{ order: OrderFacts; amount_centavos: number; reason: string }>({
    category: null,
    render: (d, ctx) => {
      const line = refundLine({ ...refundMailFacts(d.amount_centavos), status: 'owed' });
      return {
        subject: `${line} (order ${d.order.reference})`,
        preview: refundNextStep({ status: 'owed' }),
        greeting: hello(ctx),
        paragraphs: [`${line}. ${refundNextStep({ status: 'owed' })}`],
        facts: [
          orderFact(d.order),
          ['Refund', formatPesosWithCentavos(d.amount_centavos / 100)],
          ['Status', 'Owed to you'],
        ],
        ...(d.reason ? { quote: d.reason } : {}),
        action: { label: 'See your order', url: customerOrderUrl(ctx, d.order) },
      };
    },
  }),
  refund_sent: define<{
    order: OrderFacts;
    amount_centavos: number;
    sent_at: string;
    method: string;
    reference: string;
  }>({
    category: null,
    render: (d, ctx) => {
      const line = refundLine({ ...refundMailFacts(d.amount_centavos), ...d, status: 'sent' });
      return {
        subject: `Refund of ${formatPesosWithCentavos(d.amount_centavos / 100)} sent (order ${d.order.reference})`,
        preview: line,
        greeting: hello(ctx),
        paragraphs: [`${line}. ${refundNextStep({ status: 'sent' })}`],
        facts: [
          orderFact(d.order),
          ['Refund', formatPesosWithCentavos(d.amount_centavos / 100)],
          ['Sent on', formatDate(d.sent_at)],
          ['Method', d.method],
          ['Reference', d.reference],
        ],
        action: { label: 'See your order', url: customerOrderUrl(ctx, d.order) },
      };
    },
  }),
  refund_failed: define<{ order: OrderFacts; amount_centavos: number }>({
    category: null,
    render: (d, ctx) => {
      const line = refundLine({ ...refundMailFacts(d.amount_centavos), status: 'failed' });
      return {
        subject: `${line} (order ${d.order.reference})`,
        preview: 'Our team is on it.',
        greeting: hello(ctx),
        paragraphs: [`${line}. ${refundNextStep({ status: 'failed' })}`],
        facts: [
          orderFact(d.order),
          ['Refund', formatPesosWithCentavos(d.amount_centavos / 100)],
          ['Status', 'Being solved by our team'],
        ],
        action: { label: 'See your order', url: customerOrderUrl(ctx, d.order) },
      };
    },
  }),
  order_cancelled: define<{ order: OrderFacts; refund_centavos: number | null }>({
    category: null,
    render: ({ order, refund_centavos }, ctx) => ({
      subject: `Order ${order.reference} was cancelled`,
      preview: refund_centavos
        ? `Refund of ${formatPesosWithCentavos(refund_centavos / 100)} owed to you.`
        : 'Your order was cancelled.',
      greeting: hello(ctx),
      paragraphs: [
        `Your ${order.occasion} song order for ${order.recipient} was cancelled.`,
        ...(refund_centavos
          ? [
              `Refund of ${formatPesosWithCentavos(refund_centavos / 100)} owed to you. ${refundNextStep({ status: 'owed' })}`,
            ]
          : []),
      ],
      facts: [orderFact(order)],
      action: { label: 'See your order', url: customerOrderUrl(ctx, order) },
    }),
  }),

  // An order that needs the customer or changes hands (lifecycle/order-alerts.ts, idle-orders.ts).
  order_needs_artist: define<{
    order: OrderFacts;
    why: 'no_answer' | 'artist_left';
    refund_centavos: number;
    cancel_on: string;
  }>({
    category: null,
    render: ({ order, why, refund_centavos, cancel_on }, ctx) => ({
      subject: `Choose another artist for order ${order.reference}`,
      preview: `Choose other artists, or cancel for a full refund of ${formatPeso(refund_centavos)}.`,
      greeting: hello(ctx),
      paragraphs: [
        why === 'artist_left'
          ? `${order.artist ?? 'The artist'} can no longer work on your ${order.occasion} song for ${order.recipient}.`
          : `None of the artists you chose can take your ${order.occasion} song for ${order.recipient}.`,
        `You can choose other artists (you do not pay again), or cancel the order for a full refund of ${formatPeso(refund_centavos)}.`,
        `If you do neither by ${formatDeadline(cancel_on)}, we cancel the order and refund ${formatPeso(refund_centavos)} automatically.`,
      ],
      facts: [orderFact(order), ['Refund if cancelled', formatPeso(refund_centavos)]],
      action: { label: 'Choose another artist', url: customerOrderUrl(ctx, order) },
    }),
  }),
  order_reassigned: define<{ order: OrderFacts; artist: string; previous: string | null; expires_at: string }>({
    category: null,
    render: ({ order, artist, previous, expires_at }, ctx) => ({
      subject: `Your order ${order.reference} was offered to ${artist}`,
      preview: `${artist} has until ${formatDeadline(expires_at)} to accept.`,
      greeting: hello(ctx),
      paragraphs: [
        previous
          ? `${previous} can no longer work on your ${order.occasion} song for ${order.recipient}, so our team offered it to ${artist}.`
          : `Our team offered your ${order.occasion} song for ${order.recipient} to ${artist}.`,
        `${artist} has until ${formatDeadline(expires_at)} to accept. If they do not, you can choose other artists or cancel for a full refund.`,
      ],
      facts: [orderFact(order), ['Offered to', artist]],
      action: { label: 'See your order', url: customerOrderUrl(ctx, order) },
    }),
  }),
  order_auto_cancelled: define<{ order: OrderFacts; refund_centavos: number; days: number }>({
    category: null,
    render: ({ order, refund_centavos, days }, ctx) => ({
      subject: `Order ${order.reference} was cancelled and refunded`,
      preview: `No artist took it: ${formatPeso(refund_centavos)} is refunded to you.`,
      greeting: hello(ctx),
      paragraphs: [
        `No artist took your ${order.occasion} song for ${order.recipient}, and no other artist was chosen within ${countOf(days, 'day')}, so we cancelled the order as promised.`,
        `A full refund of ${formatPeso(refund_centavos)} is owed to you and goes back the way you paid. We will tell you when it is sent.`,
      ],
      facts: [orderFact(order), ['Refund', formatPeso(refund_centavos)]],
      action: { label: 'See your order', url: customerOrderUrl(ctx, order) },
    }),
  }),

  // ---- Artists -------------------------------------------------------------------------------------
  new_offer: define<{ order: OrderFacts; expires_at: string; earning_centavos: number; add_ons?: string[] }>({
    category: 'offers',
    area: 'artist',
    render: ({ order, expires_at, earning_centavos, add_ons = [] }, ctx) => ({
      subject: `New song offer ${order.reference}: answer by ${formatDeadline(expires_at)}`,
      preview: `A ${order.occasion} song for ${order.recipient}.`,
      greeting: hello(ctx),
      paragraphs: [
        `A customer would like you to write a ${order.occasion} song for ${order.recipient}. Accept it before the offer expires; the first artist to accept takes the order.`,
      ],
      facts: [
        orderFact(order),
        ['Answer by', formatDeadline(expires_at)],
        // The add-ons the customer bought (rush, extra revisions) are part of the earning below.
        ...(add_ons.length > 0 ? [['Add-ons', add_ons.join('; ')] as [string, string]] : []),
        ['Your earning', formatPeso(earning_centavos)],
      ],
      action: { label: 'See the offer', url: artistUrl(ctx, 'song-orders') },
    }),
  }),
  offer_withdrawn: define<{ order: OrderFacts; why: 'taken' | 'cancelled' }>({
    category: 'offers',
    area: 'artist',
    render: ({ order, why }, ctx) => ({
      subject: `Offer ${order.reference} was withdrawn`,
      preview: why === 'taken' ? 'Another artist accepted it first.' : 'The order was cancelled.',
      greeting: hello(ctx),
      paragraphs: [
        why === 'taken'
          ? `Another artist accepted the ${order.occasion} song for ${order.recipient} first, so the offer is closed.`
          : `The ${order.occasion} song order for ${order.recipient} was cancelled, so the offer is closed.`,
      ],
      facts: [orderFact(order)],
      action: { label: 'See your offers', url: artistUrl(ctx, 'song-orders') },
    }),
  }),
  offer_expired: define<{ order: OrderFacts }>({
    category: 'offers',
    area: 'artist',
    render: ({ order }, ctx) => ({
      subject: `Offer ${order.reference} expired`,
      preview: 'The time to answer it has passed.',
      greeting: hello(ctx),
      paragraphs: [`The time to answer the ${order.occasion} song offer for ${order.recipient} has passed.`],
      facts: [orderFact(order)],
      action: { label: 'See your offers', url: artistUrl(ctx, 'song-orders') },
    }),
  }),
  revision_requested: define<{ order: OrderFacts; notes: string; by: 'admin' | 'customer' }>({
    category: 'order_progress',
    area: 'artist',
    render: ({ order, notes, by }, ctx) => ({
      subject: `Changes asked for order ${order.reference}`,
      preview: by === 'admin' ? 'Our team asked for changes.' : 'The customer asked for changes.',
      greeting: hello(ctx),
      paragraphs: [
        `${by === 'admin' ? 'Our team' : 'The customer'} asked for changes to the song for ${order.recipient}. Read the notes and upload a new version.`,
      ],
      facts: [orderFact(order)],
      quote: notes,
      action: { label: 'See the revision', url: artistUrl(ctx, 'revision') },
    }),
  }),
  song_validated: define<{ order: OrderFacts }>({
    category: 'order_progress',
    area: 'artist',
    render: ({ order }, ctx) => ({
      subject: `Your song for order ${order.reference} passed validation`,
      preview: 'The customer can listen to it now.',
      greeting: hello(ctx),
      paragraphs: [`The song for ${order.recipient} passed validation and the customer can listen to it now.`],
      facts: [orderFact(order)],
      action: { label: 'See the order', url: artistUrl(ctx, 'validation') },
    }),
  }),
  order_completed: define<{ order: OrderFacts; earning_centavos: number }>({
    category: 'order_progress',
    area: 'artist',
    render: ({ order, earning_centavos }, ctx) => ({
      subject: `Order ${order.reference} is complete`,
      preview: `${formatPeso(earning_centavos)} is added to your earnings.`,
      greeting: hello(ctx),
      paragraphs: [`The customer accepted the song for ${order.recipient}. Your earning is credited.`],
      facts: [orderFact(order), ['Your earning', formatPeso(earning_centavos)]],
      action: { label: 'See completed orders', url: artistUrl(ctx, 'completed') },
    }),
  }),
  order_rated: define<{ order: OrderFacts; rating: number; review: string | null }>({
    category: 'order_progress',
    area: 'artist',
    render: ({ order, rating, review }, ctx) => ({
      subject: `Order ${order.reference} was rated ${rating} of 5`,
      preview: review ? review.slice(0, 90) : `The customer rated your song ${rating} of 5.`,
      greeting: hello(ctx),
      paragraphs: [`The customer rated your song for ${order.recipient}.`],
      facts: [orderFact(order), ['Rating', `${'★'.repeat(rating)}${'☆'.repeat(5 - rating)} (${rating} of 5)`]],
      ...(review ? { quote: review } : {}),
      action: { label: 'See completed orders', url: artistUrl(ctx, 'completed') },
    }),
  }),
  payout_paid: define<{ amount_centavos: number; reference: string | null; orders: string[] }>({
    category: null,
    render: (d, ctx) => ({
      subject: `Payout of ${formatPeso(d.amount_centavos)} sent`,
      preview: 'Your earnings are on their way.',
      greeting: hello(ctx),
      paragraphs: ['We sent a payout of your earnings to your payout account.'],
      facts: [
        ['Amount', formatPeso(d.amount_centavos)],
        ...(d.reference ? [['Transfer reference', d.reference] as [string, string]] : []),
        ['For orders', d.orders.join(', ')],
      ],
      action: { label: 'See your earnings', url: artistUrl(ctx, 'earnings') },
    }),
  }),
  tip_received: define<{ order: OrderFacts; amount_centavos: number }>({
    category: 'thank_you_notes',
    area: 'artist',
    render: ({ order, amount_centavos }, ctx) => ({
      subject: `You received a tip of ${formatPeso(amount_centavos)} (${order.reference})`,
      preview: 'The whole tip is added to your earnings.',
      greeting: hello(ctx),
      paragraphs: [
        `The customer loved the song for ${order.recipient} and tipped you. The whole tip is yours: it is added to your earnings and paid out with them.`,
      ],
      facts: [orderFact(order), ['Tip', formatPeso(amount_centavos)]],
      action: { label: 'See your earnings', url: artistUrl(ctx, 'earnings') },
    }),
  }),
  artist_messages_waiting: define<UnreadMessagesData & { screen: string }>({
    category: 'messages',
    area: 'artist',
    render: (d, ctx) => unreadMessagesContent(d, ctx, `${artistUrl(ctx, d.screen)}#order-${d.order.order_id}`),
  }),
  gift_thank_you: define<{ order: OrderFacts; name: string; message: string }>({
    category: 'thank_you_notes',
    area: 'artist',
    render: (d, ctx) => ({
      subject: `${d.name} thanked you for the song (${d.order.reference})`,
      preview: d.message.slice(0, 90),
      greeting: hello(ctx),
      paragraphs: [`${d.name} listened to the ${d.order.occasion} song you wrote and left you a note:`],
      facts: [orderFact(d.order)],
      quote: d.message,
      action: { label: 'See completed orders', url: artistUrl(ctx, 'completed') },
    }),
  }),

  // ---- Anyone who wrote to the team (server/support) -------------------------------------------------
  support_request_copy: define<{
    topic: string;
    order: { id: number; reference: string } | null;
    message: string;
    support_email: string;
  }>({
    category: null,
    render: (d, ctx) => ({
      subject: d.order ? `We received your report on order ${d.order.reference}` : 'We received your message',
      preview: 'A copy of what you sent to the Labsongs team.',
      greeting: hello(ctx),
      paragraphs: [
        'Thank you for writing. Your message reached our team and a person will answer you by email. This is your copy:',
      ],
      facts: [['About', d.topic], ...(d.order ? [['Order', d.order.reference] as [string, string]] : [])],
      quote: d.message,
      action: d.order
        ? { label: 'See your order', url: `${ctx.publicUrl}/customer/account/orders/${d.order.id}` }
        : { label: 'Write to us again', url: `${ctx.publicUrl}/contact` },
      after: [`To add anything, write to ${d.support_email}.`],
    }),
  }),

  // ---- Admins (sent only inside the digest) --------------------------------------------------------
  admin_digest: define<{ items: DigestItem[]; more?: Partial<Record<DigestItemKind, number>> }>({
    category: null,
    render: ({ items, more }, ctx) => renderDigest(items, { publicUrl: ctx.publicUrl, greeting: hello(ctx) }, more),
  }),

  // ---- Accounts with care (server/users/account-care.mail.ts) ----------------------------------------
  payout_account_changed: define<PayoutChangedData>({ category: null, render: payoutChangedContent }),
  payout_account_rejected: define<{ bank_name: string; account_last4: string; reason: string }>({
    category: null,
    render: payoutRejectedContent,
  }),
  account_deactivated: define<DeactivatedData>({ category: null, render: deactivatedContent }),
  artist_suspended: define<{ reason: string }>({ category: null, render: suspendedContent }),
  artist_reactivated: define<{ reason: string }>({ category: null, render: reactivatedContent }),

  // ---- Applicants and every account -----------------------------------------------------------------
  application_received: define<{ email: string; temporary_password: string }>({
    category: null,
    render: (d, ctx) =>
      applicationContent({
        publicUrl: ctx.publicUrl,
        email: d.email,
        firstName: ctx.firstName,
        temporaryPassword: d.temporary_password,
      }),
  }),
  application_approved: define<{ email: string }>({
    category: null,
    render: (d, ctx) => approvedContent({ publicUrl: ctx.publicUrl, email: d.email, firstName: ctx.firstName }),
  }),
  application_rejected: define<{ email: string; reason: string }>({
    category: null,
    render: (d, ctx) =>
      rejectedContent({ publicUrl: ctx.publicUrl, email: d.email, firstName: ctx.firstName, reason: d.reason }),
  }),
  password_reset: define<{ area: AccountType; token: string; email: string; valid_minutes: number }>({
    category: null,
    render: (d, ctx) =>
      passwordResetContent({
        publicUrl: ctx.publicUrl,
        area: d.area,
        token: d.token,
        email: d.email,
        firstName: ctx.firstName,
        validMinutes: d.valid_minutes,
      }),
  }),
  /** After sign-up: what to do next, and the link that confirms the address (server/auth/email-confirmation.ts). */
  welcome: define<{ token: string; valid_days: number }>({
    category: null,
    render: (d, ctx) =>
      welcomeContent({ publicUrl: ctx.publicUrl, token: d.token, firstName: ctx.firstName, validDays: d.valid_days }),
  }),
  /** The confirmation link again, asked for from the account page. */
  email_confirmation: define<{ token: string; valid_days: number }>({
    category: null,
    render: (d, ctx) =>
      confirmEmailContent({
        publicUrl: ctx.publicUrl,
        token: d.token,
        firstName: ctx.firstName,
        validDays: d.valid_days,
      }),
  }),
  /** After every password change or reset: essential, so a stranger's change cannot go unnoticed. */
  password_changed: define<{ area: AccountType; how: 'changed' | 'reset'; changed_at: string; support_email: string }>({
    category: null,
    render: (d, ctx) =>
      passwordChangedContent({
        publicUrl: ctx.publicUrl,
        area: d.area,
        how: d.how,
        when: formatDateTime(d.changed_at, { zone: true }),
        supportEmail: d.support_email,
        firstName: ctx.firstName,
      }),
  }),
} satisfies Record<string, Template<never>>;

export type MailKind = keyof typeof mailTemplates | DigestItemKind;
export type MailData<K extends keyof typeof mailTemplates> = Parameters<(typeof mailTemplates)[K]['render']>[0];

/** Kinds whose payload holds a secret (a reset token, a temporary password): emptied once sent. */
export const secretKinds: ReadonlySet<string> = new Set([
  'password_reset',
  'application_received',
  'welcome',
  'email_confirmation',
]);

export function templateOf(kind: string): Template<unknown> | undefined {
  return (mailTemplates as Record<string, Template<unknown>>)[kind];
}
