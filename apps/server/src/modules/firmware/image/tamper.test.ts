/**
 * Tampering and hostile files: every altered byte makes the verdict invalid, and `place` names the
 * region it is in (the payload: the 1 MiB chunk that holds it). Whatever the file holds, the
 * verifier answers a typed result.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHeader, TLV } from './format.ts';
import { type PlaceRegion, regionOfType } from './layout.ts';
import { flip, type Kit, makeKit, regions } from './test-kit.ts';
import { type VerifyResult, verifyImage } from './verify.ts';

let kit: Kit;
let small: Kit;
beforeAll(async () => {
  kit = await makeKit();
  small = await makeKit(40_003);
});
afterAll(() => {
  kit?.cleanup();
  small?.cleanup();
});

const MiB = 1024 * 1024;
let n = 0;
const check = (k: Kit, bytes: Buffer) => k.verify(k.file(`t${n++}.img`, bytes));
const expectAt = (res: VerifyResult, region: PlaceRegion, at: number) => {
  expect(res.valid).toBe(false);
  expect(res.place?.region).toBe(region);
  expect(res.place?.start).toBeLessThanOrEqual(at);
  expect(res.place?.end).toBeGreaterThan(at);
};

describe('tampered images', () => {
  for (const which of ['signed', 'encrypted'] as const) {
    it(`${which}: names the header, each payload chunk, the protected TLV and each TLV`, async () => {
      const b = kit[which].bytes;
      const r = regions(b);
      const cases: [number, PlaceRegion, string][] = [
        [0, 'header', 'badMagic'],
        [5, 'header', 'hashMismatch'],
        [8, 'header', 'badHeader'],
        [11, 'header', 'badHeader'],
        [14, 'header', 'badHeader'],
        [17, 'header', 'hashMismatch'],
        [21, 'header', 'hashMismatch'],
        [0x1ff, 'header', 'hashMismatch'],
        [r.hdrSize, 'payload', 'hashMismatch'],
        [r.hdrSize + MiB + 4321, 'payload', 'hashMismatch'],
        [r.protOff - 1, 'payload', 'hashMismatch'],
        [r.protOff + 1, 'protectedTlv', 'badTlv'],
        [r.protOff + 12, 'protectedTlv', 'hashMismatch'],
        [r.tlvOff - 1, 'protectedTlv', 'hashMismatch'],
        [r.tlvOff, 'tlvInfo', 'badTlv'],
        [r.tlvOff + 2, 'tlvInfo', 'badTlv'],
        [r.tlv(TLV.SHA256).offset + 20, 'hashTlv', 'hashMismatch'],
        [r.tlv(TLV.SHA256).offset, 'hashTlv', 'badTlv'],
        [r.tlv(TLV.KEYHASH).offset + 4, 'keyHashTlv', 'keyHashMismatch'],
        [r.tlv(TLV.KEYHASH).offset + 2, 'keyHashTlv', 'badTlv'],
        [r.tlv(TLV.ED25519).offset + 67, 'signatureTlv', 'badSignature'],
        [r.tlv(TLV.ED25519).offset + 1, 'signatureTlv', 'badTlv'],
      ];
      if (which === 'encrypted') {
        const enc = r.tlv(TLV.ENC_X25519).offset;
        cases.push([enc + 4, 'encryptionTlv', 'cannotDecrypt'], [enc + 40, 'encryptionTlv', 'cannotDecrypt']);
        cases.push([enc + 83, 'encryptionTlv', 'cannotDecrypt'], [enc, 'encryptionTlv', 'badTlv']);
      }
      for (const [at, region, reason] of cases) {
        const res = await check(kit, flip(b, at));
        expect({ at, reason: res.reason }).toEqual({ at, reason });
        expectAt(res, region, at);
      }
    });
  }

  it('gives the payload range of the 1 MiB chunk that holds the altered byte', async () => {
    const b = kit.encrypted.bytes;
    const r = regions(b);
    const at = r.hdrSize + 2 * MiB + 17;
    const res = await check(kit, flip(b, at));
    expect(res).toMatchObject({ valid: false, hashOk: false, reason: 'hashMismatch', encrypted: true });
    expect(res.place).toEqual({ region: 'payload', start: r.hdrSize + 2 * MiB, end: r.protOff });
    const early = await check(kit, flip(b, r.hdrSize + 100));
    expect(early.place).toEqual({ region: 'payload', start: r.hdrSize, end: r.hdrSize + MiB });
  });

  it('names the region of single altered bytes all over the header and the TLV areas (small image)', async () => {
    for (const which of ['signed', 'encrypted'] as const) {
      const b = small[which].bytes;
      const r = regions(b);
      // Every byte of the header fields and of each area or entry header; every 5th byte of values.
      const heads = [r.protOff, r.protOff + 4, r.tlvOff, ...r.tlvs.map((t) => t.offset)];
      const offsets = [...Array(40).keys(), r.hdrSize, r.hdrSize + 20_000, r.protOff - 1, b.length - 1];
      for (let at = r.protOff; at < b.length; at++)
        if (heads.some((h) => at >= h && at < h + 4) || at % 5 === 0) offsets.push(at);
      for (const at of offsets) {
        const res = await check(small, flip(b, at));
        const entry = r.tlvs.find((t) => t.offset <= at && at < t.offset + 4 + t.len);
        const region: PlaceRegion =
          at < r.hdrSize
            ? 'header'
            : at < r.protOff
              ? 'payload'
              : at < r.tlvOff
                ? 'protectedTlv'
                : entry
                  ? regionOfType(entry.type)
                  : 'tlvInfo';
        expect({ at, valid: res.valid, region: res.place?.region }).toEqual({ at, valid: false, region });
        expectAt(res, region, at);
      }
    }
  });

  it('answers trailing bytes after the TLV area, though the signature holds', async () => {
    const b = small.signed.bytes;
    for (const extra of [Buffer.alloc(1), randomBytes(100_000)]) {
      const res = await check(small, Buffer.concat([b, extra]));
      expect(res).toMatchObject({ valid: false, reason: 'trailingBytes', hashOk: true, signatureOk: true });
      expect(res.place).toEqual({ region: 'trailingBytes', start: b.length, end: b.length + extra.length });
    }
  });
});

describe('keys at verification', () => {
  it('accepts the good image, and answers revoked for a revoked key that still verifies', async () => {
    const ok = await kit.verify(kit.encrypted.path);
    expect(ok).toMatchObject({ valid: true, reason: 'ok', hashOk: true, signatureOk: true, revoked: false });
    expect(ok).toMatchObject({ keyId: kit.signing.keyId, version: '1.4.2+77', deviceKeyId: kit.device.id });
    expect(ok.place).toBeUndefined();
    const revoked = await kit.verify(kit.encrypted.path, true);
    expect(revoked).toMatchObject({
      valid: false,
      revoked: true,
      reason: 'revoked',
      hashOk: true,
      signatureOk: true,
    });
  });

  it('answers unknownKey when no key of the tenant has that hash or signature', async () => {
    const res = await verifyImage({
      input: small.signed.path,
      publicKeys: [{ keyId: kit.signing.keyId, spkiDer: kit.signing.publicKeySpkiDer, revoked: false }],
    });
    expect(res).toMatchObject({
      valid: false,
      reason: 'unknownKey',
      keyId: small.signing.keyId,
      hashOk: true,
    });
    expect(res.signatureOk).toBe(false);
    const none = await verifyImage({ input: small.signed.path, publicKeys: [] });
    expect(none.reason).toBe('unknownKey');
  });

  it('answers cannotDecrypt without the device key, and finds the right one among several', async () => {
    const publicKeys = [{ keyId: kit.signing.keyId, spkiDer: kit.signing.publicKeySpkiDer, revoked: false }];
    const bare = await verifyImage({ input: kit.encrypted.path, publicKeys });
    expect(bare).toMatchObject({
      valid: false,
      reason: 'cannotDecrypt',
      encrypted: true,
      keyId: kit.signing.keyId,
    });
    expect(bare.place).toBeUndefined();
    const wrong = await verifyImage({
      input: kit.encrypted.path,
      publicKeys,
      deviceKeys: [{ id: 'other', privateKey: small.device.privateKeyPem }],
    });
    expect(wrong).toMatchObject({ reason: 'cannotDecrypt', place: { region: 'encryptionTlv' } });
    const several = await verifyImage({
      input: kit.encrypted.path,
      publicKeys: [
        { keyId: small.signing.keyId, spkiDer: small.signing.publicKeySpkiDer, revoked: true },
        ...publicKeys,
      ],
      deviceKeys: [
        { id: 'other', privateKey: small.device.privateKeyPem },
        { id: 'mine', privateKey: kit.device.privateKeyPem },
      ],
    });
    expect(several).toMatchObject({ valid: true, deviceKeyId: 'mine', keyId: kit.signing.keyId });
  });
});

describe('hostile files', () => {
  const header = (imgSize: number, protectTlvSize = 0, hdrSize = 32) =>
    buildHeader({
      loadAddr: 0,
      hdrSize,
      protectTlvSize,
      imgSize,
      flags: 0,
      version: { major: 1, minor: 0, revision: 0, build: 0 },
    });

  const tlvInfoOnly = () => Buffer.from([0x07, 0x69, 4, 0]);

  it('answers truncated for every cut of a good image', async () => {
    for (const which of ['signed', 'encrypted'] as const) {
      const b = small[which].bytes;
      const r = regions(b);
      const cuts = [0, 1, 3, 4, 31, 100, r.hdrSize, r.protOff - 1, r.protOff + 2, r.tlvOff, r.tlvOff + 3];
      cuts.push(...r.tlvs.map((t) => t.offset), b.length - 1);
      for (const cut of cuts) {
        const res = await check(small, b.subarray(0, cut));
        expect({ cut, reason: res.reason, valid: res.valid }).toEqual({
          cut,
          reason: 'truncated',
          valid: false,
        });
        expect(res.place?.start).toBe(cut);
      }
    }
  });

  it('answers badMagic for garbage, and typed results for lying lengths', async () => {
    expect((await check(small, randomBytes(MiB))).reason).toBe('badMagic');
    expect((await check(small, Buffer.from('not an image at all'))).reason).toBe('badMagic');
    expect((await check(small, header(0).fill(0, 8, 10))).reason).toBe('badHeader');
    // img_size of 4 GiB in a 64-byte file.
    const huge = await check(small, Buffer.concat([header(0xffffffff), Buffer.alloc(32)]));
    expect(huge).toMatchObject({
      valid: false,
      reason: 'truncated',
      place: { region: 'payload', start: 64 },
    });
    // A TLV area claiming 65535 bytes, with an entry claiming 65535 more.
    const liar = Buffer.alloc(8);
    liar.writeUInt16LE(TLV.SHA256, 4);
    liar.writeUInt16LE(0xffff, 6);
    liar.writeUInt16LE(0x6907, 0);
    liar.writeUInt16LE(0xffff, 2);
    const res = await check(small, Buffer.concat([header(16), randomBytes(16), liar]));
    expect(res).toMatchObject({ valid: false, reason: 'truncated' });
    // An empty TLV area: nothing to verify with.
    const empty = await check(small, Buffer.concat([header(16), randomBytes(16), tlvInfoOnly()]));
    expect(empty).toMatchObject({ valid: false, reason: 'badTlv', place: { region: 'hashTlv' } });
    // A protected area that is not one.
    const prot = await check(small, Buffer.concat([header(16, 8), randomBytes(24), tlvInfoOnly()]));
    expect(prot).toMatchObject({ valid: false, reason: 'badTlv', place: { region: 'protectedTlv' } });
  });

  it('throws ImageError only for caller mistakes: no such file, a folder, a malformed stored key', async () => {
    const publicKeys = [
      { keyId: small.signing.keyId, spkiDer: small.signing.publicKeySpkiDer, revoked: false },
    ];
    for (const input of [small.file('absent.img'), small.dir]) {
      await expect(verifyImage({ input, publicKeys })).rejects.toMatchObject({ code: 'badInput' });
    }
    const broken = [{ keyId: 'x', spkiDer: Buffer.alloc(44), revoked: false }];
    await expect(verifyImage({ input: small.signed.path, publicKeys: broken })).rejects.toMatchObject({
      code: 'badKey',
    });
  });

  it('never throws on randomly overwritten spans of a good image', async () => {
    for (const which of ['signed', 'encrypted'] as const) {
      const b = small[which].bytes;
      for (let i = 0; i < 60; i++) {
        const copy = Buffer.from(b);
        const at = Math.floor(Math.random() * b.length);
        randomBytes(1 + Math.floor(Math.random() * 300)).copy(copy, at);
        const cut = i % 3 === 0 ? copy.subarray(0, Math.floor(Math.random() * b.length)) : copy;
        const res = await check(small, cut);
        if (cut.equals(b)) continue;
        expect(res.valid).toBe(false);
        expect(typeof res.reason).toBe('string');
      }
    }
  });
});
