// How dates, times and counts read, for the SPA and the mails alike: one set of rules, so a customer,
// an artist, an admin and a mail never disagree about a day.
//
// Orders live in Manila time (docs/architecture.md §4: the business runs there), whatever zone the reader's device
// is in. A deadline names its zone; a deadline at exactly midnight reads as the end of the day before
// ("Dec 12, 2026, end of day"), because "Dec 13, 12:00 AM" is read as the night of the 13th.

const ORDER_TIME_ZONE = 'Asia/Manila';
const LOCALE = 'en-PH';
const MISSING = '—';

type DateInput = string | Date | null | undefined;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export interface ZoneOptions {
  /** An IANA zone; the order's zone unless a test or a later market says otherwise. */
  timeZone?: string;
}

/** "Manila time, UTC+8": the zone's city and its offset at that instant (a zone with daylight saving changes it). */
export function zoneLabel(value: DateInput = new Date(), { timeZone = ORDER_TIME_ZONE }: ZoneOptions = {}): string {
  const date = toDate(value) ?? new Date();
  const city = (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
  const offset =
    formatter(timeZone, { timeZoneName: 'shortOffset' })
      .formatToParts(date)
      .find((part) => part.type === 'timeZoneName')?.value ?? '';
  // "GMT" alone is the zero offset.
  const utc = offset === 'GMT' ? 'UTC' : offset.replace('GMT', 'UTC');
  return timeZone === 'UTC' ? 'UTC' : `${city} time, ${utc}`;
}

/** The day of an instant in the order's zone: "Dec 13, 2026". */
export function formatDate(value: DateInput, { timeZone = ORDER_TIME_ZONE }: ZoneOptions = {}): string {
  const date = toDate(value);
  return date ? formatter(timeZone, DAY).format(date) : MISSING;
}

/** An instant in the order's zone: "Dec 13, 2026, 3:04 PM", with `zone` "… 3:04 PM (Manila time, UTC+8)". */
export function formatDateTime(
  value: DateInput,
  { timeZone = ORDER_TIME_ZONE, zone = false }: ZoneOptions & { zone?: boolean } = {},
): string {
  const date = toDate(value);
  if (!date) return MISSING;
  const text = formatter(timeZone, { ...DAY, ...TIME }).format(date);
  return zone ? `${text} (${zoneLabel(date, { timeZone })})` : text;
}

function isMidnight(date: Date, timeZone: string): boolean {
  const parts = formatter(timeZone, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
    .formatToParts(date)
    .filter((part) => part.type !== 'literal')
    .map((part) => Number(part.value));
  return parts.every((n) => n === 0) && date.getMilliseconds() === 0;
}

/**
 * A deadline ("Answer by", "Due", "Recording due"), always with its zone:
 * "Dec 13, 2026, 3:04 PM (Manila time, UTC+8)"; at exactly midnight "Dec 12, 2026, end of day (…)".
 * `time: false` gives the day only: "Dec 12, 2026 (Manila time, UTC+8)".
 */
export function formatDeadline(
  value: DateInput,
  { timeZone = ORDER_TIME_ZONE, time = true }: ZoneOptions & { time?: boolean } = {},
): string {
  const date = toDate(value);
  if (!date) return MISSING;
  const zone = `(${zoneLabel(date, { timeZone })})`;
  if (isMidnight(date, timeZone)) {
    const dayBefore = formatter(timeZone, DAY).format(new Date(date.getTime() - 1));
    return time ? `${dayBefore}, end of day ${zone}` : `${dayBefore} ${zone}`;
  }
  return `${formatter(timeZone, time ? { ...DAY, ...TIME } : DAY).format(date)} ${zone}`;
}

/** The last day of a deadline in its zone ("Dec 12, 2026" for midnight of the 13th), for tight spaces beside a zone note. */
export function deadlineDay(value: DateInput, { timeZone = ORDER_TIME_ZONE }: ZoneOptions = {}): string {
  const date = toDate(value);
  if (!date) return MISSING;
  return formatter(timeZone, DAY).format(isMidnight(date, timeZone) ? new Date(date.getTime() - 1) : date);
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date with no time (needed-by, a gift's reveal date: "2026-12-24" → "Dec 24, 2026"). It is
 * the same day everywhere, so no zone can move it to the day before.
 */
export function formatCalendarDay(ymd: string | null | undefined): string {
  const match = ymd ? CALENDAR_DAY.exec(ymd.slice(0, 10)) : null;
  if (!match) return ymd || MISSING;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return formatter('UTC', DAY).format(date);
}

/** A month "2026-12" → "Dec 2026", or "Dec" with `year: false` (earnings by month). */
export function formatMonth(ym: string, { year = true }: { year?: boolean } = {}): string {
  const match = /^(\d{4})-(\d{2})/.exec(ym);
  if (!match) return ym;
  return formatter('UTC', year ? { year: 'numeric', month: 'short' } : { month: 'short' }).format(
    new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)),
  );
}

// ---- Counts and amounts -------------------------------------------------------------------------
// Written out rather than with Intl.NumberFormat and Intl.PluralRules: the first Intl object a page
// creates loads the browser's locale data, 60–110 ms of a throttled phone's main thread, and the
// catalogue's cards (on / and /artists) would pay it while the page starts. The results are the same
// as Intl's en-PH ones (tests/ui/format.test.tsx compares them).

/** A whole number as en-PH writes it: 1234567 → "1,234,567"; a fraction rounds half away from zero. */
export function formatWhole(value: number): string {
  const digits = String(Math.round(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 ? `-${digits}` : digits;
}

/** The word for a count (English: one for 1): pluralWord(1, 'rating') → "rating", pluralWord(2, 'rating') → "ratings". */
export function pluralWord(count: number, one: string, other = `${one}s`): string {
  return Math.abs(count) === 1 ? one : other;
}

/** A whole count with its word: countOf(1, 'rating') → "1 rating", countOf(1200, 'song') → "1,200 songs". */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${formatWhole(count)} ${pluralWord(count, one, other)}`;
}

/** Whole pesos, as en-PH writes them: 2500 → "₱2,500", -2500 → "-₱2,500". */
export function formatPesos(pesos: number): string {
  const whole = formatWhole(pesos);
  return whole.startsWith('-') ? `-₱${whole.slice(1)}` : `₱${whole}`;
}

/** Pesos with centavos, as payments, refunds, earnings and payouts read: 2500 → "₱2,500.00". */
export function formatPesosWithCentavos(pesos: number): string {
  // Rounded from the number as it is written ("1.005"), as Intl does, not from its binary value (1.00499…).
  const written = String(Math.abs(pesos));
  const centavos = Math.round(written.includes('e') ? Math.abs(pesos) * 100 : Number(`${written}e2`));
  const text = `₱${formatWhole(Math.trunc(centavos / 100))}.${String(centavos % 100).padStart(2, '0')}`;
  return pesos < 0 ? `-${text}` : text;
}

/** An amount in centavos (how the API and the database keep money), in whole pesos: 250000 → "₱2,500". */
export function formatPeso(centavos: number): string {
  return formatPesos(centavos / 100);
}
