import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistMessages } from '../../contracts/artist';
import { APPROVED_SUBJECT, REJECTED_SUBJECT } from '../../server/admin/review.mail';
import { APPLICATION_SUBJECT } from '../../server/artists/application.mail';
import { findLink, readOutbox } from '../../server/services/mail';
import {
  applicationFields,
  artistInfoBody,
  bankBody,
  formOf,
  makeAdmin,
  personalBody,
  wavBytes,
} from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';

const A = '/api/v1/artist';

/** The whole artist path through the API only, as the SPA and the admin console walk it. */
describe.each(databases)('artist journey (%s)', (kind) => {
  let h: Harness;
  let admin: { token: string };
  beforeAll(async () => {
    h = await createHarness(kind);
    admin = await makeAdmin(h);
  });
  afterAll(() => h.close());

  const mailTo = async (email: string, subject: string) => {
    await h.mailer.flush();
    const mail = (await readOutbox(h.outboxDir)).filter((m) => m.to.includes(email) && m.subject === subject).at(-1);
    expect(mail, subject).toBeDefined();
    return mail as NonNullable<typeof mail>;
  };

  /** Applies and finishes all four parts; answers the artist's token and ids. */
  const applyAndComplete = async (stageName: string) => {
    const fields = applicationFields({ stage_name: stageName });
    const email = fields.email as string;
    const applied = await h.upload(
      `${A}/application`,
      formOf(fields, { sample: { bytes: wavBytes(), name: 'sample.wav' } }),
    );
    expect(applied.status, applied.text).toBe(201);

    const mail = await mailTo(email, APPLICATION_SUBJECT);
    expect(findLink(mail, '/artist/login')).toBe('http://labsongs.test/artist/login');
    const temporary = /Temporary password: (\S+)/.exec(mail.text)?.[1] as string;

    const login = await h.call('POST', `${A}/auth/login`, { email, password: temporary });
    expect(login.status).toBe(200);
    let token = login.body.data.token as string;
    const user = login.body.data.user;
    expect(user.app_status).toBe('incomplete');

    // Unapproved: the gated routes refuse, the profile answers (with the application's sample).
    expect((await h.call('GET', `${A}/dashboard`, undefined, { token })).status).toBe(403);
    const profile = (await h.call('GET', `${A}/profile`, undefined, { token })).body.data;
    expect(profile.songs.map((s: { title: string }) => s.title)).toEqual(['Application sample']);
    expect(profile.stage_name).toBe(stageName);

    expect((await h.call('PATCH', `${A}/profile/personal`, personalBody(), { token })).status).toBe(200);
    expect(
      (await h.call('PATCH', `${A}/profile/artist-info`, artistInfoBody({ stage_name: stageName }), { token })).status,
    ).toBe(200);
    expect((await h.call('PATCH', `${A}/profile/bank`, bankBody(), { token })).status).toBe(200);
    const password = await h.call(
      'PATCH',
      `${A}/profile/password`,
      { current_password: temporary, password: 'MyOwnPass42', password_confirmation: 'MyOwnPass42' },
      { token },
    );
    expect(password.status).toBe(200);
    expect(password.body.message).toBe(artistMessages.submittedForReview);
    expect(password.body.data.user.app_status).toBe('for_review');
    token = password.body.data.token;
    return {
      token,
      id: user.id as number,
      user_id: user.user_id as string,
      email,
      featured: profile.songs[0].source as string,
    };
  };

  it('apply → mail → login → four parts → for_review → approve → online → catalogue → offline → gone', async () => {
    const artist = await applyAndComplete('Journey Jo');

    const queue = (await h.call('GET', '/api/v1/admin/applications', undefined, { token: admin.token })).body.data
      .items;
    expect(queue.map((a: { id: number }) => a.id)).toContain(artist.id);
    const approved = await h.call('POST', `/api/v1/admin/applications/${artist.id}/approve`, undefined, {
      token: admin.token,
    });
    expect(approved.status).toBe(200);
    await mailTo(artist.email, APPROVED_SUBJECT);

    // Approved, not yet online: not in the catalogue.
    const me = (await h.call('GET', `${A}/auth/me`, undefined, { token: artist.token })).body.data;
    expect(me).toMatchObject({ app_status: 'approved', is_online: 0, is_first_time_login: 1 });
    expect((await h.call('GET', '/api/v1/user/artists?q=journey')).body.data.artists).toEqual([]);
    expect((await h.call('GET', `${A}/dashboard`, undefined, { token: artist.token })).status).toBe(200);

    await h.call('PATCH', `${A}/profile/featured-song`, { source: artist.featured }, { token: artist.token });
    const online = await h.call('PATCH', `${A}/profile/online-status`, { status: 0 }, { token: artist.token });
    expect(online.body.data).toMatchObject({ is_online: 1, is_first_time_login: 0 });

    const listed = (await h.call('GET', '/api/v1/user/artists?q=journey')).body.data.artists;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: artist.user_id,
      stage_name: 'Journey Jo',
      rate: 3000,
      genres: ['pop', 'rnb'],
    });
    expect(listed[0].sample.title).toBe('Application sample');
    const sample = await h.request(listed[0].sample.url, { headers: { Range: 'bytes=0-3' } });
    expect(sample.status).toBe(206);
    expect(Buffer.from(await sample.arrayBuffer()).toString('latin1')).toBe('RIFF');
    expect((await h.call('GET', `/api/v1/user/artists/${artist.user_id}`)).status).toBe(200);

    await h.call('PATCH', `${A}/profile/online-status`, { status: 1 }, { token: artist.token });
    expect((await h.call('GET', '/api/v1/user/artists?q=journey')).body.data.artists).toEqual([]);
    const gone = await h.call('GET', `/api/v1/user/artists/${artist.user_id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: artistMessages.artistUnavailable });
  });

  it('reject → the artist sees the reason, edits a part → for_review again (reason cleared) → approve', async () => {
    const artist = await applyAndComplete('Second Try Sam');
    const reason = 'Your sample is too quiet; please upload a louder take.';
    const rejected = await h.call(
      'POST',
      `/api/v1/admin/applications/${artist.id}/reject`,
      { reason },
      { token: admin.token },
    );
    expect(rejected.status).toBe(200);
    expect((await mailTo(artist.email, REJECTED_SUBJECT)).text).toContain(reason);

    const profile = (await h.call('GET', `${A}/profile`, undefined, { token: artist.token })).body.data;
    expect(profile.user.app_status).toBe('rejected');
    expect(profile.rejection_reason).toBe(reason);
    expect((await h.call('PATCH', `${A}/profile/online-status`, { status: 0 }, { token: artist.token })).status).toBe(
      403,
    );

    h.clock.advance(60_000);
    const resubmitted = await h.call(
      'PATCH',
      `${A}/profile/artist-info`,
      artistInfoBody({
        stage_name: 'Second Try Sam',
        bio: 'A louder, clearer take this time: pop and R&B for birthdays and weddings.',
      }),
      {
        token: artist.token,
      },
    );
    expect(resubmitted.status).toBe(200);
    expect(resubmitted.body.message).toBe(artistMessages.submittedForReview);
    expect(resubmitted.body.data.app_status).toBe('for_review');
    const after = (await h.call('GET', `${A}/profile`, undefined, { token: artist.token })).body.data;
    expect(after.rejection_reason).toBeNull();
    const row = await h.database.db
      .selectFrom('artist_profiles')
      .selectAll()
      .where('user_id', '=', artist.id)
      .executeTakeFirstOrThrow();
    expect(row.submitted_at).toBe(h.clock.now().toISOString());
    expect(row.rejection_reason).toBeNull();

    const queue = (await h.call('GET', '/api/v1/admin/applications', undefined, { token: admin.token })).body.data
      .items;
    expect(queue[0].id).toBe(artist.id);
    expect(
      (await h.call('POST', `/api/v1/admin/applications/${artist.id}/approve`, undefined, { token: admin.token }))
        .status,
    ).toBe(200);
  });
});
