import { afterEach, describe, expect, it, vi } from 'vitest';
import { AVATAR_MAX_SIDE, fitWithin, ImageDecodeError, resizedName, resizeImage } from '../../src/lib/resize-image';

afterEach(() => vi.unstubAllGlobals());

describe('fitWithin', () => {
  it('brings the longest side down to the limit and keeps the aspect ratio, landscape or portrait', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 512, height: 384 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 384, height: 512 });
    expect(fitWithin(1920, 1080)).toEqual({ width: 512, height: 288 });
    expect(fitWithin(1080, 1920, 256)).toEqual({ width: 144, height: 256 });
    expect(fitWithin(2048, 2048)).toEqual({ width: 512, height: 512 });
    expect(AVATAR_MAX_SIDE).toBe(512);
  });

  it('rounds to whole pixels without leaving the limit', () => {
    // 1000 × 333 → 512 × 170.496
    expect(fitWithin(1000, 333)).toEqual({ width: 512, height: 170 });
    // 333 × 1001 → 170.3 × 512
    expect(fitWithin(333, 1001)).toEqual({ width: 170, height: 512 });
    for (const [w, h] of [
      [513, 100],
      [5000, 4999],
      [700, 10_000],
    ] as const) {
      const size = fitWithin(w, h);
      expect(Math.max(size.width, size.height), `${w}×${h}`).toBe(512);
      expect(Math.abs(size.width / size.height - w / h) / (w / h), `${w}×${h}`).toBeLessThan(0.02);
    }
  });

  it('never upscales a picture that already fits, and never makes a side zero', () => {
    expect(fitWithin(300, 200)).toEqual({ width: 300, height: 200 });
    expect(fitWithin(512, 100)).toEqual({ width: 512, height: 100 });
    expect(fitWithin(1, 1)).toEqual({ width: 1, height: 1 });
    expect(fitWithin(10_000, 1)).toEqual({ width: 512, height: 1 });
    expect(fitWithin(1, 10_000)).toEqual({ width: 1, height: 512 });
  });

  it('refuses sizes that are not positive numbers', () => {
    for (const [w, h, max] of [
      [0, 10, 512],
      [10, -1, 512],
      [Number.NaN, 10, 512],
      [10, Number.POSITIVE_INFINITY, 512],
      [10, 10, 0],
    ]) {
      expect(() => fitWithin(w as number, h as number, max as number)).toThrow(RangeError);
    }
  });
});

describe('resizedName', () => {
  it('keeps the base name and takes the extension of the encoded type', () => {
    expect(resizedName('holiday.PNG', 'image/webp')).toBe('holiday.webp');
    expect(resizedName('C:\\photos\\me.jpeg', 'image/jpeg')).toBe('me.jpg');
    expect(resizedName('.png', 'image/webp')).toBe('photo.webp');
  });
});

/** A stand-in for OffscreenCanvas that records what is drawn and encodes to the types it "supports". */
function fakeCanvas(encodable: string[]) {
  const made: { width: number; height: number; drawn: unknown[][]; filled: string[]; encoded: string[] }[] = [];
  class FakeOffscreenCanvas {
    record = { width: 0, height: 0, drawn: [] as unknown[][], filled: [] as string[], encoded: [] as string[] };
    constructor(width: number, height: number) {
      this.record.width = width;
      this.record.height = height;
      made.push(this.record);
    }
    getContext() {
      const record = this.record;
      return {
        imageSmoothingEnabled: false,
        imageSmoothingQuality: 'low',
        fillStyle: '',
        fillRect(this: { fillStyle: string }) {
          record.filled.push(this.fillStyle);
        },
        drawImage: (...args: unknown[]) => record.drawn.push(args),
      };
    }
    async convertToBlob({ type }: { type: string }) {
      this.record.encoded.push(type);
      // Like a browser without that encoder: PNG instead.
      return new Blob(['x'], { type: encodable.includes(type) ? type : 'image/png' });
    }
  }
  return { made, FakeOffscreenCanvas };
}

describe('resizeImage', () => {
  const bitmap = (width: number, height: number) => ({ width, height, close: vi.fn() });

  it('draws the whole picture at the fitted size and answers WebP', async () => {
    const source = bitmap(4000, 3000);
    const decode = vi.fn(async () => source);
    const { made, FakeOffscreenCanvas } = fakeCanvas(['image/webp', 'image/jpeg']);
    vi.stubGlobal('createImageBitmap', decode);
    vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
    const blob = await resizeImage(new Blob(['photo'], { type: 'image/jpeg' }));
    expect(blob.type).toBe('image/webp');
    expect(decode).toHaveBeenCalledWith(expect.any(Blob), { imageOrientation: 'from-image' });
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ width: 512, height: 384, encoded: ['image/webp'], filled: [] });
    // Source rectangle untouched (no crop): the bitmap is drawn whole into the full canvas.
    expect(made[0]?.drawn).toEqual([[source, 0, 0, 512, 384]]);
    expect(source.close).toHaveBeenCalled();
  });

  it('falls back to JPEG on white where WebP cannot be encoded', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => bitmap(600, 1200)),
    );
    const { made, FakeOffscreenCanvas } = fakeCanvas(['image/jpeg']);
    vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
    const blob = await resizeImage(new Blob(['photo'], { type: 'image/png' }));
    expect(blob.type).toBe('image/jpeg');
    expect(made.map((m) => m.encoded)).toEqual([['image/webp'], ['image/jpeg']]);
    expect(made[1]).toMatchObject({ width: 256, height: 512, filled: ['#ffffff'] });
  });

  it('reports a file that does not decode as ImageDecodeError', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => {
        throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
      }),
    );
    await expect(resizeImage(new Blob(['MZ'], { type: 'image/png' }))).rejects.toBeInstanceOf(ImageDecodeError);
  });
});
