import { deflateSync } from 'node:zlib';
import { expect, test } from './test';

/** A valid PNG of one colour (8-bit RGB), built by hand: signature, IHDR, IDAT, IEND. */
function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (table[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('an artist replaces the demo photo with their own (resized in the browser), sees it in the top bar, then removes it', async ({
  page,
}) => {
  await page.goto('/artist/login');
  await page.getByLabel('Email', { exact: true }).fill('artist5@labsongs.test');
  await page.getByLabel('Password', { exact: true }).fill('Artist123!');
  await page.getByRole('button', { name: 'Login to your artist account' }).click();
  await expect(page).toHaveURL(/\/artist\/dashboard$/);
  await page.goto('/artist/profile');

  const topBar = page.getByRole('button', { name: /Account menu for/ });
  const control = page.getByTestId('avatar-upload');
  // The demo artist starts with the photo drawn at seed time.
  const seeded = (await topBar.locator('img[data-part=avatar-image]').getAttribute('src')) as string;
  expect(seeded).toMatch(/^\/media\/avatars\/[A-Za-z0-9_-]{24}\.webp$/);
  await expect(control.locator('img[data-part=avatar-image]')).toHaveAttribute('src', seeded);

  // 1024 × 640: the browser shrinks it to 512 × 320 and sends WebP.
  const served = page.waitForResponse(
    (r) => r.url().includes('/media/avatars/') && !r.url().endsWith(seeded) && r.request().method() === 'GET',
  );
  await control
    .getByLabel('Profile photo')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng(1024, 640, [190, 60, 120]) });

  const image = topBar.locator('img[data-part=avatar-image]');
  await expect(image).toBeVisible();
  await expect(topBar.locator('[data-part=avatar-placeholder]')).toHaveCount(0);
  expect((await served).status()).toBe(200);
  await expect(image).not.toHaveAttribute('src', seeded);
  const src = (await image.getAttribute('src')) as string;
  expect(src).toMatch(/^\/media\/avatars\/[A-Za-z0-9_-]{24}\.webp$/);
  // The replaced photo is gone from storage.
  expect((await page.request.get(seeded)).status()).toBe(404);
  const answer = await page.request.get(src);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('image/webp');
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth, img.naturalHeight]))
    .toEqual([true, 512, 320]);
  await expect(control.locator('img[data-part=avatar-image]')).toHaveAttribute('src', src);

  // The photo stays after a reload (the server's user), then goes with Remove photo.
  await page.reload();
  await expect(topBar.locator('img[data-part=avatar-image]')).toHaveAttribute('src', src);
  await control.getByRole('button', { name: 'Remove photo' }).click();
  await expect(topBar.locator('[data-part=avatar-placeholder]')).toBeVisible();
  await expect(topBar.locator('img')).toHaveCount(0);
  await expect(control.locator('[data-part=avatar-placeholder]')).toBeVisible();
  await expect(control.getByRole('button', { name: 'Upload photo' })).toBeVisible();
  expect((await page.request.get(src)).status()).toBe(404);
});
