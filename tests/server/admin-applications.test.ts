import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistMessages } from '../../contracts/artist';
import { fieldMessages, pageLimitMessage } from '../../contracts/field-messages';
import { serverMessages } from '../../contracts/server-messages';
import { APPROVED_SUBJECT, REJECTED_SUBJECT } from '../../server/admin/review.mail';
import { readOutbox } from '../../server/services/mail';
import { findUserById } from '../../server/users/users.repository';
import { bankBody, makeAdmin, makeArtist, makeCustomer } from './artist-fixtures';
import { createHarness, databases, type Harness, uniqueEmail } from './harness';

const ADMIN = '/api/v1/admin';
const REASON = 'Please upload a clearer recording of your voice.';

describe.each(databases)('admin: artist applications (%s)', (kind) => {
  let h: Harness;
  let admin: { id: number; token: string };
  beforeAll(async () => {
    h = await createHarness(kind);
    admin = await makeAdmin(h);
  });
  afterAll(() => h.close());

  const list = (status?: string) =>
    h.call('GET', `${ADMIN}/applications${status ? `?status=${status}` : ''}`, undefined, { token: admin.token });

  /** An artist waiting for review, with its submission time set by the clock. */
  const waiting = async () => {
    const artist = await makeArtist(h, { status: 'for_review', song: true });
    await h.database.db
      .insertInto('artist_profiles')
      .values({
        user_id: artist.id,
        submitted_at: h.clock.now().toISOString(),
        created_at: h.clock.now().toISOString(),
        updated_at: h.clock.now().toISOString(),
      })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ submitted_at: h.clock.now().toISOString() }))
      .execute();
    h.clock.advance(1000);
    return artist;
  };

  it('lists for_review by default, newest submission first, as ApplicationSummary', async () => {
    const older = await waiting();
    const newer = await waiting();
    await makeArtist(h, { status: 'approved' });
    const answer = await list();
    expect(answer.status).toBe(200);
    const ids = answer.body.data.items.map((a: { id: number }) => a.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    for (const item of answer.body.data.items) expect(item.app_status).toBe('for_review');
    expect(answer.body.data.items.find((a: { id: number }) => a.id === newer.id)).toEqual({
      id: newer.id,
      user_id: newer.user_id,
      full_name: 'Art Ist',
      stage_name: expect.any(String),
      email: newer.email,
      app_status: 'for_review',
      application_progress: { personal_info: true, artist_info: true, payout_info: true, password_updated: true },
      created_at: expect.any(String),
      submitted_at: expect.any(String),
    });
  });

  it('filters by every status and refuses an unknown one', async () => {
    const incomplete = await makeArtist(h, { status: 'incomplete' });
    const approved = await makeArtist(h, { status: 'approved' });
    const rejected = await makeArtist(h, { status: 'rejected' });
    for (const [status, artist] of [
      ['incomplete', incomplete],
      ['approved', approved],
      ['rejected', rejected],
    ] as const) {
      const answer = await list(status);
      expect(answer.status).toBe(200);
      expect(answer.body.data.items.map((a: { id: number }) => a.id)).toContain(artist.id);
      for (const item of answer.body.data.items) expect(item.app_status).toBe(status);
    }
    const bad = await list('deleted');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ status: ['Unknown status'] });
    const extra = await h.call('GET', `${ADMIN}/applications?page=2`, undefined, { token: admin.token });
    expect(extra.status).toBe(422);
    expect(extra.body.errors).toEqual({ page: [fieldMessages.unknownField] });
  });

  it('pages one status newest first (never-sent ones by sign-up time), every application exactly once', async () => {
    const { db } = h.database;
    const at = (minutes: number) => new Date(Date.UTC(2020, 0, 1, 0, minutes)).toISOString();
    // Rejected applications (a status no other test fills this much): three share one submission time,
    // so the id decides between them; two were never sent and sort by their sign-up time.
    const made: number[] = [];
    for (let i = 0; i < 9; i++) {
      const user = await h.createAccount({
        type: 'artist',
        email: uniqueEmail('paged'),
        password: 'Artist123!',
        app_status: 'rejected',
      });
      made.push(user.id);
      await db
        .updateTable('users')
        .set({ created_at: at(i) })
        .where('id', '=', user.id)
        .execute();
      if (i < 7) {
        const submitted = i < 3 ? at(100) : at(50 + i);
        await db
          .insertInto('artist_profiles')
          .values({ user_id: user.id, submitted_at: submitted, created_at: at(i), updated_at: at(i) })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ submitted_at: submitted }))
          .execute();
      }
    }
    const expected = (
      await db
        .selectFrom('users')
        .leftJoin('artist_profiles', 'artist_profiles.user_id', 'users.id')
        .select(['users.id', 'users.created_at', 'artist_profiles.submitted_at'])
        .where('users.type', '=', 'artist')
        .where('users.app_status', '=', 'rejected')
        .execute()
    )
      .map((r) => ({ id: r.id, key: r.submitted_at ?? r.created_at }))
      .sort((a, b) => (a.key === b.key ? b.id - a.id : a.key < b.key ? 1 : -1))
      .map((r) => r.id);
    expect(expected).toEqual(expect.arrayContaining(made));

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `status=rejected&limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const answer = await h.call('GET', `${ADMIN}/applications?${query}`, undefined, { token: admin.token });
      expect(answer.status).toBe(200);
      expect(answer.body.data.items.length).toBeLessThanOrEqual(4);
      for (const item of answer.body.data.items) expect(item.app_status).toBe('rejected');
      seen.push(...answer.body.data.items.map((a: { id: number }) => a.id));
      cursor = answer.body.data.next_cursor;
      pages++;
    } while (cursor !== null && pages < 20);
    expect(seen).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 4));
    // The three tied at one time come newest id first, before every older submission.
    const ours = seen.filter((id) => made.includes(id));
    expect(ours.slice(0, 3)).toEqual([made[2], made[1], made[0]]);
    // Never sent: last, by sign-up time.
    expect(ours.slice(-2)).toEqual([made[8], made[7]]);
  });

  it('refuses a bad cursor, limit or status with per-field errors', async () => {
    const bad = async (query: string) => {
      const answer = await h.call('GET', `${ADMIN}/applications?${query}`, undefined, { token: admin.token });
      expect(answer.status).toBe(422);
      return answer.body.errors;
    };
    expect(await bad('cursor=nonsense')).toEqual({ cursor: ['Invalid cursor'] });
    expect(await bad('cursor=2020-01-01_12')).toEqual({ cursor: ['Invalid cursor'] });
    expect(await bad(`cursor=${encodeURIComponent("2020-01-01T00:00:00.000Z_1' or 1=1")}`)).toEqual({
      cursor: ['Invalid cursor'],
    });
    for (const limit of ['0', '51', 'ten', '-1', '1000'])
      expect(await bad(`limit=${limit}`)).toEqual({ limit: [pageLimitMessage] });
    expect(await bad('status=waiting&limit=0&cursor=x')).toEqual({
      status: ['Unknown status'],
      limit: [pageLimitMessage],
      cursor: ['Invalid cursor'],
    });
    // A well-formed cursor past every row is an empty last page, not an error.
    const past = await h.call(
      'GET',
      `${ADMIN}/applications?cursor=${encodeURIComponent('1970-01-01T00:00:00.000Z_1')}`,
      undefined,
      {
        token: admin.token,
      },
    );
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual({ items: [], next_cursor: null });
    // Only admins.
    const artist = await makeArtist(h, { status: 'approved' });
    expect((await h.call('GET', `${ADMIN}/applications`, undefined, { token: artist.token })).status).toBe(401);
  });

  it('GET /applications/{id} answers the detail with signed song URLs and no payout details', async () => {
    const artist = await waiting();
    await h.call('PATCH', '/api/v1/artist/profile/bank', bankBody(), { token: artist.token });
    const answer = await h.call('GET', `${ADMIN}/applications/${artist.id}`, undefined, { token: admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      id: artist.id,
      app_status: 'for_review',
      payout_complete: true,
      rate: 2500,
      genres: [],
      links: [],
      rejection_reason: null,
    });
    expect(answer.text).not.toContain('1234567890');
    expect(answer.body.data.songs).toHaveLength(1);
    const res = await h.request(answer.body.data.songs[0].url);
    expect(res.status).toBe(200);

    expect((await h.call('GET', `${ADMIN}/applications/999999`, undefined, { token: admin.token })).status).toBe(404);
    const customer = await makeCustomer(h);
    // A customer's id is not an application.
    expect(
      (await h.call('GET', `${ADMIN}/applications/${customer.id}`, undefined, { token: admin.token })).status,
    ).toBe(404);
    expect((await h.call('GET', `${ADMIN}/applications/abc`, undefined, { token: admin.token })).status).toBe(404);
  });

  it('approves a waiting application: status, review stamp, mail; then 409 on a second try', async () => {
    const artist = await waiting();
    const answer = await h.call('POST', `${ADMIN}/applications/${artist.id}/approve`, undefined, {
      token: admin.token,
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.message).toBe(artistMessages.applicationApproved);
    expect(answer.body.data.app_status).toBe('approved');
    expect((await findUserById(h.database.db, artist.id))?.app_status).toBe('approved');
    const profile = await h.database.db
      .selectFrom('artist_profiles')
      .selectAll()
      .where('user_id', '=', artist.id)
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ reviewed_by: admin.id, reviewed_at: h.clock.now().toISOString() });
    await h.mailer.flush();
    const mail = (await readOutbox(h.outboxDir)).filter((m) => m.to.includes(artist.email)).at(-1);
    expect(mail?.subject).toBe(APPROVED_SUBJECT);
    expect(mail?.text).toContain('http://labsongs.test/artist/login');

    const again = await h.call('POST', `${ADMIN}/applications/${artist.id}/approve`, undefined, { token: admin.token });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: artistMessages.notForReview });
  });

  it('approves or rejects only from for_review', async () => {
    for (const status of ['incomplete', 'approved', 'rejected'] as const) {
      const artist = await makeArtist(h, { status });
      for (const action of ['approve', 'reject']) {
        const answer = await h.call(
          'POST',
          `${ADMIN}/applications/${artist.id}/${action}`,
          action === 'reject' ? { reason: REASON } : undefined,
          {
            token: admin.token,
          },
        );
        expect(answer.status, `${status} ${action}`).toBe(409);
        expect(answer.body).toEqual({ message: artistMessages.notForReview });
      }
      expect((await findUserById(h.database.db, artist.id))?.app_status).toBe(status);
    }
    for (const action of ['approve', 'reject']) {
      const answer = await h.call(
        'POST',
        `${ADMIN}/applications/424242/${action}`,
        action === 'reject' ? { reason: REASON } : undefined,
        {
          token: admin.token,
        },
      );
      expect(answer.status).toBe(404);
    }
  });

  it('two admins approving at once: one wins, the other hears 409', async () => {
    const artist = await waiting();
    const second = await makeAdmin(h);
    const answers = await Promise.all([
      h.call('POST', `${ADMIN}/applications/${artist.id}/approve`, undefined, { token: admin.token }),
      h.call('POST', `${ADMIN}/applications/${artist.id}/approve`, undefined, { token: second.token }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it('rejects with a reason: status, reason on the profile, mail with the reason', async () => {
    const artist = await waiting();
    const answer = await h.call(
      'POST',
      `${ADMIN}/applications/${artist.id}/reject`,
      { reason: REASON },
      { token: admin.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(artistMessages.applicationRejected);
    expect(answer.body.data).toMatchObject({ app_status: 'rejected', rejection_reason: REASON });
    await h.mailer.flush();
    const mail = (await readOutbox(h.outboxDir)).filter((m) => m.to.includes(artist.email)).at(-1);
    expect(mail?.subject).toBe(REJECTED_SUBJECT);
    expect(mail?.text).toContain(REASON);
    const profile = await h.call('GET', '/api/v1/artist/profile', undefined, { token: artist.token });
    expect(profile.body.data.rejection_reason).toBe(REASON);
  });

  it('refuses a reject without a proper reason', async () => {
    const artist = await waiting();
    for (const [body, message] of [
      [{}, artistMessages.reasonRequired],
      [{ reason: 'too short' }, artistMessages.reasonRequired],
      [{ reason: 'r'.repeat(1001) }, fieldMessages.tooLong('reason', 1000)],
      [{ reason: REASON, extra: true }, fieldMessages.unknownField],
    ] as const) {
      const answer = await h.call('POST', `${ADMIN}/applications/${artist.id}/reject`, body, { token: admin.token });
      expect(answer.status).toBe(422);
      expect(Object.values(answer.body.errors)).toEqual([[message]]);
    }
    expect((await findUserById(h.database.db, artist.id))?.app_status).toBe('for_review');
  });

  it('artists, customers and strangers get 401 on every admin route', async () => {
    const artist = await makeArtist(h, { status: 'approved' });
    const customer = await makeCustomer(h);
    const target = await waiting();
    for (const token of [artist.token, customer.token, undefined]) {
      for (const [method, path, body] of [
        ['GET', '/applications'],
        ['GET', `/applications/${target.id}`],
        ['POST', `/applications/${target.id}/approve`],
        ['POST', `/applications/${target.id}/reject`, { reason: REASON }],
      ] as [string, string, unknown?][]) {
        const answer = await h.call(method, `${ADMIN}${path}`, body, token ? { token } : {});
        expect(answer.status, `${method} ${path}`).toBe(401);
        expect(answer.body).toEqual({ message: serverMessages.unauthenticated });
      }
    }
    expect((await findUserById(h.database.db, target.id))?.app_status).toBe('for_review');
  });
});
