/** Health, host profiles (000 §6 "Hosts"), the API documentation and unknown paths. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_SCREENS } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const profile = async (host: string) => {
  const res = await get('/api/system/host-profile', { host });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

describe('health', () => {
  it('reports the server and its database', async () => {
    const res = await get('/api/health', { 'accept-language': 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 0,
      message: 'Success',
      data: { status: 'ok', version: '0.1.0', database: 'ok' },
    });
  });
});

describe('host-profile', () => {
  it('gives localhost every screen', async () => {
    const p = await profile('localhost:8080');
    expect(p).toMatchObject({ name: 'local', theme: 'default', india: false, taiwan: false, dialCode: '86' });
    expect([...p.screens].sort()).toEqual([...ALL_SCREENS].sort());
    expect(p).not.toHaveProperty('hosts');
    expect((await profile('127.0.0.1')).name).toBe('local');
  });

  it('gives alt.localhost the alternative theme', async () => {
    const p = await profile('alt.localhost');
    expect(p).toMatchObject({ name: 'alternative', theme: 'alternative' });
    expect(p.screens).toContain('ClientList');
    expect((await profile('ALT.localhost:3000')).name).toBe('alternative');
  });

  it("passes a deployment's online map sources to the web, and none by default", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hosts-'));
    const file = join(dir, 'hosts.json');
    writeFileSync(
      file,
      JSON.stringify({
        default: { name: 'default' },
        profiles: [
          {
            name: 'sat',
            hosts: ['sat.localhost'],
            mapSatelliteStyleUrl: 'https://tiles.example/sat.json',
            mapHdTilesUrl: 'https://hd.example/{z}/{x}/{y}.jpg',
          },
        ],
      }),
    );
    const withMaps = await createTestApp({ seed: false, env: { HOST_PROFILES_FILE: file } });
    try {
      const res = await withMaps.app.inject({
        method: 'GET',
        url: '/api/system/host-profile',
        headers: { host: 'sat.localhost' },
      });
      expect(res.json().data).toMatchObject({
        mapSatelliteStyleUrl: 'https://tiles.example/sat.json',
        mapHdTilesUrl: 'https://hd.example/{z}/{x}/{y}.jpg',
      });
    } finally {
      await withMaps.close();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(await profile('localhost')).not.toHaveProperty('mapSatelliteStyleUrl');
  });

  it('tells the web the statistics time zone (STAT_TIMEZONE), whose days its pickers use (issue 21)', async () => {
    expect((await profile('localhost')).statTimeZone).toBe('Asia/Shanghai');
    const la = await createTestApp({ seed: false, env: { STAT_TIMEZONE: 'America/Los_Angeles' } });
    try {
      const res = await la.app.inject({ method: 'GET', url: '/api/system/host-profile' });
      expect(res.json().data.statTimeZone).toBe('America/Los_Angeles');
    } finally {
      await la.close();
    }
  });

  it('marks the India and Taiwan deployments with their dial codes', async () => {
    expect(await profile('india.localhost')).toMatchObject({
      india: true,
      dialCode: '91',
      registerDialCodes: ['91'],
    });
    const tw = await profile('tw.localhost');
    expect(tw).toMatchObject({ taiwan: true, dialCode: '886' });
    expect(tw.dialCodes).toContain('886');
  });

  it('gives any other host the default profile, without leasing or firmware screens', async () => {
    const p = await profile('some-other-host.example');
    expect(p).toMatchObject({ name: 'default', theme: 'default', dialCode: '86' });
    expect(p.dialCodes).toEqual(['86', '66', '91', '82', '81', '55', '84', '598', '60', '90']);
    expect(p.screens).toContain('MonitorView');
    expect(p.screens).toContain('AccountList');
    for (const hidden of ['ClientList', 'LeaseList', 'BillList', 'FirmwareManage'])
      expect(p.screens).not.toContain(hidden);
  });

  it('reads a bare number with the host dial code', async () => {
    // 812345678 is a Thai-length number, valid under +91 (India) but not as a mainland number.
    const china = await t.app.inject({
      method: 'GET',
      url: '/api/user/baseaccount/getVerifyCode?phoneNum=812345678&codeType=2',
      headers: { host: 'localhost' },
    });
    expect(china.statusCode).toBe(400);
    const india = await t.app.inject({
      method: 'GET',
      url: '/api/user/baseaccount/getVerifyCode?phoneNum=812345678&codeType=2',
      headers: { host: 'india.localhost' },
    });
    expect(india.statusCode).toBe(200);
    expect(t.sent.at(-1)?.target).toBe('91-812345678');
  });
});

describe('API documentation', () => {
  it('serves the OpenAPI document listing the calls', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/user/baseaccount/getVerify',
      '/api/user/baseaccount/getVerifyCode',
      '/api/user/baseaccount/checkVerifyCode',
      '/api/user/baseaccount/loginPd',
      '/api/user/baseaccount/loginSmS',
      '/api/user/baseaccount/loginOut',
      '/api/user/baseaccount/reg',
      '/api/user/baseaccount/resetPassword',
      '/api/user/baseaccount/refreshToken',
      '/api/user/info',
      '/api/user/profile',
      '/api/user/upload',
      '/api/oper/regions',
      '/api/rental/rental/getZzAccountByUser',
      '/api/system/host-profile',
    ]) {
      expect(paths, p).toContain(p);
    }
    expect(doc.paths['/api/user/baseaccount/loginPd'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/user/baseaccount/resetPassword'].put).toBeDefined();
    // Test-mode helpers are not documented.
    expect(paths.some((p) => p.startsWith('/api/__test'))).toBe(false);
  });

  it('serves the documentation page without a login', async () => {
    const res = await get('/api/docs');
    expect([200, 302]).toContain(res.statusCode);
    const page = res.statusCode === 302 ? await get(String(res.headers.location)) : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('unknown paths', () => {
  it('answer 404 JSON in the caller language', async () => {
    const zh = await get('/api/no/such/call');
    expect(zh.statusCode).toBe(404);
    expect(zh.headers['content-type']).toMatch(/application\/json/);
    expect(zh.json()).toEqual({ code: 404, message: '资源不存在' });
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/no/such/call',
      headers: { 'accept-language': 'en' },
    });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ code: 404, message: 'Not found' });
  });

  it('answer a wrong method on a known path with 404 JSON', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/user/info' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
  });

  it('answer malformed JSON with 400 JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/baseaccount/loginPd',
      payload: '{"phoneNum":',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: 'Invalid request' });
  });
});
