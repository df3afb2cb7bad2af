/**
 * The Content Security Policy lists exactly the console itself, data: and blob:, its own WebSockets
 * and the configured map sources' origins (issue 9, finding 22): no outside host otherwise.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceOrigin } from '../src/platform/csp.ts';
import { createTestApp, type TestApp } from './helper.ts';

/** The directives of a CSP header, each as its list of sources. */
function directives(header: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

async function cspOf(t: TestApp, host: string, url = '/api/system/host-profile') {
  const res = await t.app.inject({ method: 'GET', url, headers: { host } });
  return directives(res.headers['content-security-policy']);
}

describe('CSP without map sources (the shipped hosts.json)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('allows only the console itself and its own sockets', async () => {
    const csp = await cspOf(t, 'localhost:3000');
    expect(csp['connect-src']).toEqual(["'self'", 'ws://localhost:3000', 'wss://localhost:3000']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    // The page's own host, whatever it is called: another host gets its own sockets, no one else's.
    expect((await cspOf(t, 'console.example.org'))['connect-src']).toEqual([
      "'self'",
      'ws://console.example.org',
      'wss://console.example.org',
    ]);
  });

  it('adds nothing for a Host header that is not a host name', async () => {
    const csp = await cspOf(t, 'evil.example; script-src *');
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
  });
});

describe('CSP with map sources in the host profiles', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'csp-hosts-'));
    const file = join(dir, 'hosts.json');
    writeFileSync(
      file,
      JSON.stringify({
        default: { name: 'default', mapHdTilesUrl: 'https://{s}.hd.example/{z}/{x}/{y}.jpg' },
        profiles: [
          {
            name: 'sat',
            hosts: ['sat.localhost'],
            mapSatelliteStyleUrl: 'https://tiles.example/styles/sat.json?key=abc',
            mapHdTilesUrl: 'https://hd2.example:8443/{z}/{x}/{y}.jpg',
          },
          { name: 'same', hosts: ['same.localhost'], mapSatelliteStyleUrl: 'https://tiles.example/b.json' },
        ],
      }),
    );
    t = await createTestApp({ seed: false, env: { HOST_PROFILES_FILE: file } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists exactly the configured origins, on the web app and the API alike', async () => {
    const maps = ['https://*.hd.example', 'https://tiles.example', 'https://hd2.example:8443'];
    for (const url of ['/api/system/host-profile', '/login']) {
      const csp = await cspOf(t, 'sat.localhost:3000', url);
      expect(csp['connect-src']).toEqual([
        "'self'",
        ...maps,
        'ws://sat.localhost:3000',
        'wss://sat.localhost:3000',
      ]);
      expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', ...maps]);
      expect(csp['connect-src']).not.toContain('https:');
      expect(csp['img-src']).not.toContain('https:');
    }
  });
});

describe('sourceOrigin', () => {
  it('keeps scheme, host and port; a leading placeholder label becomes a wildcard', () => {
    expect(sourceOrigin('https://Tiles.Example/a.json')).toBe('https://tiles.example');
    expect(sourceOrigin('http://10.0.0.5:8080/{z}/{x}/{y}.png')).toBe('http://10.0.0.5:8080');
    expect(sourceOrigin('https://{s}.tile.example/{z}/{x}/{y}.png')).toBe('https://*.tile.example');
  });
  it('refuses what a CSP cannot express or should not allow', () => {
    for (const bad of [
      '',
      'ftp://x.example/',
      'https://tile.{s}.example/',
      'https://user@x.example/',
      '/tiles/{z}',
    ])
      expect(sourceOrigin(bad), bad).toBeNull();
  });
});
