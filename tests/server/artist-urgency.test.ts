import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CompiledQuery, type Kysely, type KyselyPlugin, Migrator, type PluginTransformQueryArgs, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistMessages, fileTooLargeFor } from '../../contracts/artist';
import { RECORDING_MAX_BYTES } from '../../contracts/constants';
import { lifecycleMessages, revisionNoteTooShort } from '../../contracts/lifecycle';
import { operationsMessages } from '../../contracts/operations';
import { serverMessages } from '../../contracts/server-messages';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { migrationProvider } from '../../server/db/migrations';
import { type RunningServer, startServer } from '../../server/server';
import {
  applicationFields,
  artistInfoBody,
  formOf,
  makeAdmin,
  makeArtist,
  uploadSong,
  wavBytes,
} from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import { A, ADMIN, notificationsOf, paidOrder, payOrder, statusOf, submitRecording, U } from './lifecycle-fixtures';
import { makeCustomer, makeRatedArtist, placeOrder } from './orders-fixtures';

// Artists see what is urgent: offers by answer deadline, unique stage names with an admin's review of
// a change, recordings up to 100 MB streamed, and revision notes that say something.

const HOUR = 3_600_000;
let tags = 0;
/** Letters only, so a name's key (letters and digits) stays unique per test. */
const tag = () => `${Date.now().toString(36).replace(/\d/g, '')}${'abcdefghij'[tags++ % 10]}${tags}`;

describe.each(databases)('artist urgency (%s)', (kind) => {
  let h: Harness;
  let admin: { id: number; token: string };
  beforeAll(async () => {
    h = await createHarness(kind);
    admin = await makeAdmin(h);
  });
  afterAll(() => h.close());

  const get = (url: string, token: string) => h.call('GET', url, undefined, { token });
  const post = (url: string, body: unknown, token: string) => h.call('POST', url, body, { token });
  const catalogueNames = async (q: string) =>
    (
      (await h.call('GET', `${U}/artists?q=${encodeURIComponent(q)}`)).body.data.artists as { stage_name: string }[]
    ).map((a) => a.stage_name);

  describe('offers by answer deadline', () => {
    it('lists open offers soonest deadline first, keyset-paged by "<expires_at>_<id>", without expired ones', async () => {
      const artist = await makeRatedArtist(h);
      const other = await makeRatedArtist(h);
      const customer = await makeCustomer(h);
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) {
        const order = await placeOrder(h, customer.token, [artist.user_id, other.user_id]);
        await payOrder(h, customer.token, order.id);
        ids.push(order.id);
      }
      // Needed-by follows the ids (the old order); the deadlines do not (e.g. rebooked offers answer sooner).
      const now = h.clock.now().getTime();
      const minutesLeft = [300, 45, 1200, 90, 10, -1];
      for (const [i, id] of ids.entries()) {
        await h.database.db
          .updateTable('order_artists')
          .set({ expires_at: new Date(now + (minutesLeft[i] as number) * 60_000).toISOString() })
          .where('order_id', '=', id)
          .where('artist_id', '=', artist.id)
          .execute();
      }
      const expected = ids
        .map((id, i) => ({ id, left: minutesLeft[i] as number }))
        .filter((o) => o.left > 0)
        .sort((a, b) => a.left - b.left)
        .map((o) => o.id);

      const seen: number[] = [];
      const cursors: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const page = await get(`${A}/orders?stage=new&limit=2${query}`, artist.token);
        expect(page.status, page.text).toBe(200);
        seen.push(...page.body.data.items.map((o: { id: number }) => o.id));
        for (const item of page.body.data.items as { offer: { expires_at: string } }[])
          expect(new Date(item.offer.expires_at).getTime()).toBeGreaterThan(now);
        cursor = page.body.data.next_cursor;
        if (cursor) cursors.push(cursor);
      } while (cursor);
      // The one past its deadline is not listed even before the offer sweep closes it.
      expect(seen).toEqual(expected);
      expect(cursors).toHaveLength(2);
      for (const c of cursors) expect(c).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_\d+$/);
      // The other artist's offers keep their own deadlines (untouched: one for all, so by id).
      const theirs = await get(`${A}/orders?stage=new&limit=50`, other.token);
      expect(theirs.body.data.items.map((o: { id: number }) => o.id)).toEqual(ids);
      // A malformed cursor is a 422, never a database error.
      const bad = await get(
        `${A}/orders?stage=new&cursor=${encodeURIComponent('2026-01-01T00:00:00Z_1')}`,
        artist.token,
      );
      expect(bad.status).toBe(422);
      expect(bad.body.errors.cursor).toBeDefined();
    });

    it('the offers page reads index order_artists_artist_deadline in its order (EXPLAIN)', async () => {
      const statements: PluginTransformQueryArgs[] = [];
      const plugin: KyselyPlugin = {
        transformQuery: (args) => {
          statements.push(args);
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      const app = createApp({ ...h.deps, database: { ...h.database, db: h.database.db.withPlugin(plugin) } });
      const artist = await makeRatedArtist(h);
      // Many offers of other artists, so that the planner has a reason to pick an index.
      const model = await paidOrder(h, 1);
      const at = h.clock.now().toISOString();
      const later = new Date(h.clock.now().getTime() + 5 * HOUR).toISOString();
      await sql`insert into order_artists (order_id, artist_id, rank, offer_status, offered_at, expires_at)
        select o.id, u.id, 100 + u.id, 'pending', ${at}, ${later} from orders o cross join users u
        where u.type = 'artist' and u.id <> ${artist.id} and o.id = ${model.id}
          and not exists (select 1 from order_artists x where x.order_id = o.id and x.artist_id = u.id)`.execute(
        h.database.db,
      );
      await sql`analyze`.execute(h.database.db);
      const res = await app.request(`${A}/orders?stage=new&cursor=${encodeURIComponent(`${at}_1`)}`, {
        headers: { Authorization: `Bearer ${artist.token}` },
      });
      expect(res.status).toBe(200);
      const executor = h.database.db.getExecutor();
      const statement = statements
        .map((args) => executor.compileQuery(args.node, args.queryId))
        .find((q) => q.sql.includes('offer_expires_at'));
      if (!statement) throw new Error('no offers statement');
      const explain = kind === 'postgres' ? 'explain ' : 'explain query plan ';
      const rows = await h.database.db.connection().execute(async (connection) => {
        if (kind === 'postgres') await sql`set enable_seqscan = off`.execute(connection);
        const plan = await connection.executeQuery<Record<string, unknown>>(
          CompiledQuery.raw(explain + statement.sql, [...statement.parameters]),
        );
        if (kind === 'postgres') await sql`reset all`.execute(connection);
        return plan.rows;
      });
      const plan = rows.map((row) => String(row['QUERY PLAN'] ?? row.detail)).join('\n');
      expect(plan).toMatch(/order_artists_artist_deadline/);
      expect(plan).not.toMatch(/TEMP B-TREE|Sort/);
    });
  });

  describe('unique stage names', () => {
    it('refuses a taken name, whatever its case, spacing or accents, on application and profile save (422)', async () => {
      const t = tag();
      await makeArtist(h, { status: 'approved', stageName: `Migs ${t}` });
      const variants = [`Migs ${t}`, `  migs ${t.toUpperCase()} `, `Mígs ${t}`, `M.I.G.S ${t}`, `migs${t}`];
      for (const stage_name of variants) {
        const applied = await h.upload(`${A}/application`, formOf(applicationFields({ stage_name })));
        expect(applied.status, `${stage_name}: ${applied.text}`).toBe(422);
        expect(applied.body).toEqual({
          message: serverMessages.validationFailed,
          errors: { stage_name: [artistMessages.stageNameTaken] },
        });
      }
      const applicant = await makeArtist(h, { status: 'incomplete' });
      await uploadSong(h, applicant.token);
      for (const stage_name of variants) {
        const saved = await h.call('PATCH', `${A}/profile/artist-info`, artistInfoBody({ stage_name }), {
          token: applicant.token,
        });
        expect(saved.status, stage_name).toBe(422);
        expect(saved.body.errors).toEqual({ stage_name: [artistMessages.stageNameTaken] });
      }
      // A free name is taken at once before approval; the applicant may change its case freely.
      const mine = `Lira ${t}`;
      const own = await h.call('PATCH', `${A}/profile/artist-info`, artistInfoBody({ stage_name: mine }), {
        token: applicant.token,
      });
      expect(own.status, own.text).toBe(200);
      const again = await h.call(
        'PATCH',
        `${A}/profile/artist-info`,
        artistInfoBody({ stage_name: mine.toUpperCase() }),
        {
          token: applicant.token,
        },
      );
      expect(again.status, again.text).toBe(200);
      // A free application name creates the account.
      const fresh = await h.upload(`${A}/application`, formOf(applicationFields({ stage_name: `Tala ${t}` })));
      expect(fresh.status, fresh.text).toBe(201);
    });

    it("an approved artist's new name waits for an admin; the catalogue and search keep the old one until approval", async () => {
      const t = tag();
      const artist = await makeArtist(h, { status: 'approved', online: true, stageName: `Ana ${t}`, song: true });
      const wanted = `Rosa ${t}`;
      const saved = await h.call('PATCH', `${A}/profile/artist-info`, artistInfoBody({ stage_name: wanted }), {
        token: artist.token,
      });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body.message).toBe(artistMessages.stageNamePending);
      const profile = (await get(`${A}/profile`, artist.token)).body.data;
      expect(profile).toMatchObject({ stage_name: `Ana ${t}`, pending_stage_name: wanted });
      expect(await catalogueNames(t)).toEqual([`Ana ${t}`]);
      // The admins are alerted in the app and in their digest.
      const alerts = await notificationsOf(h, admin.id);
      expect(alerts.filter((n) => n.type === 'stage_name_review').at(-1)?.body).toContain(`Ana ${t}`);
      const digest = await h.database.db
        .selectFrom('mail_outbox')
        .select(['kind', 'payload'])
        .where('kind', '=', 'admin_stage_name_review')
        .execute();
      expect(digest.some((row) => row.payload.includes(wanted))).toBe(true);
      // Nobody else may take the name asked for, meanwhile.
      const rival = await makeArtist(h, { status: 'incomplete' });
      await uploadSong(h, rival.token);
      const taken = await h.call('PATCH', `${A}/profile/artist-info`, artistInfoBody({ stage_name: ` rosa ${t} ` }), {
        token: rival.token,
      });
      expect(taken.body.errors).toEqual({ stage_name: [artistMessages.stageNameTaken] });
      // Saving the form again (same pending name) changes nothing.
      await h.call('PATCH', `${A}/profile/artist-info`, artistInfoBody({ stage_name: wanted }), {
        token: artist.token,
      });
      expect((await get(`${A}/profile`, artist.token)).body.data.pending_stage_name).toBe(wanted);

      // An order of this artist is found by the approved name only.
      const customer = await makeCustomer(h);
      await placeOrder(h, customer.token, [artist.user_id]);
      const search = async (q: string) =>
        (await get(`${ADMIN}/orders?q=${encodeURIComponent(q)}`, admin.token)).body.data.items.length;
      expect(await search(`Ana ${t}`)).toBe(1);
      expect(await search(wanted)).toBe(0);

      // The admin's list of names to review has it; a decision on another name than the one asked is refused.
      const waiting = await get(`${ADMIN}/artists?status=stage_name`, admin.token);
      const row = waiting.body.data.items.find((a: { user_id: string }) => a.user_id === artist.user_id);
      expect(row).toMatchObject({ stage_name: `Ana ${t}`, pending_stage_name: wanted });
      const stale = await post(
        `${ADMIN}/artists/${artist.user_id}/stage-name/approve`,
        { stage_name: 'Other' },
        admin.token,
      );
      expect(stale.status).toBe(409);
      expect(stale.body.message).toBe(operationsMessages.stageNameRequestChanged);
      const noBody = await post(`${ADMIN}/artists/${artist.user_id}/stage-name/approve`, {}, admin.token);
      expect(noBody.status).toBe(422);
      // Only admins decide.
      expect(
        (await post(`${ADMIN}/artists/${artist.user_id}/stage-name/approve`, { stage_name: wanted }, artist.token))
          .status,
      ).toBe(401);

      const approved = await post(
        `${ADMIN}/artists/${artist.user_id}/stage-name/approve`,
        { stage_name: wanted },
        admin.token,
      );
      expect(approved.status, approved.text).toBe(200);
      expect(approved.body.message).toBe(operationsMessages.stageNameApproved);
      expect(approved.body.data).toMatchObject({ stage_name: wanted, pending_stage_name: null });
      expect(await catalogueNames(t)).toEqual([wanted]);
      expect(await search(wanted)).toBe(1);
      expect(await search(`Ana ${t}`)).toBe(0);
      expect((await notificationsOf(h, artist.id)).at(-1)).toMatchObject({ type: 'stage_name_approved' });
      expect((await get(`${A}/profile`, artist.token)).body.data.pending_stage_name).toBeNull();
      // Decided once: a second decision is a 409.
      expect(
        (await post(`${ADMIN}/artists/${artist.user_id}/stage-name/reject`, { stage_name: wanted }, admin.token))
          .status,
      ).toBe(409);
      // The old name is free again.
      const freed = await h.call('PATCH', `${A}/profile/artist-info`, artistInfoBody({ stage_name: `Ana ${t}` }), {
        token: rival.token,
      });
      expect(freed.status, freed.text).toBe(200);
    });

    it('a turned-down name leaves the approved one; asking for the approved name again withdraws a request', async () => {
      const t = tag();
      const artist = await makeArtist(h, { status: 'approved', online: true, stageName: `Bea ${t}`, song: true });
      const ask = (stage_name: string) =>
        h.call('PATCH', `${A}/profile/artist-info`, artistInfoBody({ stage_name }), { token: artist.token });
      expect((await ask(`Cora ${t}`)).status).toBe(200);
      const rejected = await post(
        `${ADMIN}/artists/${artist.user_id}/stage-name/reject`,
        { stage_name: `Cora ${t}` },
        admin.token,
      );
      expect(rejected.status, rejected.text).toBe(200);
      expect(rejected.body.message).toBe(operationsMessages.stageNameRejected);
      expect((await get(`${A}/profile`, artist.token)).body.data).toMatchObject({
        stage_name: `Bea ${t}`,
        pending_stage_name: null,
      });
      expect((await notificationsOf(h, artist.id)).at(-1)).toMatchObject({ type: 'stage_name_rejected' });
      expect(await catalogueNames(t)).toEqual([`Bea ${t}`]);
      expect((await ask(`Dina ${t}`)).body.message).toBe(artistMessages.stageNamePending);
      const back = await ask(`Bea ${t}`);
      expect(back.body.message).toBe(artistMessages.artistInfoSaved);
      expect((await get(`${A}/profile`, artist.token)).body.data.pending_stage_name).toBeNull();
      const gone = await post(
        `${ADMIN}/artists/${artist.user_id}/stage-name/approve`,
        { stage_name: `Dina ${t}` },
        admin.token,
      );
      expect(gone.status).toBe(409);
    });
  });

  describe('revision notes', () => {
    it('a one-word note or reason is refused with the rule; a sentence is sent', async () => {
      const order = await paidOrder(h, 1);
      const artist = order.artists[0];
      if (!artist) throw new Error('no artist');
      expect((await post(`${A}/orders/${order.id}/accept`, undefined, artist.token)).status).toBe(200);
      await submitRecording(h, artist.token, order.id);
      for (const notes of ['Redo', 'Too fast please', 'aaaaaaaaaaaaaaaaaaaaaaaaa']) {
        const short = await post(`${ADMIN}/orders/${order.id}/request-revision`, { notes }, admin.token);
        expect(short.status, notes).toBe(422);
        expect(short.body.errors).toEqual({ notes: [revisionNoteTooShort] });
      }
      const empty = await post(`${ADMIN}/orders/${order.id}/request-revision`, { notes: '  ' }, admin.token);
      expect(empty.body.errors).toEqual({ notes: [lifecycleMessages.notesRequired] });
      expect(await statusOf(h, order.id)).toBe('in_validation');
      const sentence = 'Please sing the chorus a little slower.';
      const revised = await post(`${ADMIN}/orders/${order.id}/request-revision`, { notes: sentence }, admin.token);
      expect(revised.status, revised.text).toBe(200);

      await submitRecording(h, artist.token, order.id);
      expect((await post(`${ADMIN}/orders/${order.id}/validate`, undefined, admin.token)).status).toBe(200);
      const customer = order.customer.token;
      const one = await post(`${U}/orders/${order.id}/reject`, { reason: 'Slower' }, customer);
      expect(one.status).toBe(422);
      expect(one.body.errors).toEqual({ reason: [revisionNoteTooShort] });
      expect(await statusOf(h, order.id)).toBe('delivered');
      const sent = await post(
        `${U}/orders/${order.id}/reject`,
        { reason: 'The bridge needs a softer voice.' },
        customer,
      );
      expect(sent.status, sent.text).toBe(200);
      expect(await statusOf(h, order.id)).toBe('in_revision');
    });
  });
});

describe.each(databases)('migration 0021-stage-names (%s)', (kind) => {
  let h: Harness;
  let migrator: Migrator;
  const db = () => h.database.db as unknown as Kysely<any>;
  const migrateTo = async (name: string) => {
    const { error } = await migrator.migrateTo(name);
    if (error) throw error;
  };
  beforeAll(async () => {
    h = await createHarness(kind, { migrate: false });
    migrator = new Migrator({
      db: h.database.db,
      provider: migrationProvider(h.database.dialect),
      ...(h.database.schema ? { migrationTableSchema: h.database.schema } : {}),
    });
    await migrateTo('0020-account-care');
  });
  afterAll(() => h.close());

  it('keys every stage name; the oldest artist keeps a shared name, the later ones are suffixed; it comes down', async () => {
    const at = '2026-01-01T00:00:00.000Z';
    const names = ['Migs', ' mígs ', 'Ana Reyes', 'MIGS', 'Migs (2)', null];
    for (const [i, stage_name] of names.entries()) {
      await db()
        .insertInto('users')
        .values({
          id: i + 1,
          user_id: `u${i + 1}`,
          type: stage_name === null ? 'user' : 'artist',
          email: `p${i + 1}@example.test`,
          first_name: 'P',
          last_name: 'Q',
          password_hash: 'x',
          stage_name,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    await migrateTo('0021-stage-names');
    const rows = await db().selectFrom('users').select(['id', 'stage_name', 'stage_name_key']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 1, stage_name: 'Migs', stage_name_key: 'migs' },
      { id: 2, stage_name: 'mígs (2)', stage_name_key: 'migs2' },
      { id: 3, stage_name: 'Ana Reyes', stage_name_key: 'anareyes' },
      { id: 4, stage_name: 'MIGS (3)', stage_name_key: 'migs3' },
      // Its own name is now the second one's: it moves on to the first free suffix.
      { id: 5, stage_name: 'Migs (2) (2)', stage_name_key: 'migs22' },
      { id: 6, stage_name: null, stage_name_key: null },
    ]);
    // The unique index holds from now on.
    await expect(
      db().updateTable('users').set({ stage_name_key: 'migs' }).where('id', '=', 3).execute(),
    ).rejects.toThrow();
    await migrateTo('0020-account-care');
    await migrateTo('0021-stage-names');
  });
});

// The size test runs against the real server over a socket (SQLite is enough): the body is streamed
// from a reused 1 MB chunk, never allocated whole, and the server's memory is watched meanwhile.
describe('recordings up to 100 MB, streamed (real server, sqlite)', () => {
  let dataDir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'labsongs-urgency-'));
    server = await startServer(
      loadConfig({ DATA_DIR: dataDir, HOST: '127.0.0.1', SCRYPT_COST: '14', LOG_LEVEL: 'silent', SEED_DEMO: 'true' }),
      { port: 0, staticRoot: null },
    );
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const artistToken = async () => {
    const res = await fetch(`${server.url}/api/v1/artist/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'artist1@labsongs.test', password: 'Artist123!' }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { token: string } }).data.token;
  };

  /** Streams one multipart recording of exactly `size` bytes (a WAV head, then silence) and answers the reply. */
  function sendRecording(token: string, size: number) {
    const boundary = 'urgencyboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="master.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const wav = wavBytes(0.1);
    const chunk = Buffer.alloc(1024 * 1024);
    let peakRss = process.memoryUsage().rss;
    return new Promise<{ status: number; body: string; peakRss: number }>((resolve, reject) => {
      let answered = false;
      const req = httpRequest(
        `${server.url}/api/v1/artist/order/song/upload`,
        {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${token}`,
            'Content-Type': `multipart/form-data; boundary=${boundary}`,
            'Content-Length': String(head.length + size + tail.length),
          },
        },
        (res) => {
          answered = true;
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (part) => {
            body += part;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, peakRss }));
        },
      );
      req.on('error', (error) => {
        if (!answered) reject(error);
      });
      req.write(head);
      req.write(wav);
      let left = size - wav.length;
      const pump = () => {
        while (!answered && left > 0) {
          const n = Math.min(left, chunk.length);
          left -= n;
          peakRss = Math.max(peakRss, process.memoryUsage().rss);
          if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void req.once('drain', pump);
        }
        if (!answered) req.end(tail);
      };
      pump();
    });
  }

  it('takes a recording of exactly 100 MB with memory flat, and refuses 100 MB + 1 byte with 413 on the field', async () => {
    const token = await artistToken();
    // A first, smaller upload warms the server up (its buffers and pools), so the next one is measured alone.
    expect((await sendRecording(token, 10 * 1024 * 1024)).status).toBe(201);
    const before = process.memoryUsage().rss;
    const accepted = await sendRecording(token, RECORDING_MAX_BYTES);
    expect(accepted.status, accepted.body).toBe(201);
    expect(JSON.parse(accepted.body).data.size).toBe(RECORDING_MAX_BYTES);
    // Streamed to disk: the process (server and client) grew by far less than the file, which it would
    // hold whole if it were buffered (measured: a few MB; warm-up included, about 30 MB).
    expect(accepted.peakRss - before).toBeLessThan(40 * 1024 * 1024);

    const refused = await sendRecording(token, RECORDING_MAX_BYTES + 1);
    expect(refused.status, refused.body).toBe(413);
    const message = fileTooLargeFor(RECORDING_MAX_BYTES);
    expect(message).toContain('100 MB');
    expect(JSON.parse(refused.body)).toEqual({ message, errors: { file: [message] } });
  }, 180_000);
});
