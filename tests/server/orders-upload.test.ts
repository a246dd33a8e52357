import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistMessages, fileTooLargeFor } from '../../contracts/artist';
import { fieldMessages } from '../../contracts/field-messages';
import { orderMessages } from '../../contracts/order';
import { MAX_PENDING_CLIPS } from '../../server/orders/temp-order.handlers';
import { sweepTempUploads } from '../../server/orders/temp-upload-sweep';
import { manualClock } from '../../server/services/clock';
import { fileWithMagic, formOf, storedFiles, wavBytes } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import { completeDraft, DAY_MS, makeCustomer, makeRatedArtist, U, uploadClip } from './orders-fixtures';
import { readStored } from './storage-fixtures';

const UPLOAD = `${U}/temp-order/upload`;
const HOUR_MS = 3_600_000;

describe.each(databases)('story clip uploads (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const send = (token: string, files: Parameters<typeof formOf>[1], fields: Record<string, string> = {}) =>
    h.upload(UPLOAD, formOf(fields, files), { token });

  it('stores audio typed by its bytes under a server-chosen name and answers a temporary location and signed URL', async () => {
    const customer = await makeCustomer(h);
    for (const [bytes, mime, ext] of [
      [wavBytes(0.3), 'audio/wav', 'wav'],
      [fileWithMagic('mp3-id3'), 'audio/mpeg', 'mp3'],
      [fileWithMagic('ogg'), 'audio/ogg', 'ogg'],
      [fileWithMagic('m4a'), 'audio/mp4', 'm4a'],
      // What MediaRecorder writes in Chromium.
      [fileWithMagic('webm'), 'audio/webm', 'webm'],
    ] as const) {
      const answer = await send(customer.token, { file: { bytes, name: '../../etc/passwd', type: 'text/plain' } });
      expect(answer.status, answer.text).toBe(201);
      expect(answer.body.message).toBe(orderMessages.clipUploaded);
      const clip = answer.body.data;
      expect(clip).toEqual({
        temp_location: expect.stringMatching(/^tmp_[A-Za-z0-9_-]{24}$/),
        url: expect.stringMatching(/^\/media\/audio\/tmp_[A-Za-z0-9_-]{24}\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/),
        mime,
        size: bytes.length,
      });
      const row = await h.database.db
        .selectFrom('temp_uploads')
        .selectAll()
        .where('temp_location', '=', clip.temp_location)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ user_id: customer.id, mime, size: bytes.length, attached_order_id: null });
      expect(row.file_key).toMatch(new RegExp(`^[A-Za-z0-9_-]{24}\\.${ext}$`));
      expect(await readStored(h.storage, 'clips', row.file_key)).toEqual(Buffer.from(bytes));
      // The URL plays it, with Range, for a short time only.
      const res = await h.request(clip.url, { headers: { Range: 'bytes=0-3' } });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-type')).toBe(mime);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes.subarray(0, 4));
    }
  });

  it('signed clip URLs expire, and a forged or moved signature is refused', async () => {
    const customer = await makeCustomer(h);
    const clip = await uploadClip(h, customer.token);
    const url = new URL(clip.url, 'http://x');
    const other = await uploadClip(h, customer.token);
    const moved = `/media/audio/${other.temp_location}${url.search}`;
    expect((await h.request(moved)).status).toBe(403);
    expect((await h.request(`${url.pathname}?exp=${url.searchParams.get('exp')}&sig=${'A'.repeat(43)}`)).status).toBe(
      403,
    );
    expect((await h.request(url.pathname)).status).toBe(403);
    const start = h.clock.now();
    try {
      h.clock.advance(h.config.mediaUrlTtlSeconds * 1000 + 1000);
      expect((await h.request(clip.url)).status).toBe(403);
    } finally {
      h.clock.set(start);
    }
  });

  it('refuses what is not audio with 415 on the field, a renamed executable included, and keeps nothing', async () => {
    const customer = await makeCustomer(h);
    const before = await storedFiles(h, 'clips');
    for (const [bytes, name] of [
      [fileWithMagic('exe'), 'voice.mp3'],
      [fileWithMagic('exe'), 'setup.exe'],
      [fileWithMagic('text'), 'notes.wav'],
      [fileWithMagic('jpeg'), 'photo.ogg'],
      [fileWithMagic('png'), 'x.webm'],
      [fileWithMagic('webp'), 'x.m4a'],
      [Buffer.from('%PDF-1.7\n'.repeat(10)), 'doc.mp3'],
      [Buffer.from('<script>alert(1)</script>'), 'x.wav'],
    ] as const) {
      const answer = await send(customer.token, { file: { bytes, name, type: 'audio/mpeg' } });
      expect(answer.status, name).toBe(415);
      expect(answer.body).toEqual({ message: artistMessages.audioOnly, errors: { file: [artistMessages.audioOnly] } });
    }
    expect(await storedFiles(h, 'clips')).toEqual(before);
    expect(
      await h.database.db.selectFrom('temp_uploads').select('id').where('user_id', '=', customer.id).execute(),
    ).toEqual([]);
  });

  it('needs a multipart body with one `file` and nothing else', async () => {
    const customer = await makeCustomer(h);
    const none = await h.upload(UPLOAD, formOf({}), { token: customer.token });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ file: [artistMessages.fileRequired] });
    const json = await h.call('POST', UPLOAD, { file: 'x' }, { token: customer.token });
    expect(json.status).toBe(415);
    expect(json.body).toEqual({ message: artistMessages.multipartRequired });
    const extra = await send(customer.token, { file: { bytes: wavBytes(), name: 'a.wav' } }, { temp_location: 'x' });
    expect(extra.status).toBe(422);
    expect(extra.body.errors).toEqual({ temp_location: [fieldMessages.unknownField] });
    const wrongField = await send(customer.token, { source: { bytes: wavBytes(), name: 'a.wav' } });
    expect(wrongField.status).toBe(422);
    expect(wrongField.body.errors).toEqual({ source: [fieldMessages.unknownField] });
    expect(await storedFiles(h, 'clips')).not.toContain(undefined);
    expect(
      await h.database.db.selectFrom('temp_uploads').select('id').where('user_id', '=', customer.id).execute(),
    ).toEqual([]);
  });

  it(`allows ${MAX_PENDING_CLIPS} unattached clips per 24 h, then 429 before the body is read`, async () => {
    const customer = await makeCustomer(h);
    const at = h.clock.now().toISOString();
    await h.database.db
      .insertInto('temp_uploads')
      .values(
        Array.from({ length: MAX_PENDING_CLIPS }, (_, i) => ({
          temp_location: `tmp_limit${customer.id}x${String(i).padStart(12, '0')}`,
          user_id: customer.id,
          file_key: `limit${customer.id}x${String(i).padStart(15, '0')}.wav`,
          mime: 'audio/wav',
          size: 10,
          attached_order_id: null,
          created_at: at,
        })),
      )
      .execute();
    const refused = await send(customer.token, { file: { bytes: wavBytes(), name: 'a.wav' } });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: orderMessages.tooManyClips });
    // Another customer is not affected.
    const other = await makeCustomer(h);
    expect((await send(other.token, { file: { bytes: wavBytes(), name: 'a.wav' } })).status).toBe(201);
  });
});

describe.each(databases)('story clip size cap (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { env: { MAX_UPLOAD_MB: '1' } });
  });
  afterAll(() => h.close());

  it('answers 413 on the field past the cap, keeps nothing, and takes a file of exactly the cap', async () => {
    const customer = await makeCustomer(h);
    const wav = wavBytes();
    for (const extra of [1024 * 1024, 6 * 1024 * 1024]) {
      const big = Buffer.concat([wav, Buffer.alloc(extra)]);
      const answer = await h.upload(UPLOAD, formOf({}, { file: { bytes: big, name: 'big.wav' } }), {
        token: customer.token,
      });
      expect(answer.status).toBe(413);
      // Just past the cap: on the field; far past it the whole body's cap may answer first.
      if (extra === 1024 * 1024) {
        expect(answer.body).toEqual({
          message: fileTooLargeFor(1024 * 1024),
          errors: { file: [fileTooLargeFor(1024 * 1024)] },
        });
      }
    }
    // The refused file's partial bytes are removed as the request ends, which may be just after the answer.
    await expect.poll(() => storedFiles(h, 'clips')).toEqual([]);
    expect(await h.database.db.selectFrom('temp_uploads').select('id').execute()).toEqual([]);
    const exact = Buffer.concat([wav, Buffer.alloc(1024 * 1024 - wav.length)]);
    const ok = await h.upload(UPLOAD, formOf({}, { file: { bytes: exact, name: 'ok.wav' } }), {
      token: customer.token,
    });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.data.size).toBe(1024 * 1024);
  });
});

describe.each(databases)('clip cap of 25 MB even when MAX_UPLOAD_MB is larger (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { env: { MAX_UPLOAD_MB: '100' } });
  });
  afterAll(() => h.close());

  it('answers 413 one byte past 25 MB', async () => {
    const customer = await makeCustomer(h);
    const wav = wavBytes();
    const over = Buffer.concat([wav, Buffer.alloc(25 * 1024 * 1024 + 1 - wav.length)]);
    const answer = await h.upload(UPLOAD, formOf({}, { file: { bytes: over, name: 'big.wav' } }), {
      token: customer.token,
    });
    expect(answer.status).toBe(413);
    // The partial bytes are removed as the request ends, which may be just after the answer.
    await expect.poll(() => storedFiles(h, 'clips')).toEqual([]);
    expect(await h.database.db.selectFrom('temp_uploads').select('id').execute()).toEqual([]);
  });
});

describe.each(databases)('the 24 h sweep of temporary uploads (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  it('deletes unattached uploads older than 24 h (row and file), keeps younger and attached ones', async () => {
    const customer = await makeCustomer(h);
    const artist = await makeRatedArtist(h, { rate: 2000 });
    const old = await uploadClip(h, customer.token);
    const kept = await uploadClip(h, customer.token);
    const id = await completeDraft(h, customer.token, [artist.user_id], { story: { song_clip: kept.temp_location } });
    expect((await h.call('POST', `${U}/temp-order/${id}/commit`, undefined, { token: customer.token })).status).toBe(
      201,
    );
    const rowOf = (location: string) =>
      h.database.db.selectFrom('temp_uploads').selectAll().where('temp_location', '=', location).executeTakeFirst();
    const oldRow = await rowOf(old.temp_location);
    const keptRow = await rowOf(kept.temp_location);

    // The sweep runs with its own clock: 1 ms short of 24 h nothing goes.
    const clock = manualClock(h.clock.now().getTime() + DAY_MS - 1);
    expect(await sweepTempUploads(h.database.db, h.storage, clock)).toBe(0);
    expect(await rowOf(old.temp_location)).toBeDefined();

    clock.advance(1);
    // Uploaded 23 h before the sweep: it stays.
    const young = await uploadClip(h, customer.token);
    await h.database.db
      .updateTable('temp_uploads')
      .set({ created_at: new Date(clock.now().getTime() - 23 * HOUR_MS).toISOString() })
      .where('temp_location', '=', young.temp_location)
      .execute();
    expect(await sweepTempUploads(h.database.db, h.storage, clock)).toBe(1);
    expect(await rowOf(old.temp_location)).toBeUndefined();
    expect(await storedFiles(h, 'clips')).not.toContain(oldRow?.file_key);
    // The attached clip stays (row and file), and so does the one uploaded later.
    expect(await rowOf(kept.temp_location)).toMatchObject({ attached_order_id: expect.any(Number) });
    expect(await storedFiles(h, 'clips')).toContain(keptRow?.file_key);
    expect(await rowOf(young.temp_location)).toBeDefined();
    // The swept clip's URL (still validly signed) now finds nothing.
    expect((await h.request(old.url)).status).toBe(404);
    expect((await h.request(young.url)).status).toBe(200);

    // Far in the future the attached one is still there.
    clock.advance(365 * DAY_MS);
    await sweepTempUploads(h.database.db, h.storage, clock);
    expect(await rowOf(kept.temp_location)).toBeDefined();
    expect(await storedFiles(h, 'clips')).toContain(keptRow?.file_key);
  });

  it('two sweepers at once delete each upload exactly once', async () => {
    const customer = await makeCustomer(h);
    const clips = [];
    for (let i = 0; i < 6; i++) clips.push(await uploadClip(h, customer.token));
    const clock = manualClock(h.clock.now().getTime() + DAY_MS + HOUR_MS);
    const pending = await h.database.db
      .selectFrom('temp_uploads')
      .select('id')
      .where('attached_order_id', 'is', null)
      .execute();
    expect(pending.length).toBeGreaterThanOrEqual(clips.length);
    const [a, b] = await Promise.all([
      sweepTempUploads(h.database.db, h.storage, clock),
      sweepTempUploads(h.database.db, h.storage, clock),
    ]);
    // Every pending upload (this test's and the earlier one's) is deleted by exactly one of the two.
    const left = await h.database.db
      .selectFrom('temp_uploads')
      .select('temp_location')
      .where('attached_order_id', 'is', null)
      .execute();
    expect(left).toEqual([]);
    expect(a + b).toBe(pending.length);
    const keys = (await h.database.db.selectFrom('temp_uploads').select('file_key').execute()).map((r) => r.file_key);
    expect(await storedFiles(h, 'clips')).toEqual(keys.sort());
  });

  it('a draft whose clip was swept shows the slot empty and cannot be committed with it', async () => {
    const customer = await makeCustomer(h);
    const artist = await makeRatedArtist(h);
    const clip = await uploadClip(h, customer.token);
    const id = await completeDraft(h, customer.token, [artist.user_id], {
      story: { song_prompt1_clip: clip.temp_location },
    });
    await sweepTempUploads(h.database.db, h.storage, manualClock(h.clock.now().getTime() + DAY_MS));
    const draft = await h.call('GET', `${U}/temp-order/${id}`, undefined, { token: customer.token });
    expect(draft.body.data.story.song_prompt1_clip).toBeNull();
    const commit = await h.call('POST', `${U}/temp-order/${id}/commit`, undefined, { token: customer.token });
    expect(commit.status).toBe(422);
    expect(commit.body.errors).toEqual({ song_prompt1_clip: [orderMessages.clipInvalid] });
    expect(
      await h.database.db.selectFrom('orders').select('id').where('customer_id', '=', customer.id).execute(),
    ).toEqual([]);
  });
});
