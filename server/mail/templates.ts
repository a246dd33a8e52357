import type { AccountType } from '../../contracts/account';
import { formatDateTime, formatDeadline, formatPeso, pluralWord } from '../../contracts/format';
import type { MailCategory } from '../../contracts/mail';
import { paymentMethods } from '../../contracts/order';
import { approvedContent, rejectedContent } from '../admin/review.mail';
import { applicationContent } from '../artists/application.mail';
import { passwordResetContent } from '../auth/password-reset.mail';
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
  song_ready: define<{ order: OrderFacts }>({
    category: 'order_progress',
    area: 'user',
    render: ({ order }, ctx) => ({
      subject: `Your song for ${order.recipient} is ready (${order.reference})`,
      preview: 'Listen to it, then accept it or ask for changes.',
      greeting: hello(ctx),
      paragraphs: [
        `The song for ${order.recipient} passed our checks and is ready to listen to. Accept it, or ask the artist for changes.`,
      ],
      facts: [orderFact(order)],
      action: { label: 'Listen to your song', url: customerOrderUrl(ctx, order) },
    }),
  }),
  refund_recorded: define<{ order: OrderFacts; amount_centavos: number; reason: string }>({
    category: null,
    render: (d, ctx) => ({
      subject: `Refund of ${formatPeso(d.amount_centavos)} for order ${d.order.reference}`,
      preview: 'We recorded a refund for your order.',
      greeting: hello(ctx),
      paragraphs: ['We recorded a refund for your order. It goes back the way you paid.'],
      facts: [orderFact(d.order), ['Refund', formatPeso(d.amount_centavos)]],
      ...(d.reason ? { quote: d.reason } : {}),
      action: { label: 'See your order', url: customerOrderUrl(ctx, d.order) },
    }),
  }),
  order_cancelled: define<{ order: OrderFacts; refund_centavos: number | null }>({
    category: null,
    render: ({ order, refund_centavos }, ctx) => ({
      subject: `Order ${order.reference} was cancelled`,
      preview: refund_centavos
        ? `A refund of ${formatPeso(refund_centavos)} is recorded.`
        : 'Your order was cancelled.',
      greeting: hello(ctx),
      paragraphs: [
        `Your ${order.occasion} song order for ${order.recipient} was cancelled.`,
        ...(refund_centavos
          ? [`A refund of ${formatPeso(refund_centavos)} is recorded and goes back the way you paid.`]
          : []),
      ],
      facts: [orderFact(order)],
      action: { label: 'See your order', url: customerOrderUrl(ctx, order) },
    }),
  }),

  // ---- Artists -------------------------------------------------------------------------------------
  new_offer: define<{ order: OrderFacts; expires_at: string; earning_centavos: number }>({
    category: 'offers',
    area: 'artist',
    render: ({ order, expires_at, earning_centavos }, ctx) => ({
      subject: `New song offer ${order.reference}: answer by ${formatDeadline(expires_at)}`,
      preview: `A ${order.occasion} song for ${order.recipient}.`,
      greeting: hello(ctx),
      paragraphs: [
        `A customer would like you to write a ${order.occasion} song for ${order.recipient}. Accept it before the offer expires; the first artist to accept takes the order.`,
      ],
      facts: [
        orderFact(order),
        ['Answer by', formatDeadline(expires_at)],
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

  // ---- Admins (sent only inside the digest) --------------------------------------------------------
  admin_digest: define<{ items: DigestItem[] }>({
    category: null,
    render: ({ items }, ctx) => renderDigest(items, { publicUrl: ctx.publicUrl, greeting: hello(ctx) }),
  }),

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
} satisfies Record<string, Template<never>>;

export type MailKind = keyof typeof mailTemplates | DigestItemKind;
export type MailData<K extends keyof typeof mailTemplates> = Parameters<(typeof mailTemplates)[K]['render']>[0];

/** Kinds whose payload holds a secret (a reset token, a temporary password): emptied once sent. */
export const secretKinds: ReadonlySet<string> = new Set(['password_reset', 'application_received']);

export function templateOf(kind: string): Template<unknown> | undefined {
  return (mailTemplates as Record<string, Template<unknown>>)[kind];
}
