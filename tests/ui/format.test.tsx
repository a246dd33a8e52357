import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  countOf,
  deadlineDay,
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatDeadline,
  formatMonth,
  formatPeso,
  formatPesos,
  formatPesosWithCentavos,
  formatWhole,
  pluralWord,
  zoneLabel,
} from '../../contracts/format';

// The one set of date and count rules the SPA and the mails share (contracts/format.ts).

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe('dates in the order zone (Asia/Manila, UTC+8 all year)', () => {
  it('reads an instant in Manila whatever zone the device is in', () => {
    // 16:00 UTC on the 12th is midnight of the 13th in Manila.
    for (const tz of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
      process.env.TZ = tz;
      expect(formatDate('2026-12-12T16:00:00.000Z')).toBe('Dec 13, 2026');
      expect(formatDateTime('2026-12-12T16:00:00.000Z')).toBe('Dec 13, 2026, 12:00 AM');
      expect(formatCalendarDay('2026-12-24')).toBe('Dec 24, 2026');
    }
  });

  it('puts the edges of a Manila day on the right side', () => {
    expect(formatDate('2026-12-12T15:59:59.999Z')).toBe('Dec 12, 2026');
    expect(formatDate('2026-12-12T16:00:00.000Z')).toBe('Dec 13, 2026');
    expect(formatDateTime('2026-12-12T15:59:00.000Z')).toBe('Dec 12, 2026, 11:59 PM');
    expect(formatDateTime('2026-12-31T16:00:00.000Z')).toBe('Jan 1, 2027, 12:00 AM');
  });

  it('names the zone with its offset, the same in summer and winter (no daylight saving)', () => {
    expect(zoneLabel('2026-01-15T00:00:00Z')).toBe('Manila time, UTC+8');
    expect(zoneLabel('2026-07-15T00:00:00Z')).toBe('Manila time, UTC+8');
    expect(formatDateTime('2026-07-15T07:04:00Z', { zone: true })).toBe('Jul 15, 2026, 3:04 PM (Manila time, UTC+8)');
    // A zone that has daylight saving gets the offset of that instant.
    expect(zoneLabel('2026-01-15T12:00:00Z', { timeZone: 'America/New_York' })).toBe('New York time, UTC-5');
    expect(zoneLabel('2026-07-15T12:00:00Z', { timeZone: 'America/New_York' })).toBe('New York time, UTC-4');
    expect(zoneLabel('2026-07-15T12:00:00Z', { timeZone: 'UTC' })).toBe('UTC');
  });

  it('gives every deadline its zone, and a midnight deadline as the end of the day before', () => {
    expect(formatDeadline('2026-11-25T07:04:00Z')).toBe('Nov 25, 2026, 3:04 PM (Manila time, UTC+8)');
    // due_at for needed-by Dec 14 is midnight starting Dec 13 in Manila: the last working day is the 12th.
    expect(formatDeadline('2026-12-12T16:00:00.000Z')).toBe('Dec 12, 2026, end of day (Manila time, UTC+8)');
    expect(formatDeadline('2026-12-12T16:00:00.000Z', { time: false })).toBe('Dec 12, 2026 (Manila time, UTC+8)');
    expect(deadlineDay('2026-12-12T16:00:00.000Z')).toBe('Dec 12, 2026');
    // One millisecond later it is no longer midnight.
    expect(formatDeadline('2026-12-12T16:00:00.001Z')).toBe('Dec 13, 2026, 12:00 AM (Manila time, UTC+8)');
    expect(deadlineDay('2026-12-12T16:01:00.000Z')).toBe('Dec 13, 2026');
    // Midnight of the new year ends the old one.
    expect(formatDeadline('2026-12-31T16:00:00.000Z')).toBe('Dec 31, 2026, end of day (Manila time, UTC+8)');
  });

  it('shows a dash for a missing or unreadable value instead of "Invalid Date"', () => {
    for (const bad of [null, undefined, '', 'soon']) {
      expect(formatDate(bad)).toBe('—');
      expect(formatDateTime(bad)).toBe('—');
      expect(formatDeadline(bad)).toBe('—');
    }
    expect(formatCalendarDay(null)).toBe('—');
  });

  it('reads calendar days and months without a zone', () => {
    expect(formatCalendarDay('2026-02-01')).toBe('Feb 1, 2026');
    expect(formatCalendarDay('2026-02-01T00:00:00Z')).toBe('Feb 1, 2026');
    expect(formatMonth('2026-12')).toBe('Dec 2026');
    expect(formatMonth('2027-01')).toBe('Jan 2027');
    expect(formatMonth('2027-01', { year: false })).toBe('Jan');
  });
});

describe('counts and amounts, as Intl writes them in en-PH', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(countOf(1, 'rating')).toBe('1 rating');
    expect(countOf(0, 'rating')).toBe('0 ratings');
    expect(countOf(2, 'payout')).toBe('2 payouts');
    expect(countOf(1200, 'song')).toBe('1,200 songs');
    expect(countOf(1, 'person', 'people')).toBe('1 person');
    expect(countOf(3, 'person', 'people')).toBe('3 people');
    expect(pluralWord(1, 'order')).toBe('order');
    expect(pluralWord(5, 'order')).toBe('orders');
  });

  it('gives what Intl gives, for whole numbers, pesos and centavos', () => {
    const plural = new Intl.PluralRules('en');
    const whole = new Intl.NumberFormat('en-PH', { maximumFractionDigits: 0 });
    const peso = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP', maximumFractionDigits: 0 });
    const values = [0, 1, 2, 9, 10, 99, 100, 999, 1000, 1001, 9999, 12345, 100000, 999999, 1000000, 123456789];
    for (const value of [...values, ...values.map((v) => -v).filter((v) => v !== 0), 0.5, 1.5, 2.5, 1234.49, -2.5]) {
      expect(formatWhole(value)).toBe(whole.format(value));
      expect(formatPesos(value)).toBe(peso.format(value));
      expect(pluralWord(value, 'song')).toBe(plural.select(value) === 'one' ? 'song' : 'songs');
    }
    for (const centavos of [0, 1, 49, 50, 99, 150, 2_500_00, 2_500_50, 1_234_567_89, -2_500_00])
      expect(formatPeso(centavos)).toBe(peso.format(centavos / 100));
    const exact = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' });
    for (const pesos of [
      0, 0.01, 0.1, 0.125, 1.005, 2.5, 99.99, 999.995, 1000, 1875.5, 2125, 1234567.89, -0.5, -2500.25,
    ])
      expect(formatPesosWithCentavos(pesos)).toBe(exact.format(pesos));
  });

  it('creates no Intl object: the first one a page makes loads the locale data, on a phone a long task', () => {
    const made = [vi.spyOn(Intl, 'NumberFormat'), vi.spyOn(Intl, 'PluralRules')];
    try {
      countOf(1200, 'song');
      formatPesos(2500);
      formatPeso(2_500_00);
      formatPesosWithCentavos(1875.5);
      for (const spy of made) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of made) spy.mockRestore();
    }
  });
});
