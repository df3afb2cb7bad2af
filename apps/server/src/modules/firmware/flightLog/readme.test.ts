/**
 * The README's example log is real: it verifies with the key it names, and writing its points again
 * with that key gives the same bytes (the format is reproducible to the byte).
 */
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ed25519KeyId } from './chain.ts';
import { writeFlightLog } from './sign.ts';
import { verifyFlightLog } from './verify.ts';

const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
const block = (lang: string) => {
  const m = readme.match(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``));
  if (!m?.[1]) throw new Error(`README.md has no ${lang || 'plain'} block`);
  return m[1];
};

/** RFC 8032 §7.1 TEST 1: a published test key. */
const SEED = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60';
const PKCS8_ED25519_PREFIX = '302e020100300506032b657004220420';
const privateKey = createPrivateKey({
  key: Buffer.from(PKCS8_ED25519_PREFIX + SEED, 'hex'),
  format: 'der',
  type: 'pkcs8',
});

describe('the README example', () => {
  const example = block('jsonl');
  const pem = readme.match(/-----BEGIN PUBLIC KEY-----\n[\s\S]*?-----END PUBLIC KEY-----\n/)?.[0] ?? '';
  const publicKey = createPublicKey(pem);

  it('names the public key of RFC 8032 TEST 1', () => {
    expect(publicKey.export({ format: 'jwk' }).x).toBe(
      Buffer.from('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a', 'hex').toString(
        'base64url',
      ),
    );
    expect(createPublicKey(privateKey).export({ format: 'jwk' })).toEqual(
      publicKey.export({ format: 'jwk' }),
    );
  });

  it('verifies, and is written again byte for byte from its points', async () => {
    const keyId = ed25519KeyId(publicKey);
    const v = await verifyFlightLog(
      example,
      (d, k) => (d === 'T40-0001' && k === keyId ? { publicKey, revoked: false } : null),
      {
        points: true,
      },
    );
    expect(v).toMatchObject({ valid: true, droneId: 'T40-0001', sortieId: 'S-2026-11-11-3', records: 3 });
    const again = writeFlightLog({
      droneId: v.droneId as string,
      sortieId: v.sortieId as string,
      keyId,
      start: v.start as number,
      privateKey,
      records: v.points ?? [],
    });
    expect(again).toBe(example);
  });
});
