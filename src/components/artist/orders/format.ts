import { countOf } from '../../../../contracts/format';
import type { ArtistOrder } from '../../../../contracts/lifecycle';
import { type ClipSlot, moods, type OrderStatus, occasions, relationships, tempos } from '../../../../contracts/order';

// How the artist's order screens name things. Dates: needed-by is a calendar day (yyyy-mm-dd); due
// dates and offer expiries are instants, shown by contracts/format.ts in the order's zone.

const labelIn = (list: readonly { value: string; display: string }[], value: string) =>
  list.find((o) => o.value === value)?.display ?? value;

export const occasionLabel = (value: string) => labelIn(occasions, value);
export const relationshipLabel = (value: string) => labelIn(relationships, value);
export const moodLabel = (value: string) => labelIn(moods, value);
export const tempoLabel = (value: string) => labelIn(tempos, value);

/** "Birthday song for Lola": the card's title. */
export const orderTitle = (order: Pick<ArtistOrder, 'occasion_name' | 'recipient_first_name'>) =>
  `${occasionLabel(order.occasion_name)} song for ${order.recipient_first_name}`;

/** How the artist reads each status. */
export const artistStatusLabel: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  offered: 'New offer',
  needs_artist: 'No longer open',
  in_progress: 'In progress',
  in_validation: 'Being checked by our team',
  in_revision: 'Revision requested',
  delivered: 'Delivered: waiting for the customer',
  completed: 'Completed',
  cancelled: 'Cancelled',
  disputed: 'On hold: the payment was reversed',
};

export const clipLabels: Record<ClipSlot, string> = {
  song_clip: 'Song or melody for inspiration',
  song_prompt1_clip: 'Voice note about memory 1',
  song_prompt2_clip: 'Voice note about memory 2',
  audio_recording1_clip: "How to say the recipient's name",
  audio_recording2_clip: 'Message for the artist',
};

/** The end of a calendar day in Manila (needed-by counts to the end of that day). */
export function endOfManilaDay(ymd: string): Date {
  // Manila keeps +08:00 all year (no daylight saving).
  return new Date(`${ymd}T23:59:59.999+08:00`);
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

function span(ms: number): string {
  if (ms >= 2 * DAY) return countOf(Math.floor(ms / DAY), 'day');
  if (ms >= HOUR) return countOf(Math.floor(ms / HOUR), 'hour');
  return 'less than an hour';
}

export interface TimeLeft {
  text: string;
  overdue: boolean;
}

/** "3 days left", "5 hours left", or "Overdue by 2 days". */
export function timeLeft(until: Date, now: Date): TimeLeft {
  const ms = until.getTime() - now.getTime();
  if (ms < 0) return { text: `Overdue by ${span(-ms)}`, overdue: true };
  return { text: `${span(ms)} left`, overdue: false };
}

export interface AnswerCountdown {
  /** What the card shows: "Answer within 2 h 14 min", or that the offer expired. */
  text: string;
  /** The same in words, for screen readers: "2 hours 14 minutes". */
  spoken: string;
  /** Under an hour left. */
  urgent: boolean;
  expired: boolean;
}

/** Time left to answer an offer, to the minute (rounded up: "1 min" until the deadline itself). */
export function answerCountdown(expiresAt: string, now: Date): AnswerCountdown {
  const ms = new Date(expiresAt).getTime() - now.getTime();
  if (ms <= 0) return { text: 'Expired', spoken: 'This offer expired', urgent: false, expired: true };
  const minutes = Math.ceil(ms / 60_000);
  // Days from two of them on: an offer's usual day reads "24 h", not "1 d".
  const days = minutes > 48 * 60 ? Math.floor(minutes / (24 * 60)) : 0;
  const hours = Math.floor((minutes - days * 24 * 60) / 60);
  const mins = minutes % 60;
  const parts: [number, string, string][] =
    days > 0
      ? [
          [days, 'd', 'day'],
          [hours, 'h', 'hour'],
        ]
      : [];
  if (days === 0 && hours > 0) parts.push([hours, 'h', 'hour'], [mins, 'min', 'minute']);
  if (days === 0 && hours === 0) parts.push([mins, 'min', 'minute']);
  const shown = parts.filter(([n], i) => n > 0 || i === 0);
  return {
    text: `Answer within ${shown.map(([n, short]) => `${n} ${short}`).join(' ')}`,
    spoken: `Answer within ${shown.map(([n, , word]) => countOf(n, word)).join(' ')}`,
    urgent: ms < HOUR,
    expired: false,
  };
}

/** "25 MB", "2.4 MB", "12 KB". */
export const fileSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
