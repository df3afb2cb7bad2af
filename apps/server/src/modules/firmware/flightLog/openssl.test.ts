/**
 * An independent check with the openssl command line (3.0 or later, for `pkeyutl -rawin` with
 * Ed25519): openssl verifies the drone's signature and recomputes a chain hash from the bytes of a
 * line; and a log signed by openssl with a key it made verifies here. Skipped where there is no
 * openssl 3.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SIGNED_PREFIX } from './format.ts';
import { DRONE, droneKey, editLine, joinLines, lookupFor, signedLog } from './testkit.ts';
import { verifyFlightLog } from './verify.ts';

const version = spawnSync('openssl', ['version'], { encoding: 'utf8' });
const hasOpenssl3 = version.status === 0 && /^OpenSSL [3-9]\./.test(version.stdout);
const dir = mkdtempSync(join(tmpdir(), 'flightlog-openssl-'));
const file = (name: string) => join(dir, name);
const openssl = (...args: string[]) => spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!hasOpenssl3)('flight logs checked with openssl', () => {
  const key = droneKey();
  const log = signedLog(5, key);
  const sigLine = JSON.parse(log.lines.at(-1) as string) as { head: string; sig: string };

  it('openssl pkeyutl verifies the signature over the prefix and the head', () => {
    writeFileSync(file('pub.pem'), key.publicKey.export({ type: 'spki', format: 'pem' }));
    writeFileSync(file('head.bin'), SIGNED_PREFIX + sigLine.head);
    writeFileSync(file('sig.bin'), Buffer.from(sigLine.sig, 'base64url'));
    const args = [
      'pkeyutl',
      '-verify',
      '-pubin',
      '-inkey',
      'pub.pem',
      '-rawin',
      '-in',
      'head.bin',
      '-sigfile',
      'sig.bin',
    ];
    const ok = openssl(...args);
    expect(ok.stdout + ok.stderr).toMatch(/Signature Verified Successfully/);
    expect(ok.status).toBe(0);
    // The head alone, without the prefix, is not what was signed.
    writeFileSync(file('head.bin'), sigLine.head);
    expect(openssl(...args).status).not.toBe(0);
  });

  it('openssl dgst -sha256 of a line’s bytes is the next line’s prev, and of the last record the head', () => {
    for (let i = 0; i < log.lines.length - 1; i++) {
      writeFileSync(file('line.bin'), log.lines[i] as string);
      const out = execFileSync('openssl', ['dgst', '-sha256', '-r', 'line.bin'], {
        cwd: dir,
        encoding: 'utf8',
      });
      const digest = out.split(' ')[0];
      const next = JSON.parse(log.lines[i + 1] as string);
      expect(digest, `line ${i + 1}`).toBe(next.type === 'sig' ? next.head : next.prev);
    }
  });

  it('a log signed by openssl, with a key openssl made, verifies here', async () => {
    expect(openssl('genpkey', '-algorithm', 'ed25519', '-out', 'key.pem').status).toBe(0);
    expect(openssl('pkey', '-in', 'key.pem', '-pubout', '-out', 'pub2.pem').status).toBe(0);
    const publicKey = createPublicKey(readFileSync(file('pub2.pem')));
    // Our writer for the lines, signed by a throwaway key: that signature does not verify with openssl's key.
    const theirs = { ...droneKey(), publicKey };
    const lines = [...signedLog(5, theirs).lines];
    const lookup = lookupFor(theirs);
    expect(await verifyFlightLog(joinLines(lines), lookup)).toMatchObject({ reason: 'badSignature' });
    const head = JSON.parse(lines.at(-1) as string).head as string;
    writeFileSync(file('msg.bin'), SIGNED_PREFIX + head);
    const signed = openssl(
      'pkeyutl',
      '-sign',
      '-inkey',
      'key.pem',
      '-rawin',
      '-in',
      'msg.bin',
      '-out',
      'sig2.bin',
    );
    expect(signed.status).toBe(0);
    editLine(lines, lines.length - 1, (v) => {
      v.sig = readFileSync(file('sig2.bin')).toString('base64url');
    });
    expect(await verifyFlightLog(joinLines(lines), lookup)).toMatchObject({
      valid: true,
      droneId: DRONE,
      records: 5,
    });
    // And openssl's signature over another head does not.
    writeFileSync(file('msg.bin'), `${SIGNED_PREFIX}${'0'.repeat(64)}`);
    openssl('pkeyutl', '-sign', '-inkey', 'key.pem', '-rawin', '-in', 'msg.bin', '-out', 'sig3.bin');
    editLine(lines, lines.length - 1, (v) => {
      v.sig = readFileSync(file('sig3.bin')).toString('base64url');
    });
    expect(await verifyFlightLog(joinLines(lines), lookup)).toMatchObject({
      reason: 'badSignature',
      line: 7,
    });
  });
});
