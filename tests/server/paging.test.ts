import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidCursorMessage, MAX_ROW_ID } from '../../contracts/paging';
import { makeAdmin, makeArtist, makeCustomer } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';

// Every keyset-paged list refuses a cursor whose id no row can have (ids are int4 on PostgreSQL): a
// 422 on `cursor`, where passing it on would make PostgreSQL refuse the statement (a 500).

const tooLarge = String(MAX_ROW_ID + 1);
const lists = {
  customer: ['/api/v1/user/orders?cursor=ID', '/api/v1/user/payments?cursor=ID'],
  artist: [
    '/api/v1/artist/orders?stage=ongoing&cursor=2026-12-01_ID',
    '/api/v1/artist/earnings/lines?cursor=pID',
    '/api/v1/artist/payouts?cursor=ID',
  ],
  admin: [
    '/api/v1/admin/orders?stage=all&cursor=2026-12-01_ID',
    '/api/v1/admin/orders?q=santos&cursor=ID',
    '/api/v1/admin/artists?cursor=ID',
    '/api/v1/admin/payouts?cursor=ID',
    '/api/v1/admin/refunds?cursor=ID',
    '/api/v1/admin/applications?cursor=2026-12-01T00:00:00.000Z_ID',
  ],
} as const;

describe.each(databases)('cursors past the largest row id (%s)', (kind) => {
  let h: Harness;
  const tokens: Record<keyof typeof lists, string> = { customer: '', artist: '', admin: '' };
  beforeAll(async () => {
    h = await createHarness(kind);
    tokens.customer = (await makeCustomer(h)).token;
    tokens.artist = (await makeArtist(h, { status: 'approved' })).token;
    tokens.admin = (await makeAdmin(h)).token;
  });
  afterAll(() => h.close());

  for (const [who, paths] of Object.entries(lists) as [keyof typeof lists, readonly string[]][]) {
    for (const path of paths) {
      it(`${who}: ${path}`, async () => {
        const largest = await h.call('GET', path.replace('ID', String(MAX_ROW_ID)), undefined, { token: tokens[who] });
        expect(largest.status, largest.text).toBe(200);
        const past = await h.call('GET', path.replace('ID', tooLarge), undefined, { token: tokens[who] });
        expect(past.status, past.text).toBe(422);
        expect(past.body.errors.cursor).toEqual([invalidCursorMessage]);
      });
    }
  }
});
