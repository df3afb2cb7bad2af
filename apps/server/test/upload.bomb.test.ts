/**
 * Image bombs (issue 20, finding 11): a 0.31 MB PNG declaring 6,324 x 6,324 16-bit RGBA pixels
 * (320 MB of pixel data) was inflated on the event loop. Now an image is refused by its declared
 * size (PNG IHDR, JPEG frame header) before its data is read, with a translated 400; the PNG data of
 * an allowed image is inflated off the event loop, a bounded number at once. Timings are in
 * bench/images.ts; here only what holds whatever the machine.
 */
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkImage,
  checkImageOffLoop,
  ImageCheckBusy,
  INFLATE_CONCURRENCY,
  INFLATE_QUEUE,
  MAX_IMAGE_SIDE,
} from '../src/platform/images.ts';
import { MESSAGES } from '../src/platform/messages.ts';
import { createTestApp, signIn, type TestApp } from './helper.ts';
import { JPEG_8X8, multipart } from './multipart.ts';
import { bombPng, zeroPng } from './pngBomb.ts';

let t: TestApp;
let auth: Record<string, string>;
let bomb: Buffer;
let largest: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  auth = (await signIn(t, 'operator (leasing tenant)')).auth;
  bomb = await bombPng();
  largest = await zeroPng(4096, 4096, 8, 6);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const upload = (data: Buffer, lang = 'en') => {
  const body = multipart([{ name: 'file', filename: 'x.png', type: 'image/png', data }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/user/upload',
    payload: body.payload,
    headers: { ...body.headers, ...auth, 'accept-language': lang },
  });
};
const uploads = async () =>
  Number(
    (
      await t.db
        .selectFrom('uploads')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A PNG's chunk with its CRC recomputed after `edit`. */
function patchChunk(png: Buffer, at: number, edit: (data: Buffer) => void): Buffer {
  const out = Buffer.from(png);
  const length = out.readUInt32BE(at);
  edit(out.subarray(at + 8, at + 8 + length));
  out.writeUInt32BE(crc32(out.subarray(at + 4, at + 8 + length)) >>> 0, at + 8 + length);
  return out;
}

describe('image bombs', () => {
  it('the 0.31 MB bomb is refused with 400 by its declared size, translated, and nothing is stored', async () => {
    expect(bomb.length).toBeLessThan(400_000);
    const before = await uploads();
    const res = await upload(bomb);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(
      MESSAGES.uploadDimensions.en.replace('{side}', String(MAX_IMAGE_SIDE)).replace('{megapixels}', '8.3'),
    );
    const zh = await upload(bomb, 'zh');
    expect(zh.json().message).toContain('图片尺寸过大');
    expect(await uploads()).toBe(before);
  });

  it('is refused before its data is read: the same header over broken data still says "too large"', async () => {
    // Every IDAT byte turned to garbage (its CRC kept right): a decoder would fail on it, the header check never reads it.
    const idatAt = 8 + 25;
    const broken = patchChunk(bomb, idatAt, (data) => data.fill(0xff));
    expect(await checkImageOffLoop(broken)).toMatchObject({ refused: 'dimensions' });
    expect(checkImage(broken)).toBeNull();
  });

  it('refuses by header every declared size over the limits, PNG and JPEG', async () => {
    const ihdr = async (w: number, h: number, depth: number, colour: number) =>
      patchChunk(await zeroPng(1, 1, depth, colour), 8, (d) => {
        d.writeUInt32BE(w, 0);
        d.writeUInt32BE(h, 4);
      });
    for (const [w, h, depth, colour] of [
      [4097, 4096, 8, 6], // over 16 Mpx
      [MAX_IMAGE_SIDE + 1, 1, 8, 0], // over the side
      [4096, 4096, 16, 6], // 16 Mpx, but 128 MB of 16-bit RGBA data
      [100_000, 100_000, 1, 0],
    ] as const)
      expect(await checkImageOffLoop(await ihdr(w, h, depth, colour)), `${w}x${h}x${depth}`).toMatchObject({
        refused: 'dimensions',
      });
    // A JPEG whose frame header (SOF0) declares 6,000 x 6,000.
    const jpeg = Buffer.from(JPEG_8X8);
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    jpeg.writeUInt16BE(6000, sof + 5);
    jpeg.writeUInt16BE(6000, sof + 7);
    expect(await checkImageOffLoop(jpeg)).toMatchObject({ refused: 'dimensions' });
    const res = await upload(jpeg);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/too large/);
  });

  it('accepts the largest allowed image (4096 x 4096 8-bit RGBA), checked off the event loop', async () => {
    // The loop turns while the 64 MB of pixel data inflate (a synchronous inflate would allow no turn).
    let turns = 0;
    const timer = setInterval(() => turns++, 1);
    const checked = await checkImageOffLoop(largest);
    clearInterval(timer);
    expect(checked).toMatchObject({ width: 4096, height: 4096 });
    expect(turns).toBeGreaterThan(0);
    const res = await upload(largest);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('inflates a bounded number at once: past the queue a check is refused as busy (upload.ts: 429)', async () => {
    const n = INFLATE_CONCURRENCY + INFLATE_QUEUE + 3;
    const png = await zeroPng(512, 512, 8, 6);
    const results = await Promise.allSettled(Array.from({ length: n }, () => checkImageOffLoop(png)));
    const busy = results.filter((r) => r.status === 'rejected' && r.reason instanceof ImageCheckBusy).length;
    const done = results.filter((r) => r.status === 'fulfilled').length;
    expect(busy).toBe(3);
    expect(done).toBe(INFLATE_CONCURRENCY + INFLATE_QUEUE);
    // Afterwards the pool is free again.
    expect(await checkImageOffLoop(png)).toMatchObject({ width: 512 });
  });
});
