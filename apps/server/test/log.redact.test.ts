/**
 * Issue 20, finding 10: the monitor socket's `access_token` query parameter was logged in full.
 * The app runs with the server's own logger (platform/logRedact.ts) writing to a captured stream;
 * requests carry a credential in each place one travels (query string, authorization header, cookie,
 * body field, the WebSocket upgrade URL), and a test route logs headers and body the way careless
 * code would. No secret value may appear anywhere in what was written.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createLogger, REDACTED, redactLine, redactUrl } from '../src/platform/logRedact.ts';
import { createTestApp, signIn, type TestApp } from './helper.ts';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
const written = () => lines.join('\n');

let t: TestApp;
let base: string;
let jToken: string;
beforeAll(async () => {
  t = await createTestApp({
    logStream: sink,
    beforeReady: (app) => {
      // Code that logs what it should not: every header and the whole body.
      app.post('/api/__test/echo-log', { config: { access: 'public' } }, async (req) => {
        req.log.info({ headers: req.headers, body: req.body }, 'careless');
        req.log.warn({
          err: new Error(`upstream https://pay.example/notify?sign=SECRET_ERR_SIGN&x=1 failed`),
        });
        return { ok: true };
      });
    },
  });
  jToken = (await signIn(t, 'platform super admin')).data.jToken;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await t?.close();
});

describe('the server log', () => {
  it('holds no credential from a query, header, cookie, body or WebSocket upgrade URL', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/user/info?access_token=SECRET_QUERY_TOKEN&x=1' });
    await t.app.inject({
      method: 'GET',
      url: '/api/files/00000000-0000-0000-0000-000000000000.png?exp=1&sig=SECRET_SIG&Token=SECRET_MIXED_CASE',
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/__test/echo-log?verifyCode=SECRET_QUERY_CODE&password=SECRET_QUERY_PW',
      headers: {
        authorization: 'Bearer SECRET_HEADER_BEARER',
        cookie: 'captcha=SECRET_COOKIE_VALUE; other=1',
        'x-auth-token': 'SECRET_X_TOKEN',
        'x-api-key': 'SECRET_X_KEY',
      },
      payload: {
        phoneNum: '13800000001',
        password: 'SECRET_BODY_PASSWORD',
        verifyCode: '8641',
        nested: { refreshToken: 'SECRET_BODY_REFRESH', newPassword: 'SECRET_BODY_NEWPW', list: [1, 2] },
      },
    });
    // The monitor socket, as the browser opens it: the token in the upgrade URL.
    const ws = new WebSocket(`ws://${base}/api/drone/mointor/manage/socket?access_token=${jToken}`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.close();
    await new Promise((r) => setTimeout(r, 100));

    const out = written();
    // The requests were logged (the test is not vacuous), with their credentials redacted.
    expect(out).toContain(`/api/drone/mointor/manage/socket?access_token=${REDACTED}`);
    expect(out).toContain(`/api/user/info?access_token=${REDACTED}&x=1`);
    expect(out).toContain('"careless"');
    expect(out).toContain('13800000001');
    for (const secret of [
      jToken,
      jToken.split('.')[2] as string,
      'SECRET_QUERY_TOKEN',
      'SECRET_SIG',
      'SECRET_MIXED_CASE',
      'SECRET_QUERY_CODE',
      'SECRET_QUERY_PW',
      'SECRET_HEADER_BEARER',
      'SECRET_COOKIE_VALUE',
      'SECRET_X_TOKEN',
      'SECRET_X_KEY',
      'SECRET_BODY_PASSWORD',
      '8641',
      'SECRET_BODY_REFRESH',
      'SECRET_BODY_NEWPW',
      'SECRET_ERR_SIGN',
    ])
      expect(out, secret).not.toContain(secret);
  });

  it('the same redaction for any logger made by createLogger (main.ts uses it)', () => {
    const got: string[] = [];
    const log = createLogger(
      'info',
      new Writable({
        write(chunk, _e, done) {
          got.push(String(chunk));
          done();
        },
      }),
    );
    log.info({ req: { method: 'GET', url: '/x?token=SECRET_A' }, headers: { cookie: 'SECRET_B' } }, 'm');
    log.info({ 'set-cookie': ['sid=SECRET_C; Path=/'], user: { password: 'SECRET_D' } }, 'see ?key=SECRET_E');
    const all = got.join('');
    for (const s of ['SECRET_A', 'SECRET_B', 'SECRET_C', 'SECRET_D', 'SECRET_E'])
      expect(all, s).not.toContain(s);
    // Error codes and other fields are kept.
    log.error({ err: Object.assign(new Error('boom'), { code: '23505' }), droneId: 'D1' }, 'x');
    expect(got.at(-1)).toContain('"code":"23505"');
    expect(got.at(-1)).toContain('"droneId":"D1"');
  });

  it('redacts query parameters and JSON members, nothing else', () => {
    expect(redactUrl('/a?access_token=abc&b=1&sign=s#frag')).toBe(
      `/a?access_token=${REDACTED}&b=1&sign=${REDACTED}#frag`,
    );
    expect(redactUrl('/a?codeType=3&code=1234')).toBe(`/a?codeType=3&code=${REDACTED}`);
    expect(redactLine('{"authorization":"Bearer x","accountName":"a","jToken":"t","n":5}')).toBe(
      `{"authorization":"${REDACTED}","accountName":"a","jToken":"${REDACTED}","n":5}`,
    );
    expect(redactLine('{"msg":"a \\"password\\": b","verifyCode":1234}')).not.toContain('1234');
  });
});
