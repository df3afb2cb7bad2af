/**
 * Interoperability with an independent implementation, the openssl command line (OpenSSL 3): the
 * signature, the SHA256 TLV, and the whole ECIES-X25519 unwrap and payload decryption done by hand.
 */
import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ECIES_INFO } from './ecies.ts';
import { encryptImage } from './encrypt.ts';
import { IMAGE_F, IMAGE_MAGIC, TLV } from './format.ts';
import { type Kit, makeKit, openssl, opensslOk, regions } from './test-kit.ts';
import { verifyImage } from './verify.ts';

let kit: Kit;
beforeAll(async () => {
  kit = await makeKit();
});
afterAll(() => kit?.cleanup());

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
/** The hex after "= " in openssl dgst output. */
const dgstHex = (out: Buffer) => out.toString().trim().split('= ').pop() as string;
/** HKDF-SHA256 without salt, info "MCUBoot_ECIES_v1", 48 bytes, by openssl kdf. */
const hkdfWithOpenssl = (ikm: Buffer) =>
  openssl(
    ['kdf', '-binary', '-keylen', '48', '-kdfopt', 'digest:SHA256', '-kdfopt', `hexkey:${hex(ikm)}`].concat([
      '-kdfopt',
      `info:${ECIES_INFO}`,
      'HKDF',
    ]),
  );

describe('MCUboot image against openssl', () => {
  it('writes the header imgtool writes: magic, sizes, flags, version, zero padding', () => {
    for (const [img, encrypted] of [
      [kit.signed, false],
      [kit.encrypted, true],
    ] as const) {
      const b = img.bytes;
      const r = regions(b);
      expect(b.readUInt32LE(0)).toBe(IMAGE_MAGIC);
      expect(b.readUInt32LE(4)).toBe(0);
      expect(r.hdrSize).toBe(0x200);
      expect(r.imgSize).toBe(encrypted ? Math.ceil(kit.plain.length / 16) * 16 : kit.plain.length);
      expect(b.readUInt32LE(16)).toBe(encrypted ? IMAGE_F.ENCRYPTED_AES128 : 0);
      expect([b[20], b[21], b.readUInt16LE(22), b.readUInt32LE(24)]).toEqual([1, 4, 2, 77]);
      expect(b.subarray(28, r.hdrSize).every((x) => x === 0)).toBe(true);
      expect(b.readUInt16LE(r.protOff)).toBe(0x6908);
      expect(b.readUInt16LE(r.protOff + 2)).toBe(r.protSize);
      expect(b.readUInt16LE(r.tlvOff)).toBe(0x6907);
      expect(r.tlvOff + b.readUInt16LE(r.tlvOff + 2)).toBe(b.length);
      expect(r.tlvs.map((t) => [t.type, t.len])).toEqual([
        [TLV.SHA256, 32],
        [TLV.KEYHASH, 32],
        [TLV.ED25519, 64],
        ...(encrypted ? [[TLV.ENC_X25519, 80]] : []),
      ]);
      expect(img.built.size).toBe(b.length);
      expect(img.built.digest).toBe(hex(r.tlv(TLV.SHA256).value));
    }
  });

  it('signs the SHA256 TLV, which is openssl dgst -sha256 of header + payload + protected TLVs', () => {
    const b = kit.signed.bytes;
    const r = regions(b);
    const region = kit.file('hashed.bin', b.subarray(0, r.tlvOff));
    const digest = r.tlv(TLV.SHA256).value;
    expect(dgstHex(openssl(['dgst', '-sha256', region]))).toBe(hex(digest));
    // Ed25519 over the 32-byte digest (imgtool sign_digest), checked by openssl with the public PEM.
    const pub = kit.file('pub.pem', kit.signing.publicKeyPem);
    const msg = kit.file('digest.bin', digest);
    const sig = kit.file('sig.bin', r.tlv(TLV.ED25519).value);
    const verifyArgs = ['pkeyutl', '-verify', '-pubin', '-inkey', pub, '-rawin', '-in', msg, '-sigfile', sig];
    expect(openssl(verifyArgs).toString()).toContain('Signature Verified Successfully');
    kit.file('digest.bin', Buffer.from(digest).fill(0, 0, 1));
    expect(opensslOk(verifyArgs)).toBe(false);
  });

  it('puts the SHA-256 of the SPKI DER openssl exports in KEYHASH, and its first 8 bytes in the key id', () => {
    const priv = kit.file('sign.pem', kit.signing.privateKeyPem);
    const der = openssl(['pkey', '-in', priv, '-pubout', '-outform', 'DER']);
    expect(hex(der)).toBe(hex(kit.signing.publicKeySpkiDer));
    const keyHash = dgstHex(openssl(['dgst', '-sha256', kit.file('spki.der', der)]));
    expect(hex(regions(kit.signed.bytes).tlv(TLV.KEYHASH).value)).toBe(keyHash);
    expect(kit.signed.built.keyId).toBe(keyHash.slice(0, 16));
  });

  it('unwraps the image key by hand (X25519, HKDF, HMAC, AES-128-CTR) and decrypts the payload with openssl enc', () => {
    const b = kit.encrypted.bytes;
    const r = regions(b);
    const enc = r.tlv(TLV.ENC_X25519).value;
    const [ephemeral, tag, cipherKey] = [enc.subarray(0, 32), enc.subarray(32, 64), enc.subarray(64, 80)];

    // X25519(device private, ephemeral public) with openssl pkeyutl -derive.
    const devicePem = kit.file('device.pem', kit.device.privateKeyPem);
    const peer = kit.file(
      'ephemeral.der',
      Buffer.concat([Buffer.from('302a300506032b656e032100', 'hex'), ephemeral]),
    );
    const shared = openssl(['pkeyutl', '-derive', '-inkey', devicePem, '-peerkey', peer, '-peerform', 'DER']);
    expect(shared).toHaveLength(32);

    // HKDF-SHA256, no salt, info "MCUBoot_ECIES_v1", 48 bytes, with openssl kdf.
    const okm = hkdfWithOpenssl(shared);
    expect(okm).toHaveLength(48);
    const [aesKey, macKey] = [okm.subarray(0, 16), okm.subarray(16)];

    // HMAC-SHA256 over the encrypted key, with openssl dgst -mac HMAC.
    const cipherKeyPath = kit.file('cipherkey.bin', cipherKey);
    const mac = openssl([
      'dgst',
      '-sha256',
      '-mac',
      'HMAC',
      '-macopt',
      `hexkey:${hex(macKey)}`,
      cipherKeyPath,
    ]);
    expect(dgstHex(mac)).toBe(hex(tag));

    // The image key: AES-128-CTR from a zero counter; then the payload, likewise.
    const iv = '0'.repeat(32);
    const ctr = ['enc', '-d', '-aes-128-ctr', '-nopad', '-iv', iv];
    const imageKey = openssl([...ctr, '-K', hex(aesKey), '-in', cipherKeyPath]);
    expect(imageKey).toHaveLength(16);
    const payload = kit.file('payload.enc', b.subarray(r.hdrSize, r.protOff));
    const decrypted = kit.file('payload.dec');
    openssl([...ctr, '-K', hex(imageKey), '-in', payload, '-out', decrypted]);
    const plain = readFileSync(decrypted);
    const padded = Buffer.concat([kit.plain, Buffer.alloc(r.imgSize - kit.plain.length)]);
    expect(plain.equals(padded)).toBe(true);

    // The SHA256 TLV is over the plaintext: header + decrypted payload + protected TLVs.
    const region = kit.file(
      'hashed.bin',
      Buffer.concat([b.subarray(0, r.hdrSize), plain, b.subarray(r.protOff, r.tlvOff)]),
    );
    expect(dgstHex(openssl(['dgst', '-sha256', region]))).toBe(hex(r.tlv(TLV.SHA256).value));
    const sig = kit.file('sig.bin', r.tlv(TLV.ED25519).value);
    const msg = kit.file('digest.bin', r.tlv(TLV.SHA256).value);
    const pub = kit.file('pub.pem', kit.signing.publicKeyPem);
    expect(
      opensslOk(['pkeyutl', '-verify', '-pubin', '-inkey', pub, '-rawin', '-in', msg, '-sigfile', sig]),
    ).toBe(true);
  });

  it('encrypts for a device key made by openssl, which openssl then opens', async () => {
    const devicePem = kit.file('openssl-device.pem');
    openssl(['genpkey', '-algorithm', 'X25519', '-out', devicePem]);
    const pubPem = openssl(['pkey', '-in', devicePem, '-pubout']).toString();
    const out = kit.file('for-openssl-device.img');
    const built = await encryptImage({
      input: kit.plainPath,
      output: out,
      signingKey: kit.signing.privateKeyPem,
      deviceKey: pubPem,
      version: '3.0.1',
      encrypt: true,
    });
    expect(built.deviceKeyId).toMatch(/^[0-9a-f]{16}$/);
    const b = readFileSync(out);
    const enc = regions(b).tlv(TLV.ENC_X25519).value;
    const peer = kit.file(
      'eph2.der',
      Buffer.concat([Buffer.from('302a300506032b656e032100', 'hex'), enc.subarray(0, 32)]),
    );
    const shared = openssl(['pkeyutl', '-derive', '-inkey', devicePem, '-peerkey', peer, '-peerform', 'DER']);
    const okm = hkdfWithOpenssl(shared);
    const mac = openssl([
      'dgst',
      '-sha256',
      '-mac',
      'HMAC',
      '-macopt',
      `hexkey:${hex(okm.subarray(16))}`,
      kit.file('ck.bin', enc.subarray(64)),
    ]);
    expect(dgstHex(mac)).toBe(hex(enc.subarray(32, 64)));
    // And the verifier opens it with the openssl-made private key as well.
    const res = await verifyImage({
      input: out,
      publicKeys: [{ keyId: kit.signing.keyId, spkiDer: kit.signing.publicKeySpkiDer, revoked: false }],
      deviceKeys: [{ id: 'openssl', privateKey: readFileSync(devicePem, 'utf8') }],
    });
    expect(res).toMatchObject({ valid: true, reason: 'ok', version: '3.0.1+0', deviceKeyId: 'openssl' });
    expect(createPublicKey(pubPem).asymmetricKeyType).toBe('x25519');
  });
});
