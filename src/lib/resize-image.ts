// Shrinks a picked photo in the browser before it is uploaded: the whole picture (never cropped), its
// longest side at most `maxSide`, redrawn on an offscreen canvas and encoded as WebP (JPEG where the
// browser cannot encode WebP). Redrawing also drops the camera's metadata (EXIF: GPS position, device).

/** The longest side of an uploaded avatar, in pixels. */
export const AVATAR_MAX_SIDE = 512;

export interface Size {
  width: number;
  height: number;
}

export interface ResizeOptions {
  /** Longest side of the result in pixels (default AVATAR_MAX_SIDE). */
  maxSide?: number;
  /** Encoder quality from 0 to 1 (default 0.86). */
  quality?: number;
}

export class ImageDecodeError extends Error {
  constructor() {
    super('The file could not be read as an image');
    this.name = 'ImageDecodeError';
  }
}

/**
 * The size that fits `width × height` inside a `maxSide` square with the same aspect ratio: a picture
 * already small enough keeps its size (no upscaling), and no side rounds down to nothing.
 */
export function fitWithin(width: number, height: number, maxSide: number = AVATAR_MAX_SIDE): Size {
  for (const [name, value] of [
    ['width', width],
    ['height', height],
    ['maxSide', maxSide],
  ] as const) {
    if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${name} must be a positive number`);
  }
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width: Math.round(width) || 1, height: Math.round(height) || 1 };
  const scale = maxSide / longest;
  return {
    width: Math.min(maxSide, Math.max(1, Math.round(width * scale))),
    height: Math.min(maxSide, Math.max(1, Math.round(height * scale))),
  };
}

/** The file name of the result: the picked name's base with the encoded type's extension. */
export function resizedName(original: string, type: string): string {
  const base = original.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '') || 'photo';
  return `${base}.${type === 'image/webp' ? 'webp' : 'jpg'}`;
}

type Canvas2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
interface Surface {
  context: Canvas2D;
  encode(type: string, quality: number): Promise<Blob | null>;
}

/** An OffscreenCanvas where there is one, else a detached <canvas> (older Safari). */
function surfaceOf({ width, height }: Size): Surface {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    return { context, encode: (type, quality) => canvas.convertToBlob({ type, quality }) };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  return { context, encode: (type, quality) => new Promise((resolve) => canvas.toBlob(resolve, type, quality)) };
}

/** Decodes the file honouring its EXIF orientation; ImageDecodeError when it is not a readable image. */
async function decode(file: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new ImageDecodeError();
  }
}

/** The photo as a WebP (or JPEG) blob whose longest side is at most `maxSide`; the aspect ratio is kept. */
export async function resizeImage(file: Blob, options: ResizeOptions = {}): Promise<Blob> {
  const maxSide = options.maxSide ?? AVATAR_MAX_SIDE;
  const quality = options.quality ?? 0.86;
  const bitmap = await decode(file);
  try {
    const size = fitWithin(bitmap.width, bitmap.height, maxSide);
    const draw = (background: string | null) => {
      const surface = surfaceOf(size);
      surface.context.imageSmoothingEnabled = true;
      surface.context.imageSmoothingQuality = 'high';
      if (background) {
        surface.context.fillStyle = background;
        surface.context.fillRect(0, 0, size.width, size.height);
      }
      surface.context.drawImage(bitmap, 0, 0, size.width, size.height);
      return surface;
    };
    // A browser that cannot encode WebP answers PNG instead: then JPEG, on white (JPEG has no transparency).
    const webp = await draw(null).encode('image/webp', quality);
    if (webp?.type === 'image/webp') return webp;
    const jpeg = await draw('#ffffff').encode('image/jpeg', quality);
    if (jpeg?.type === 'image/jpeg') return jpeg;
    throw new Error('This browser cannot encode WebP or JPEG');
  } finally {
    bitmap.close();
  }
}
