import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ArtistAccount, artistInfoBody, makeArtist, uploadSong } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import { A, ADMIN, payOrder, type SignedIn, signedIn } from './lifecycle-fixtures';
import { createDraft, makeCustomer, makeRatedArtist, songBody, storyBody, U } from './orders-fixtures';

// The admin's order and artist search (docs/api.md "Admin"): every searched field, kept current through
// renames and new offers, short fragments, paging, bad input. The plans are in admin-search-plans.test.ts.

const env = { OFFER_TTL_HOURS: '24', ACCESS_TOKEN_TTL_SECONDS: '86400' };

/** A word no other test row holds (letters only, so no reference contains it). */
const word = (prefix: string) =>
  `${prefix}${[...randomBytes(8)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;

describe.each(databases)('admin search (%s)', (kind) => {
  let h: Harness;
  let admin: SignedIn;

  beforeAll(async () => {
    h = await createHarness(kind, { env });
    admin = await signedIn(h, 'admin');
  });
  afterAll(() => h.close());
  beforeEach(() => admin.renew());

  const get = (path: string, token = admin.token) => h.call('GET', path, undefined, { token });

  async function search(q: string, extra = '') {
    const answer = await get(`${ADMIN}/orders?q=${encodeURIComponent(q)}&limit=50${extra}`);
    expect(answer.status, answer.text).toBe(200);
    return (answer.body.data.items as { id: number }[]).map((o) => o.id);
  }

  /** Every page of a search, `limit` at a time. */
  async function allPages(q: string, limit: number, extra = '') {
    const ids: number[] = [];
    let cursor: string | null = null;
    do {
      const after: string = cursor ? `&cursor=${cursor}` : '';
      const answer = await get(`${ADMIN}/orders?q=${encodeURIComponent(q)}&limit=${limit}${after}${extra}`);
      expect(answer.status, answer.text).toBe(200);
      ids.push(...(answer.body.data.items as { id: number }[]).map((o) => o.id));
      cursor = answer.body.data.next_cursor;
    } while (cursor);
    return ids;
  }

  /** The admin approves an artist's requested stage name (docs/api.md "Admin"). */
  async function approveStageName(publicId: string, stageName: string) {
    const answer = await h.call(
      'POST',
      `${ADMIN}/artists/${publicId}/stage-name/approve`,
      { stage_name: stageName },
      { token: admin.token },
    );
    expect(answer.status, answer.text).toBe(200);
  }

  const setNames = (id: number, names: { first_name?: string; last_name?: string; stage_name?: string }) =>
    h.database.db.updateTable('users').set(names).where('id', '=', id).execute();

  /** A paid order for `recipient`, offered to `artists` in order. */
  async function orderFor(customer: { token: string }, artists: ArtistAccount[], recipient = 'Jose') {
    const draft = await createDraft(h, customer.token, { recipient_first_name: recipient });
    const ids = artists.map((a) => a.user_id);
    const token = customer.token;
    expect((await h.call('PATCH', `${U}/temp-order/${draft}/song`, songBody(h, ids), { token })).status).toBe(200);
    expect((await h.call('PATCH', `${U}/temp-order/${draft}/story`, storyBody(), { token })).status).toBe(200);
    const committed = await h.call('POST', `${U}/temp-order/${draft}/commit`, undefined, { token });
    expect(committed.status, committed.text).toBe(201);
    const order = committed.body.data as { id: number; reference: string };
    await payOrder(h, token, order.id);
    return order;
  }

  it('finds an order by reference, customer name and email, recipient, and every artist offered it', async () => {
    const customer = await makeCustomer(h);
    const [first, last, recipient, taker, offered] = ['cf', 'cl', 'rc', 'tk', 'of'].map(word) as [
      string,
      string,
      string,
      string,
      string,
    ];
    await setNames(customer.id, { first_name: first, last_name: last });
    const takerArtist = await makeRatedArtist(h, { rate: 2000 });
    const offeredArtist = await makeRatedArtist(h, { rate: 2000 });
    await setNames(takerArtist.id, { stage_name: `The ${taker}` });
    await setNames(offeredArtist.id, { stage_name: `DJ ${offered}` });
    const order = await orderFor(customer, [takerArtist, offeredArtist], recipient);
    expect(
      (await h.call('POST', `${A}/orders/${order.id}/accept`, undefined, { token: takerArtist.token })).status,
    ).toBe(200);
    for (const q of [
      order.reference,
      order.reference.toLowerCase().slice(1),
      first.toUpperCase(),
      last.slice(2),
      `${first} ${last}`,
      customer.email,
      recipient,
      `the ${taker}`,
      taker,
      offered,
      takerArtist.email,
      offeredArtist.email.slice(0, 12),
    ]) {
      expect(await search(q), q).toEqual([order.id]);
    }
    // Two fields are never read as one text, and a stage narrows the search.
    expect(await search(`${recipient} ${first}`)).toEqual([]);
    expect(await search(recipient, '&stage=in_progress')).toEqual([order.id]);
    expect(await search(recipient, '&stage=offered')).toEqual([]);
    expect(await search(word('none'))).toEqual([]);
    // LIKE and FTS5 syntax are text here.
    for (const q of ['%%%', '"a" OR "b"', 'x_y', '*', 'NEAR(a b)']) expect(await search(q), q).toEqual([]);
  });

  it('follows renames, changed emails and new offers', async () => {
    const customer = await makeCustomer(h);
    const artist = await makeRatedArtist(h, { rate: 2000 });
    const order = await orderFor(customer, [artist]);
    // The customer renames themselves.
    const renamed = word('cn');
    const profile = await h.call(
      'PATCH',
      `${U}/profile`,
      {
        first_name: renamed,
        middle_name: '',
        last_name: 'Cruz',
        contact_number: '917 765 4321',
        country: 'PH',
        dial_code: '+63',
      },
      { token: customer.token },
    );
    expect(profile.status, profile.text).toBe(200);
    expect(await search(renamed)).toEqual([order.id]);
    // The artist changes their stage name: once approved, the old one no longer finds the order.
    const before = word('sa');
    await setNames(artist.id, { stage_name: before });
    expect(await search(before)).toEqual([order.id]);
    const after = word('sb');
    await uploadSong(h, artist.token); // the artist-info form needs a sample song
    const info = await h.call('PATCH', `${A}/profile/artist-info`, artistInfoBody({ stage_name: after }), {
      token: artist.token,
    });
    expect(info.status, info.text).toBe(200);
    // An approved artist's new name waits for an admin: the search follows the approved name only.
    expect(await search(after)).toEqual([]);
    expect(await search(before)).toEqual([order.id]);
    await approveStageName(artist.user_id, after);
    expect(await search(after)).toEqual([order.id]);
    expect(await search(before)).toEqual([]);
    // An email changed in the database (an operator's fix) is searched too.
    const email = `${word('em')}@example.test`;
    await h.database.db.updateTable('users').set({ email }).where('id', '=', customer.id).execute();
    expect(await search(email)).toEqual([order.id]);
    expect(await search(customer.email)).toEqual([]);
    // Declined, then offered by the admin to another artist: that artist finds it too.
    expect(
      (await h.call('POST', `${A}/orders/${order.id}/decline`, { reason: 'Busy' }, { token: artist.token })).status,
    ).toBe(200);
    const next = await makeRatedArtist(h);
    const nextName = word('nx');
    await setNames(next.id, { stage_name: nextName });
    expect(await search(nextName)).toEqual([]);
    const reassigned = await h.call(
      'POST',
      `${ADMIN}/orders/${order.id}/reassign`,
      { artist_id: next.user_id, reason: 'Nobody took the order in time.' },
      { token: admin.token },
    );
    expect(reassigned.status, reassigned.text).toBe(200);
    expect(await search(nextName)).toEqual([order.id]);
    expect(await search(nextName, '&stage=offered')).toEqual([order.id]);
  });

  it('searches references only with one or two characters', async () => {
    const customer = await makeCustomer(h);
    await setNames(customer.id, { first_name: 'Qx', last_name: 'Qx' });
    const order = await orderFor(customer, [await makeRatedArtist(h)], 'Qx');
    expect(await search('qx')).toEqual([]);
    const digits = order.reference.slice(-2);
    const found = await allPages(digits, 50);
    expect(found).toContain(order.id);
    const references = await h.database.db.selectFrom('orders').select(['id', 'reference']).execute();
    const expected = references.filter((o) => o.reference.includes(digits)).map((o) => o.id);
    expect([...found].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    expect(await search('or')).toHaveLength(Math.min(50, references.length));
    expect(await search('9z')).toEqual([]);
  });

  it('pages through a search: every match once, newest first, with or without a stage', async () => {
    const customer = await makeCustomer(h);
    const name = word('pg');
    await setNames(customer.id, { last_name: name });
    const artist = await makeRatedArtist(h, { rate: 2000 });
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push((await orderFor(customer, [artist])).id);
    await h.call('POST', `${A}/orders/${ids[2]}/accept`, undefined, { token: artist.token });
    const newestFirst = [...ids].sort((a, b) => b - a);
    for (const limit of [1, 2, 3, 7, 50]) expect(await allPages(name, limit), `limit ${limit}`).toEqual(newestFirst);
    expect(await allPages(name, 2, '&stage=offered')).toEqual(newestFirst.filter((id) => id !== ids[2]));
    expect(await allPages(name, 2, '&stage=in_progress')).toEqual([ids[2]]);
  });

  it('finds artists by stage name, name or email, paged and with a status', async () => {
    const stage = word('st');
    const artists: ArtistAccount[] = [];
    for (let i = 0; i < 3; i++) artists.push(await makeArtist(h, { stageName: `${stage} ${i}`, song: i === 0 }));
    const last = word('ln');
    await setNames(artists[1]?.id as number, { last_name: last });
    const list = async (query: string) => {
      const answer = await get(`${ADMIN}/artists?${query}`);
      expect(answer.status, answer.text).toBe(200);
      return answer.body.data as { items: { id: number }[]; next_cursor: string | null };
    };
    const ids = artists.map((a) => a.id);
    expect((await list(`q=${stage}&limit=50`)).items.map((a) => a.id)).toEqual(ids);
    expect((await list(`q=art%20${last}`)).items.map((a) => a.id)).toEqual([ids[1]]);
    expect((await list(`q=${encodeURIComponent(artists[2]?.email as string)}`)).items.map((a) => a.id)).toEqual([
      ids[2],
    ]);
    const page1 = await list(`q=${stage}&limit=2`);
    const page2 = await list(`q=${stage}&limit=2&cursor=${page1.next_cursor}`);
    expect([...page1.items, ...page2.items].map((a) => a.id)).toEqual(ids);
    expect(page2.next_cursor).toBeNull();
    // A rename is searched once approved; a short fragment reads names too.
    const renamed = word('rn');
    const info = await h.call('PATCH', `${A}/profile/artist-info`, artistInfoBody({ stage_name: renamed }), {
      token: artists[0]?.token as string,
    });
    expect(info.status, info.text).toBe(200);
    // The new name waits for an admin's approval: until then the old name is the one searched.
    expect((await list(`q=${renamed}`)).items).toEqual([]);
    expect((await list(`q=${stage}&limit=50`)).items.map((a) => a.id)).toEqual(ids);
    await approveStageName(artists[0]?.user_id as string, renamed);
    expect((await list(`q=${renamed}`)).items.map((a) => a.id)).toEqual([ids[0]]);
    expect((await list(`q=${stage}&limit=50`)).items.map((a) => a.id)).toEqual(ids.slice(1));
    expect((await list(`q=${stage}&status=suspended`)).items).toEqual([]);
    expect((await list('q=ar&limit=1')).items).toHaveLength(1);
  });

  it('refuses bad query parameters with a 422 naming each field', async () => {
    const cases: [string, string][] = [
      ['orders?cursor=abc', 'cursor'],
      ['orders?cursor=2026-01-01_x', 'cursor'],
      // A search pages by id, a list by needed-by date and id: a cursor of the other kind is refused.
      ['orders?q=abc&cursor=2026-01-01_5', 'cursor'],
      ['orders?cursor=15', 'cursor'],
      [`orders?q=${'x'.repeat(101)}`, 'q'],
      [`orders?q=${encodeURIComponent('a\u0007b')}`, 'q'],
      [`orders?q=${encodeURIComponent('line\nbreak')}`, 'q'],
      ['orders?stage=soon', 'stage'],
      ['orders?limit=0', 'limit'],
      ['artists?cursor=abc', 'cursor'],
      [`artists?q=${'x'.repeat(101)}`, 'q'],
      [`artists?q=${encodeURIComponent('a\u0000b')}`, 'q'],
      ['artists?status=gone', 'status'],
    ];
    for (const [path, field] of cases) {
      const answer = await get(`${ADMIN}/${path}`);
      expect(answer.status, path).toBe(422);
      expect(Object.keys(answer.body.errors), path).toEqual([field]);
    }
    expect((await get(`${ADMIN}/orders?q=abc&cursor=15`)).status).toBe(200);
    expect((await get(`${ADMIN}/orders?cursor=2026-01-01_5`)).status).toBe(200);
  });
});
