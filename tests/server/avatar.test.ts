import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistMessages, fileTooLargeFor } from '../../contracts/artist';
import { fieldMessages } from '../../contracts/field-messages';
import { serverMessages } from '../../contracts/server-messages';
import { AVATAR_MAX_BYTES, avatarFileOf, avatarMessages } from '../../server/users/avatar.handlers';
import { fileWithMagic, formOf, makeAdmin, makeArtist, makeCustomer, storedFiles, wavBytes } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import { readStored } from './storage-fixtures';

/** A real PNG (8-bit RGB, one colour), small enough to build by hand: signature, IHDR, IDAT, IEND. */
function pngBytes(width = 4, height = 3): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter method, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [200, 80, 40]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const areas = ['artist', 'user'] as const;
type Area = (typeof areas)[number];

describe('avatarFileOf', () => {
  it('reads only names the storage made, under avatars/', () => {
    expect(avatarFileOf('avatars/abcdefghijklmnopqrstuvwx.png')).toBe('abcdefghijklmnopqrstuvwx.png');
    for (const value of [
      null,
      '',
      'songs/abcdefghijklmnopqrstuvwx.png',
      'avatars/../jwt-secret',
      'avatars/abcdefghijklmnopqrstuvwx.wav',
      'https://example.com/me.png',
    ]) {
      expect(avatarFileOf(value), String(value)).toBeNull();
    }
  });
});

describe.each(databases)('profile avatar (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  describe.each(areas)('%s area', (area: Area) => {
    const AVATAR = `/api/v1/${area}/profile/avatar`;
    /** A fresh signed-in account of this area (an artist whose application is not even finished). */
    const account = async () => (area === 'artist' ? makeArtist(h, { status: 'incomplete' }) : makeCustomer(h));
    const upload = (token: string, bytes: Buffer, name = 'me.png', type = 'image/png') =>
      h.upload(AVATAR, formOf({}, { file: { bytes, name, type } }), { token });
    const avatarPathOf = async (id: number) =>
      (await h.database.db.selectFrom('users').select('avatar_path').where('id', '=', id).executeTakeFirstOrThrow())
        .avatar_path;

    it('stores a PNG under a server-chosen name and answers the user with the new avatar URL, which serves the image', async () => {
      const me = await account();
      const png = pngBytes();
      const answer = await upload(me.token, png, '../../etc/passwd', 'text/plain');
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.message).toBe(avatarMessages.updated);
      expect(answer.body.data).toMatchObject({ id: me.id, type: area, email: me.email });
      const url: string = answer.body.data.avatar;
      expect(url).toMatch(/^\/media\/avatars\/[A-Za-z0-9_-]{24}\.png$/);
      const name = url.slice('/media/avatars/'.length);
      expect(await avatarPathOf(me.id)).toBe(`avatars/${name}`);
      expect(await readStored(h.storage, 'avatars', name)).toEqual(Buffer.from(png));

      const session = await h.call('GET', `/api/v1/${area}/auth/me`, undefined, { token: me.token });
      expect(session.body.data.avatar).toBe(url);

      const served = await h.request(url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
    });

    it('accepts JPEG and WebP by their bytes, whatever the client calls them', async () => {
      const me = await account();
      for (const [format, ext, mime] of [
        ['jpeg', 'jpg', 'image/jpeg'],
        ['webp', 'webp', 'image/webp'],
      ] as const) {
        const answer = await upload(me.token, fileWithMagic(format), 'photo.gif', 'application/octet-stream');
        expect(answer.status, format).toBe(200);
        expect(answer.body.data.avatar).toMatch(new RegExp(`^/media/avatars/[A-Za-z0-9_-]{24}\\.${ext}$`));
        const served = await h.request(answer.body.data.avatar);
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe(mime);
      }
    });

    it('refuses what is not an image, a renamed executable included, with 415 on the field and keeps nothing', async () => {
      const me = await account();
      const first = await upload(me.token, pngBytes());
      const kept = await avatarPathOf(me.id);
      const before = await storedFiles(h, 'avatars');
      for (const [bytes, name] of [
        [fileWithMagic('exe'), 'setup.png'],
        [fileWithMagic('exe'), 'me.jpg'],
        [fileWithMagic('text'), 'notes.webp'],
        [wavBytes(), 'voice.png'],
        [fileWithMagic('mp3-id3'), 'song.jpg'],
        [fileWithMagic('heic'), 'photo.jpg'],
        [fileWithMagic('mp4-video'), 'clip.png'],
        [Buffer.from([0x89, 0x50]), 'tiny.png'],
      ] as const) {
        const answer = await upload(me.token, bytes, name, 'image/png');
        expect(answer.status, name).toBe(415);
        expect(answer.body).toEqual({
          message: artistMessages.imageOnly,
          errors: { file: [artistMessages.imageOnly] },
        });
      }
      expect(await storedFiles(h, 'avatars')).toEqual(before);
      expect(await avatarPathOf(me.id)).toBe(kept);
      expect((await h.request(first.body.data.avatar)).status).toBe(200);
    });

    it('caps the file at 5 MB: one byte more is 413 on the field, exactly 5 MB is fine', async () => {
      const me = await account();
      const before = await storedFiles(h, 'avatars');
      const over = await upload(me.token, fileWithMagic('jpeg', AVATAR_MAX_BYTES + 1), 'big.jpg');
      expect(over.status).toBe(413);
      expect(over.body).toEqual({
        message: fileTooLargeFor(AVATAR_MAX_BYTES),
        errors: { file: [fileTooLargeFor(AVATAR_MAX_BYTES)] },
      });
      expect(await storedFiles(h, 'avatars')).toEqual(before);
      expect(await avatarPathOf(me.id)).toBeNull();
      const exact = await upload(me.token, fileWithMagic('jpeg', AVATAR_MAX_BYTES), 'exact.jpg');
      expect(exact.status).toBe(200);
    });

    it('replacing the picture deletes the previous file', async () => {
      const me = await account();
      const first = (await upload(me.token, pngBytes(2, 2))).body.data.avatar as string;
      const firstFile = first.split('/').pop() as string;
      expect(await h.storage.size('avatars', firstFile)).not.toBeNull();
      const second = await upload(me.token, fileWithMagic('webp'), 'new.webp');
      expect(second.status).toBe(200);
      const secondUrl = second.body.data.avatar as string;
      expect(secondUrl).not.toBe(first);
      expect(await h.storage.size('avatars', firstFile)).toBeNull();
      expect((await h.request(first)).status).toBe(404);
      expect((await h.request(secondUrl)).status).toBe(200);
      expect(await avatarPathOf(me.id)).toBe(secondUrl.slice('/media/'.length));
    });

    it('of racing uploads exactly one file stays: the one the account points at', async () => {
      const me = await account();
      const before = await storedFiles(h, 'avatars');
      const answers = await Promise.all(Array.from({ length: 4 }, () => upload(me.token, pngBytes())));
      for (const answer of answers) expect(answer.status).toBe(200);
      const after = (await storedFiles(h, 'avatars')).filter((f) => !before.includes(f));
      const current = avatarFileOf(await avatarPathOf(me.id));
      expect(after).toEqual([current]);
    });

    it('DELETE removes the picture and its file; the avatar is null; a second DELETE is fine', async () => {
      const me = await account();
      const url = (await upload(me.token, pngBytes())).body.data.avatar as string;
      const file = url.split('/').pop() as string;
      const removed = await h.call('DELETE', AVATAR, undefined, { token: me.token });
      expect(removed.status).toBe(200);
      expect(removed.body.message).toBe(avatarMessages.removed);
      expect(removed.body.data).toMatchObject({ id: me.id, avatar: null });
      expect(await avatarPathOf(me.id)).toBeNull();
      expect(await h.storage.size('avatars', file)).toBeNull();
      expect((await h.request(url)).status).toBe(404);
      const session = await h.call('GET', `/api/v1/${area}/auth/me`, undefined, { token: me.token });
      expect(session.body.data.avatar).toBeNull();
      const again = await h.call('DELETE', AVATAR, undefined, { token: me.token });
      expect(again.status).toBe(200);
      expect(again.body.data.avatar).toBeNull();
    });

    it('needs a file, a multipart body and no other fields', async () => {
      const me = await account();
      const before = await storedFiles(h, 'avatars');
      const none = await h.upload(AVATAR, formOf({}), { token: me.token });
      expect(none.status).toBe(422);
      expect(none.body.errors).toEqual({ file: [artistMessages.fileRequired] });
      const json = await h.call('POST', AVATAR, { file: 'x' }, { token: me.token });
      expect(json.status).toBe(415);
      expect(json.body).toEqual({ message: artistMessages.multipartRequired });
      const extra = await h.upload(AVATAR, formOf({ user_id: '1' }, { file: { bytes: pngBytes(), name: 'a.png' } }), {
        token: me.token,
      });
      expect(extra.status).toBe(422);
      expect(extra.body.errors).toEqual({ user_id: [fieldMessages.unknownField] });
      expect(await storedFiles(h, 'avatars')).toEqual(before);
      expect(await avatarPathOf(me.id)).toBeNull();
    });

    it('is 401 without a token or with another area’s token, before the body is read', async () => {
      const other = area === 'artist' ? await makeCustomer(h) : await makeArtist(h, { status: 'approved' });
      const admin = await makeAdmin(h);
      const before = await storedFiles(h, 'avatars');
      for (const token of [undefined, other.token, admin.token, 'not-a-token']) {
        const posted = await h.upload(AVATAR, formOf({}, { file: { bytes: pngBytes(), name: 'a.png' } }), {
          ...(token ? { token } : {}),
        });
        expect(posted.status).toBe(401);
        expect(posted.body).toEqual({ message: serverMessages.unauthenticated });
        const deleted = await h.call('DELETE', AVATAR, undefined, token ? { token } : {});
        expect(deleted.status).toBe(401);
      }
      expect(await storedFiles(h, 'avatars')).toEqual(before);
    });
  });

  it('the admin area has no avatar route', async () => {
    const admin = await makeAdmin(h);
    const answer = await h.upload(
      '/api/v1/admin/profile/avatar',
      formOf({}, { file: { bytes: pngBytes(), name: 'a.png' } }),
      {
        token: admin.token,
      },
    );
    expect(answer.status).toBe(404);
  });
});
