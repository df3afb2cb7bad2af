import { createHash, createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { unwrapImageKey, wrapImageKey } from './ecies.ts';
import { ImageError } from './format.ts';
import {
  describeSigningKey,
  generateDeviceKey,
  generateSigningKey,
  keyIdOf,
  parseDevicePrivateKey,
  parseDevicePublicKey,
  parsePrivateKey,
  parseSigningPublicKey,
} from './keys.ts';
import { openssl } from './test-kit.ts';

const dir = mkdtempSync(join(tmpdir(), 'fw-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The code of the ImageError `fn` throws, and that its message holds no slice of `secret`. */
function badKeyCode(fn: () => unknown, secret = ''): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ImageError);
    const message = (e as Error).message;
    const body = secret.replace(/-----[A-Z ]+-----|\s/g, '');
    for (let i = 0; i + 16 <= body.length; i += 8) expect(message).not.toContain(body.slice(i, i + 16));
    return (e as ImageError).code;
  }
  throw new Error('did not throw');
}

describe('signing keys', () => {
  it('generates an Ed25519 pair whose id is the first 8 bytes of SHA-256(SPKI DER)', () => {
    const k = generateSigningKey();
    expect(k.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(k.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(k.publicKeySpkiDer).toHaveLength(44);
    expect(k.keyHash).toEqual(createHash('sha256').update(k.publicKeySpkiDer).digest());
    expect(k.keyId).toBe(k.keyHash.subarray(0, 8).toString('hex'));
    expect(k.keyId).toMatch(/^[0-9a-f]{16}$/);
    const parsed = parsePrivateKey(k.privateKeyPem);
    expect(describeSigningKey(parsed).keyId).toBe(k.keyId);
    expect(keyIdOf(k.publicKeySpkiDer)).toBe(k.keyId);
    expect(generateSigningKey().keyId).not.toBe(k.keyId);
  });

  it('reads a key made by openssl genpkey, and agrees with openssl on its public key', () => {
    const pem = join(dir, 'ed.pem');
    openssl(['genpkey', '-algorithm', 'ed25519', '-out', pem]);
    const key = parsePrivateKey(readFileSync(pem, 'utf8'));
    const der = openssl(['pkey', '-in', pem, '-pubout', '-outform', 'DER']);
    expect(describeSigningKey(key).publicKeySpkiDer.equals(der)).toBe(true);
    expect(parseSigningPublicKey(der).asymmetricKeyType).toBe('ed25519');
  });

  it('rejects anything but an Ed25519 PKCS#8 PEM with badKey, never echoing the key', () => {
    const ed = generateSigningKey().privateKeyPem;
    const pem = (type: 'rsa' | 'ec' | 'x25519' | 'ed448') => {
      const opts = type === 'rsa' ? { modulusLength: 1024 } : type === 'ec' ? { namedCurve: 'P-256' } : {};
      const { privateKey } = generateKeyPairSync(type as 'rsa', opts as { modulusLength: number });
      return privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    };
    const encrypted = createPrivateKey(ed)
      .export({ format: 'pem', type: 'pkcs8', cipher: 'aes-256-cbc', passphrase: 'x' })
      .toString();
    const cases: unknown[] = [
      undefined,
      42,
      '',
      'garbage',
      pem('rsa'),
      pem('ec'),
      pem('x25519'),
      pem('ed448'),
      encrypted,
      generateSigningKey().publicKeyPem,
      ed.replace('MC4CAQ', 'MC4CAx'),
      `${ed}${' '.repeat(4097 - ed.length)}`,
      ed.replace('\n', '\n\0'),
      `${ed}${ed}`,
      ed.replace('PRIVATE KEY', 'RSA PRIVATE KEY'),
    ];
    for (const c of cases)
      expect(badKeyCode(() => parsePrivateKey(c), typeof c === 'string' ? c : '')).toBe('badKey');
    expect(parsePrivateKey(`\n${ed}\n\n`).asymmetricKeyType).toBe('ed25519');
    expect(parsePrivateKey(ed.replace(/\n/g, '\r\n')).asymmetricKeyType).toBe('ed25519');
  });

  it('rejects public keys that are not Ed25519 SPKI', () => {
    const x = generateDeviceKey();
    expect(badKeyCode(() => parseSigningPublicKey(x.publicKeySpkiDer))).toBe('badKey');
    expect(badKeyCode(() => parseSigningPublicKey(Buffer.alloc(44)))).toBe('badKey');
    expect(badKeyCode(() => parseSigningPublicKey(Buffer.alloc(3)))).toBe('badKey');
  });
});

describe('device keys', () => {
  it('generates X25519 pairs and reads the public half in each form to the same id', () => {
    const d = generateDeviceKey();
    expect(d.publicKeyRaw).toHaveLength(32);
    expect(d.publicKeySpkiDer).toHaveLength(44);
    expect(d.id).toBe(keyIdOf(d.publicKeySpkiDer));
    const priv = parseDevicePrivateKey(d.privateKeyPem);
    for (const form of [d.publicKeyRaw, d.publicKeySpkiDer, d.publicKeyPem])
      expect(parseDevicePublicKey(form).id).toBe(d.id);
    const raw = Buffer.from(priv.export({ format: 'jwk' }).d as string, 'base64url');
    expect(parseDevicePrivateKey(raw).export({ format: 'jwk' }).x).toBe(priv.export({ format: 'jwk' }).x);
    expect(badKeyCode(() => parseDevicePublicKey(generateSigningKey().publicKeySpkiDer))).toBe('badKey');
    expect(badKeyCode(() => parseDevicePublicKey(generateSigningKey().publicKeyPem))).toBe('badKey');
    expect(badKeyCode(() => parseDevicePublicKey(Buffer.alloc(31)))).toBe('badKey');
    expect(badKeyCode(() => parseDevicePrivateKey(generateSigningKey().privateKeyPem))).toBe('badKey');
    expect(badKeyCode(() => parseDevicePrivateKey(Buffer.alloc(17)))).toBe('badKey');
  });

  it('wraps an image key that only the device key unwraps, and refuses an altered wrapping', () => {
    const d = generateDeviceKey();
    const imageKey = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
    const tlv = wrapImageKey(imageKey, parseDevicePublicKey(d.publicKeyRaw).key);
    expect(tlv).toHaveLength(80);
    const priv = parseDevicePrivateKey(d.privateKeyPem);
    expect(unwrapImageKey(tlv, priv)).toEqual(imageKey);
    expect(unwrapImageKey(tlv, parseDevicePrivateKey(generateDeviceKey().privateKeyPem))).toBeNull();
    for (const at of [0, 31, 32, 63, 64, 79]) {
      const bad = Buffer.from(tlv);
      bad[at] = (bad[at] ?? 0) ^ 1;
      expect(unwrapImageKey(bad, priv)).toBeNull();
    }
    expect(unwrapImageKey(Buffer.alloc(80), priv)).toBeNull(); // a low-order ephemeral point
    expect(unwrapImageKey(tlv.subarray(0, 79), priv)).toBeNull();
    expect(wrapImageKey(imageKey, parseDevicePublicKey(d.publicKeyRaw).key).equals(tlv)).toBe(false);
  });
});
