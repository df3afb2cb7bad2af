/** POST user/upload and GET files/:name (000 §3 upload response, §5 upload types, §7). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/platform/messages.ts';
import { createTestApp, nextAddress, signInWith, type TestApp } from './helper.ts';
import { JPEG_8X8, multipart, PNG_1X1, pngOf } from './multipart.ts';

let t: TestApp;
let small: TestApp;
beforeAll(async () => {
  [t, small] = await Promise.all([
    createTestApp(),
    createTestApp({ env: { UPLOAD_MAX_BYTES: '1000' }, seed: false }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), small?.close()]);
});

const upload = (app: TestApp, body: ReturnType<typeof multipart>, headers: Record<string, string> = {}) =>
  app.app.inject({
    method: 'POST',
    url: '/api/user/upload',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });

describe('user/upload', () => {
  it('stores a PNG and serves the same bytes back as image/png', async () => {
    const res = await upload(
      t,
      multipart([{ name: 'file', filename: 'avatar.png', type: 'image/png', data: PNG_1X1 }]),
    );
    expect(res.statusCode).toBe(200);
    const { url } = res.json().data;
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.png$/);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('judges by content, not by name: a JPEG named .png is stored as JPEG', async () => {
    const { auth, data } = await signInWith(t, '13800000003');
    const res = await upload(
      t,
      multipart([{ name: 'file', filename: 'licence.png', type: 'image/png', data: JPEG_8X8 }]),
      auth,
    );
    expect(res.statusCode).toBe(200);
    const { url } = res.json().data;
    expect(url).toMatch(/\.jpg$/);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.equals(JPEG_8X8)).toBe(true);
    // Recorded with its uploader.
    const id = url.split('/').pop().split('.')[0];
    const row = await t.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ mime: 'image/jpeg', size: JPEG_8X8.length, user_id: data.userId });
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a text file named .png', async () => {
    const body = multipart([
      { name: 'file', filename: 'evil.png', type: 'image/png', data: '<script>alert(1)</script>' },
    ]);
    const res = await upload(t, body, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: 'Only JPEG or PNG images can be uploaded' });
    const zh = await upload(
      t,
      multipart([{ name: 'file', filename: 'a.gif', type: 'image/gif', data: Buffer.from('GIF89a......') }]),
    );
    expect(zh.json().message).toBe(MESSAGES.uploadType.zh);
  });

  it('refuses a request without a file', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/user/upload',
      payload: { file: 'x' },
      headers: { 'accept-language': 'en' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Please choose a file to upload');
    const fieldOnly = await upload(t, multipart([{ name: 'note', data: 'hello' }]));
    expect(fieldOnly.statusCode).toBe(400);
    expect(fieldOnly.json().message).toBe(MESSAGES.uploadMissing.zh);
    const otherField = await upload(
      t,
      multipart([{ name: 'image', filename: 'a.png', type: 'image/png', data: PNG_1X1 }]),
    );
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json().message).toBe(MESSAGES.uploadMissing.zh);
  });

  it('refuses a file over the configured size', async () => {
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(2000, 0)]);
    const res = await upload(
      small,
      multipart([{ name: 'file', filename: 'big.png', type: 'image/png', data: big }]),
      {
        'accept-language': 'en',
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The file must not exceed 1000 B');
    // Under the limit the same app takes it.
    expect(
      (
        await upload(
          small,
          multipart([{ name: 'file', filename: 'a.png', type: 'image/png', data: PNG_1X1 }]),
        )
      ).statusCode,
    ).toBe(200);
  });

  it('takes an image of several megabytes under the default 5 MB limit, stored without its text chunks', async () => {
    const big = pngOf(1000, 800);
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const res = await upload(
      t,
      multipart([{ name: 'file', filename: 'big.png', type: 'image/png', data: big }]),
    );
    expect(res.statusCode).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: res.json().data.url });
    expect(file.rawPayload.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(file.rawPayload.includes('<script>')).toBe(false);
    expect(big.includes('<script>')).toBe(true);
  });
});

describe('upload limits', () => {
  it('allows 10 uploads an hour per address without sign-in (registration), 60 in 10 minutes signed in', async () => {
    const remoteAddress = nextAddress();
    const attempt = (address: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/user/upload', payload: {}, remoteAddress: address, headers });
    for (let i = 0; i < 10; i++) expect((await attempt(remoteAddress)).statusCode).toBe(400);
    const limited = await attempt(remoteAddress);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(600);
    expect((await attempt(nextAddress())).statusCode).toBe(400);
    // A signed-in user from the same address has the user's own limit.
    const { auth } = await signInWith(t, '13800000005');
    for (let i = 0; i < 60; i++) expect((await attempt(remoteAddress, auth)).statusCode).toBe(400);
    expect((await attempt(nextAddress(), auth)).statusCode).toBe(429);
  });
});

describe('files/:name', () => {
  it('answers 404 for unknown or malformed names', async () => {
    for (const url of [
      '/api/files/00000000-0000-0000-0000-000000000000.png',
      '/api/files/..%2f..%2fetc%2fpasswd',
      '/api/files/jwt-secret',
      '/api/files/x.svg',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe(404);
    }
  });
});
