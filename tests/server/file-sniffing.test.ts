import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistMessages } from '../../contracts/artist';
import { sniffFileType } from '../../server/services/file-types';
import { fileWithMagic, formOf, makeArtist, makeCustomer, wavBytes } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';

// A song or a story clip is sound. Phones also save photos (HEIC) and videos (MP4) in the same ISO
// container as an M4A song; file-type tells them apart by the container's brand, and an upload named
// and typed as audio is still refused when its bytes are a photo or a video.

const SONG = '/api/v1/artist/profile/upload/song';
const CLIP = '/api/v1/user/temp-order/upload';

describe('what file-type says of the ISO container', () => {
  it('names an M4A by its brand, and a general-brand MP4 and a HEIC photo for what they are', async () => {
    expect(await fileTypeFromBuffer(fileWithMagic('m4a'))).toEqual({ ext: 'm4a', mime: 'audio/x-m4a' });
    expect(await fileTypeFromBuffer(fileWithMagic('mp4-video'))).toEqual({ ext: 'mp4', mime: 'video/mp4' });
    expect(await fileTypeFromBuffer(fileWithMagic('heic'))).toEqual({ ext: 'heic', mime: 'image/heic' });
  });

  it('takes an M4A as audio/mp4, a general-brand MP4 only when all its tracks are sound, never a HEIC', async () => {
    expect(await sniffFileType(fileWithMagic('m4a'))).toEqual({ family: 'audio', mime: 'audio/mp4', ext: 'm4a' });
    // Safari records voice into a general-brand MP4 with one sound track.
    expect(await sniffFileType(fileWithMagic('mp4-audio'))).toEqual({ family: 'audio', mime: 'audio/mp4', ext: 'm4a' });
    for (const kind of ['mp4-video', 'mp4-with-video', 'heic'] as const) {
      expect(await sniffFileType(fileWithMagic(kind)), kind).toBeUndefined();
    }
  });
});

describe.each(databases)('uploads presented as audio (%s)', (kind) => {
  let h: Harness;
  let artistToken: string;
  let customerToken: string;
  beforeAll(async () => {
    h = await createHarness(kind);
    artistToken = (await makeArtist(h, { status: 'incomplete' })).token;
    customerToken = (await makeCustomer(h)).token;
  });
  afterAll(() => h.close());

  const uploads = () => [
    { url: SONG, token: artistToken },
    { url: CLIP, token: customerToken },
  ];
  const send = (url: string, token: string, bytes: Buffer, name: string, type: string) =>
    h.upload(url, formOf(url === SONG ? { title: name } : {}, { file: { bytes, name, type } }), { token });

  it('refuses a HEIC photo and an MP4 video named and typed as a song, on the file field', async () => {
    for (const { url, token } of uploads()) {
      for (const [bytes, name] of [
        [fileWithMagic('heic'), 'IMG_0042.m4a'],
        [fileWithMagic('mp4-video'), 'birthday.m4a'],
        [fileWithMagic('mp4-with-video'), 'voice-memo.m4a'],
      ] as const) {
        const answer = await send(url, token, bytes, name, 'audio/mp4');
        expect(answer.status, `${url} ${name}`).toBe(415);
        expect(answer.body).toEqual({
          message: artistMessages.audioOnly,
          errors: { file: [artistMessages.audioOnly] },
        });
      }
    }
  });

  it('accepts a real M4A, MP3 and WAV, typed by their bytes', async () => {
    for (const { url, token } of uploads()) {
      for (const [bytes, mime] of [
        [fileWithMagic('m4a'), 'audio/mp4'],
        [fileWithMagic('mp3-id3'), 'audio/mpeg'],
        [wavBytes(), 'audio/wav'],
      ] as const) {
        const answer = await send(url, token, bytes, 'take.bin', 'application/octet-stream');
        expect(answer.status, `${url} ${mime}: ${answer.text}`).toBe(201);
        expect(answer.body.data.mime, url).toBe(mime);
      }
    }
  });
});
