import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecycleMessages } from '../../contracts/lifecycle';
import { renderMail } from '../../server/mail/layout';
import { mailTemplates, quotedNotes } from '../../server/mail/templates';
import { type OutboxMail, readOutbox } from '../../server/services/mail';
import { makeAdmin } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import { A, ADMIN, paidOrder, submitRecording, U } from './lifecycle-fixtures';
import { makeCustomer } from './orders-fixtures';

// Revisions the customer can follow (issue 27): every song she was given stays on her order as v1, v2, …
// with the notes that asked for it; the mail of a revised song says which version it is and what she asked.

const FIRST_NOTES = 'A slower tempo in the chorus, please.';
// Markup in her notes is text: the mail's HTML must show it, never run it.
const SECOND_NOTES = 'Could you sing <b>Lola</b> & "Lolita" both, twice at the end?';

describe.each(databases)('revisions the customer can follow (%s)', (kind) => {
  let h: Harness;
  let admin: { id: number; token: string };
  beforeAll(async () => {
    h = await createHarness(kind, { env: { ACCESS_TOKEN_TTL_SECONDS: '86400' } });
    admin = await makeAdmin(h);
  });
  afterAll(() => h.close());

  const post = async (path: string, token: string, body?: unknown) => {
    const answer = await h.call('POST', path, body, { token });
    expect(answer.status, answer.text).toBe(200);
    return answer;
  };

  it('keeps every version with its notes and date, playable, and counts the revisions left', async () => {
    const order = await paidOrder(h, 1);
    const artist = order.artists[0] as (typeof order.artists)[0];
    const customer = order.customer.token;
    const view = async () => {
      const answer = await h.call('GET', `${U}/orders/${order.id}`, undefined, { token: customer });
      expect(answer.status, answer.text).toBe(200);
      return answer.body.data;
    };
    await post(`${A}/orders/${order.id}/accept`, artist.token);
    // An upload our team sends back never reaches her: it is not a version of hers.
    await submitRecording(h, artist.token, order.id, 'Take sent back');
    await post(`${ADMIN}/orders/${order.id}/request-revision`, admin.token, { notes: 'Say the name more clearly.' });
    expect((await view()).versions).toEqual([]);
    await submitRecording(h, artist.token, order.id, 'First take');
    h.clock.advance(60_000);
    await post(`${ADMIN}/orders/${order.id}/validate`, admin.token);

    const first = await view();
    expect(first.versions).toEqual([
      expect.objectContaining({
        number: 1,
        lyrics: 'First take',
        notes: null,
        delivered_at: h.clock.now().toISOString(),
      }),
    ]);
    expect(first.requested_version).toBeNull();
    expect(first.lifecycle).toMatchObject({ revisions_used: 0, revision_limit: 2 });

    // She asks for changes: her notes show at once, with the version they ask for.
    h.clock.advance(60_000);
    const asked = await post(`${U}/orders/${order.id}/reject`, customer, { reason: `  ${FIRST_NOTES}  ` });
    expect(asked.body.data.requested_version).toEqual({
      number: 2,
      notes: FIRST_NOTES,
      asked_at: h.clock.now().toISOString(),
    });
    expect(asked.body.data.lifecycle).toMatchObject({ revisions_used: 1, revision_limit: 2 });
    // The song she has stays playable while the next is made.
    expect(asked.body.data.versions).toHaveLength(1);

    await submitRecording(h, artist.token, order.id, 'Second take');
    await post(`${ADMIN}/orders/${order.id}/validate`, admin.token);
    await post(`${U}/orders/${order.id}/reject`, customer, { reason: SECOND_NOTES });
    await submitRecording(h, artist.token, order.id, 'Third take');
    await post(`${ADMIN}/orders/${order.id}/validate`, admin.token);

    const after = await view();
    expect(
      after.versions.map((v: { number: number; lyrics: string; notes: string | null }) => [
        v.number,
        v.lyrics,
        v.notes,
      ]),
    ).toEqual([
      [1, 'First take', null],
      [2, 'Second take', FIRST_NOTES],
      [3, 'Third take', SECOND_NOTES],
    ]);
    expect(after.requested_version).toBeNull();
    // The current song is the newest version.
    expect(after.recording.url).toBe(after.versions[2].url);
    // No revision left: accepting is what remains, and a third request is refused.
    expect(after.lifecycle).toMatchObject({ status: 'delivered', revisions_used: 2, revision_limit: 2 });
    const third = await h.call(
      'POST',
      `${U}/orders/${order.id}/reject`,
      { reason: 'One more change to the bridge, please.' },
      { token: customer },
    );
    expect(third.status).toBe(409);

    // Each version plays (and downloads) through its signed link.
    for (const version of after.versions as { url: string; download_url: string }[]) {
      expect((await h.request(version.url)).status).toBe(200);
      const download = await h.request(version.download_url);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toMatch(/attachment/);
    }

    // Another customer's order is not found, versions and all.
    const stranger = await makeCustomer(h);
    const theirs = await h.call('GET', `${U}/orders/${order.id}`, undefined, { token: stranger.token });
    expect(theirs.status).toBe(404);
    expect(theirs.text).not.toContain('Third take');
    const list = await h.call('GET', `${U}/orders`, undefined, { token: stranger.token });
    expect(list.body.data.orders).toEqual([]);

    // The mails: the first delivery, then each revision by its number with her notes quoted.
    await h.mailer.flush();
    const { email } = await h.database.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', order.customer.id)
      .executeTakeFirstOrThrow();
    const ready = (await readOutbox(h.outboxDir)).filter(
      (m: OutboxMail) => m.to.includes(email) && m.subject.includes('is ready'),
    );
    expect(ready.map((m) => m.subject)).toEqual([
      expect.stringMatching(new RegExp(`^Your song for \\w+ is ready \\(${order.reference}\\)$`)),
      expect.stringMatching(new RegExp(`^Version 2 of your song for \\w+ is ready \\(${order.reference}\\)$`)),
      expect.stringMatching(new RegExp(`^Version 3 of your song for \\w+ is ready \\(${order.reference}\\)$`)),
    ]);
    const [, second, last] = ready as [OutboxMail, OutboxMail, OutboxMail];
    expect(second.text).toContain('made version 2 of the song');
    expect(second.text).toContain(`> ${FIRST_NOTES}`);
    expect(second.text).toContain('Version: 2');
    expect(last.text).toContain(`> ${SECOND_NOTES}`);
    expect(last.html).toContain('&lt;b&gt;Lola&lt;/b&gt; &amp; &quot;Lolita&quot;');
    expect(last.html).not.toContain('<b>Lola</b>');
  });

  it('a rejection without a revision left is refused with the lifecycle’s word, nothing recorded', async () => {
    const order = await paidOrder(h, 1);
    const artist = order.artists[0] as (typeof order.artists)[0];
    await h.database.db.updateTable('orders').set({ revision_limit: 0 }).where('id', '=', order.id).execute();
    await post(`${A}/orders/${order.id}/accept`, artist.token);
    await submitRecording(h, artist.token, order.id, 'Only take');
    await post(`${ADMIN}/orders/${order.id}/validate`, admin.token);
    const refused = await h.call(
      'POST',
      `${U}/orders/${order.id}/reject`,
      { reason: FIRST_NOTES },
      { token: order.customer.token },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(lifecycleMessages.noRevisionsLeft);
    const view = await h.call('GET', `${U}/orders/${order.id}`, undefined, { token: order.customer.token });
    expect(view.body.data).toMatchObject({
      requested_version: null,
      versions: [expect.objectContaining({ number: 1 })],
    });
  });
});

describe('the revised song mail', () => {
  const order = {
    order_id: 7,
    reference: 'OR12345678',
    occasion: 'birthday',
    recipient: 'Lola',
    price_centavos: 320_000,
  };
  const ctx = { publicUrl: 'https://labsongs.test', firstName: 'Maria' };

  it('the first delivery is unchanged; a revision names its version, its artist and her notes', () => {
    const first = mailTemplates.song_ready.render({ order }, ctx);
    expect(first.subject).toBe('Your song for Lola is ready (OR12345678)');
    expect(first.quote).toBeUndefined();
    const revised = mailTemplates.song_ready.render(
      { order: { ...order, artist: 'Liza Sings' }, version: 2, notes: '  Softer at the end.  ' },
      ctx,
    );
    expect(revised.subject).toBe('Version 2 of your song for Lola is ready (OR12345678)');
    expect(revised.paragraphs[0]).toContain('Liza Sings made version 2 of the song for Lola after your notes');
    expect(revised.quote).toBe('Softer at the end.');
    expect(revised.action).toEqual({
      label: 'Listen to version 2',
      url: 'https://labsongs.test/customer/account/orders/7',
    });
    const text = renderMail(revised).text;
    expect(text).toContain('> Softer at the end.');
    expect(text).not.toMatch(/DragonPay|sandbox/i);
  });

  it('long notes are cut at a word with an ellipsis', () => {
    const long = `${'word '.repeat(200)}end`;
    const quoted = quotedNotes(long);
    expect(quoted.length).toBeLessThanOrEqual(401);
    expect(quoted.endsWith('word…')).toBe(true);
    expect(quotedNotes('short')).toBe('short');
  });
});
