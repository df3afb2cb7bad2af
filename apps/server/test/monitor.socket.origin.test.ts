/**
 * The monitor socket checks the browser's Origin (issue 20, finding 15): a page of another site
 * cannot open it with a token it holds. Real WebSocket upgrades against the app on a port: a
 * cross-origin upgrade is refused with 403 before the upgrade, the console's own origin and a
 * client without an Origin (not a browser, still needing its token) are accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sameOrigin } from '../src/modules/monitor/monitor.socket.ts';
import { createTestApp, signIn, type TestApp } from './helper.ts';

let t: TestApp;
let port: number;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signIn(t, 'platform super admin')).data.jToken;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  port = address.port;
});
afterAll(async () => {
  await t?.close();
});

/** Opens the socket; resolves 'open' or the HTTP status that refused the upgrade. */
function upgrade(headers: Record<string, string>, withToken = true): Promise<'open' | number> {
  const q = withToken ? `?access_token=${token}` : '';
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/drone/mointor/manage/socket${q}`, { headers });
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      ws.close();
      resolve('open');
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', (err) => reject(err));
  });
}

describe('monitor socket origin', () => {
  it('refuses a cross-origin upgrade with 403', async () => {
    for (const origin of [
      'https://evil.example',
      'http://127.0.0.1.evil.example',
      `http://127.0.0.1:${port + 1}`,
      `https://127.0.0.1:${port}.evil.example`,
      'null',
      'file://',
    ])
      expect(await upgrade({ origin }), origin).toBe(403);
  });

  it("accepts the console's own origin and a client without an Origin", async () => {
    expect(await upgrade({ origin: `http://127.0.0.1:${port}` })).toBe('open');
    expect(await upgrade({})).toBe('open');
  });

  it('still asks for the token first: no token answers 401 whatever the origin', async () => {
    expect(await upgrade({ origin: 'https://evil.example' }, false)).toBe(401);
    expect(await upgrade({}, false)).toBe(401);
  });

  it('compares the origin with the host the request was sent to, default ports aside', () => {
    expect(sameOrigin(undefined, 'console.example.com')).toBe(true);
    expect(sameOrigin('https://console.example.com', 'console.example.com')).toBe(true);
    expect(sameOrigin('https://console.example.com', 'console.example.com:443')).toBe(true);
    expect(sameOrigin('http://Console.Example.com:8080', 'console.example.com:8080')).toBe(true);
    expect(sameOrigin('https://console.example.com', 'console.example.com:8443')).toBe(false);
    expect(sameOrigin('https://console.example.com', 'other.example.com')).toBe(false);
    expect(sameOrigin('https://console.example.com', '')).toBe(false);
    expect(sameOrigin('chrome-extension://abc', 'abc')).toBe(false);
  });
});
