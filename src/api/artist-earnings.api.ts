import type { ApiSuccess } from '../../contracts/http';
import type { EarningLine, Earnings, Page, Payout } from '../../contracts/lifecycle';
import { call } from './call';
import type { Http } from './client';

/** Rows per page of the earning lines and payouts ("Show more" asks for the next as many). */
const EARNINGS_PAGE_SIZE = 10;

const pageParams = (cursor: string | null): Record<string, string> =>
  cursor ? { limit: String(EARNINGS_PAGE_SIZE), cursor } : { limit: String(EARNINGS_PAGE_SIZE) };

/** The artist's money (docs/api.md "Order lifecycle", artist table). */
export function artistEarningsApi(http: Http) {
  return {
    /** GET /earnings: the totals and the monthly chart. */
    summary: () => call(async () => (await http.get('earnings').json<ApiSuccess<Earnings>>()).data),
    /** GET /earnings/lines: one page, pending lines first, then credited. */
    lines: (cursor: string | null) =>
      call(
        async () =>
          (await http.get('earnings/lines', { searchParams: pageParams(cursor) }).json<ApiSuccess<Page<EarningLine>>>())
            .data,
      ),
    /** GET /payouts: one page, newest first. */
    payouts: (cursor: string | null) =>
      call(
        async () =>
          (await http.get('payouts', { searchParams: pageParams(cursor) }).json<ApiSuccess<Page<Payout>>>()).data,
      ),
  };
}
