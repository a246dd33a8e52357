import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogins, seedDemoData } from '../../server/db/seed';
import { countUsers } from '../../server/users/users.repository';
import { createHarness, databases, type Harness } from './harness';

describe.each(databases)('demo seed (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  it('fills an empty database once, and every printed demo login works on its own login', async () => {
    expect(await seedDemoData(h.database.db, h.passwords, h.clock.now())).toBe(true);
    expect(await countUsers(h.database.db)).toBe(demoLogins.length);
    expect(await seedDemoData(h.database.db, h.passwords, h.clock.now())).toBe(false);
    expect(await countUsers(h.database.db)).toBe(demoLogins.length);

    for (const login of demoLogins) {
      const answer = await h.call('POST', `/api/v1/${login.area}/auth/login`, {
        email: login.email,
        password: login.password,
      });
      expect(answer.status, login.email).toBe(200);
      expect(answer.body.data.user.type).toBe(login.area);
    }
  });

  it('creates the customer, the admin, six approved artists (four online) and one incomplete artist', async () => {
    const users = await h.database.db.selectFrom('users').selectAll().orderBy('id').execute();
    const customer = users.find((u) => u.email === 'customer@labsongs.test');
    expect(customer).toMatchObject({
      type: 'user',
      first_name: 'Maria',
      last_name: 'Santos',
      country: 'PH',
      dial_code: '+63',
    });
    expect(users.filter((u) => u.type === 'admin').map((u) => u.email)).toEqual(['admin@labsongs.test']);

    const approved = users.filter((u) => u.type === 'artist' && u.app_status === 'approved');
    expect(approved.map((u) => u.email)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `artist${n}@labsongs.test`));
    for (const artist of approved) {
      expect(artist).toMatchObject({ personal_info: 1, artist_info: 1, payout_info: 1, password_updated: 1 });
      expect(artist.stage_name).toBeTruthy();
    }
    expect(approved.filter((u) => u.is_online === 1)).toHaveLength(4);
    expect(users.find((u) => u.email === 'newartist@labsongs.test')).toMatchObject({
      type: 'artist',
      app_status: 'incomplete',
    });
  });
});
