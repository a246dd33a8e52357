// Dates as the order flow shows them: docs/product.md §9's date picker format is mm/dd/yyyy; values are yyyy-mm-dd.

/** yyyy-mm-dd → mm/dd/yyyy ('' stays ''). */
export function usDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : iso;
}

/** The local calendar date `days` from today, as yyyy-mm-dd. */
export function localDatePlus(days: number, now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
