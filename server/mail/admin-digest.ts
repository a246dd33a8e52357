import { countOf } from '../../contracts/format';
import type { MailContent } from './layout';

// The admins' digest: what needs a person since the last summary, grouped by kind. Adding a kind of
// admin alert is one entry in `sections` (and a call to alertAdmins, server/admin/admin-alerts.ts).

/** Kinds of operations alerts whose digest line is written when the event happens. */
export type OperationsDigestKind =
  | 'admin_order_needs_artist'
  | 'admin_order_overdue'
  | 'admin_order_stranded'
  | 'admin_order_disputed'
  | 'admin_refund_owed'
  | 'admin_payment_exception'
  | 'admin_payout_account_changed'
  | 'admin_stage_name_review'
  | 'admin_support_request';

export type DigestItem =
  | { kind: 'admin_recording_waiting'; data: { order_id: number; reference: string; artist: string; version: number } }
  | { kind: 'admin_application_received'; data: { artist_id: number; name: string } }
  | { kind: OperationsDigestKind; data: { line: string; order_id?: number } };

/**
 * The lines of one kind a digest lists, oldest first; the rest of that kind are counted ("and 2,140 more").
 * After a long pause a digest may gather thousands of items, which no one reads line by line.
 */
export const DIGEST_LINES_PER_KIND = 20;

/** Items that wait for the admins' digest instead of going out on their own. */
export type DigestItemKind = DigestItem['kind'];

interface Section {
  /** The subject's phrase for `n` items, e.g. "2 recordings to validate". */
  summary(n: number): string;
  /** The label of each item's line. */
  label: string;
  /** Where the items are resolved, under the public URL, and the button that opens it. */
  path: string;
  action: string;
}

/** In the order the digest lists them: money and stuck work first. */
const sections: Record<DigestItemKind, Section> = {
  admin_payment_exception: {
    summary: (n) => `${countOf(n, 'payment')} to decide`,
    label: 'Payment to decide',
    path: '/admin',
    action: 'Open the operations home',
  },
  admin_refund_owed: {
    summary: (n) => `${countOf(n, 'refund')} to send`,
    label: 'Refund to send',
    path: '/admin/refunds',
    action: 'Open the refunds',
  },
  admin_order_stranded: {
    summary: (n) => `${countOf(n, 'order')} left by an artist`,
    label: 'Order left by its artist',
    path: '/admin',
    action: 'Open the operations home',
  },
  admin_order_needs_artist: {
    summary: (n) => `${countOf(n, 'order')} without an artist`,
    label: 'Order without an artist',
    path: '/admin',
    action: 'Open the operations home',
  },
  admin_order_overdue: {
    summary: (n) => `${countOf(n, 'overdue order')}`,
    label: 'Overdue order',
    path: '/admin',
    action: 'Open the operations home',
  },
  admin_order_disputed: {
    summary: (n) => `${countOf(n, 'disputed order')}`,
    label: 'Disputed order',
    path: '/admin',
    action: 'Open the operations home',
  },
  admin_support_request: {
    summary: (n) => countOf(n, 'support request'),
    label: 'Support request',
    path: '/admin/support',
    action: 'Open the support requests',
  },
  admin_payout_account_changed: {
    summary: (n) => `${countOf(n, 'payout account')} changed`,
    label: 'Payout account changed',
    path: '/admin/payouts',
    action: 'Open the payouts',
  },
  admin_stage_name_review: {
    summary: (n) => `${countOf(n, 'stage name')} to review`,
    label: 'Stage name to review',
    path: '/admin/artists',
    action: 'Open the artists',
  },
  admin_recording_waiting: {
    summary: (n) => `${countOf(n, 'recording')} to validate`,
    label: 'Recording to validate',
    path: '/admin/validation',
    action: 'Open the validation queue',
  },
  admin_application_received: {
    summary: (n) => countOf(n, 'new application'),
    label: 'New application',
    path: '/admin/applications',
    action: 'Open the applications',
  },
};

function lineOf(item: DigestItem): string {
  switch (item.kind) {
    case 'admin_recording_waiting':
      return `${item.data.reference} by ${item.data.artist} (version ${item.data.version})`;
    case 'admin_application_received':
      return item.data.name;
    default:
      return item.data.line;
  }
}

/**
 * One mail for all of an admin's waiting items; the button opens where the first group is resolved.
 * `more` counts, per kind, the items gathered beyond the lines listed (DIGEST_LINES_PER_KIND).
 */
export function renderDigest(
  items: DigestItem[],
  ctx: { publicUrl: string; greeting: string },
  more: Partial<Record<DigestItemKind, number>> = {},
): MailContent {
  const countOfKind = (kind: DigestItemKind) => items.filter((i) => i.kind === kind).length + (more[kind] ?? 0);
  const kinds = (Object.keys(sections) as DigestItemKind[]).filter((kind) => countOfKind(kind) > 0);
  const first = kinds[0] ?? 'admin_application_received';
  const elsewhere = kinds.slice(1).filter((kind) => sections[kind].path !== sections[first].path);
  return {
    subject: `Labsongs: ${kinds.map((kind) => sections[kind].summary(countOfKind(kind))).join(', ')}`,
    preview: 'What is waiting for the team.',
    greeting: ctx.greeting,
    paragraphs: ['Since the last summary:'],
    facts: kinds.flatMap((kind) => [
      ...items.filter((i) => i.kind === kind).map((i): [string, string] => [sections[kind].label, lineOf(i)]),
      ...(more[kind] ? [[sections[kind].label, `and ${countOf(more[kind], 'more', 'more')}`] as [string, string]] : []),
    ]),
    action: { label: sections[first].action, url: `${ctx.publicUrl}${sections[first].path}` },
    ...(elsewhere.length
      ? {
          after: [
            ...new Set(
              elsewhere.map((kind) => `${sections[kind].label}s are under ${ctx.publicUrl}${sections[kind].path}.`),
            ),
          ],
        }
      : {}),
  };
}
