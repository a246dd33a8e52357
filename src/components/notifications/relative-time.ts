// "5 minutes ago", "yesterday": how old a notification is, in words.

import { formatDateTime } from '../../../contracts/format';

const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

export function relativeTime(iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const seconds = Math.round((at - now) / 1000);
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** The exact moment, for the tooltip, in the same zone as every other date (the zone named). */
export function exactTime(iso: string): string {
  return Number.isNaN(Date.parse(iso)) ? '' : formatDateTime(iso, { zone: true });
}
