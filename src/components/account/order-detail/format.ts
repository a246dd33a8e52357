/**
 * A calendar date (yyyy-mm-dd: needed-by, reveal dates) as people read it. Built from its parts, so
 * no time zone can move it to the day before.
 */
export function calendarDay(ymd: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(ymd);
  if (!match) return ymd;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.toLocaleDateString('en-PH', { year: 'numeric', month: 'long', day: 'numeric' });
}
