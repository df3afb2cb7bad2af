import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildHeader,
  buildTlvArea,
  chunkCount,
  decodePlace,
  encodePlace,
  formatVersion,
  IMAGE_MAGIC,
  ImageError,
  parseHeader,
  parseVersion,
  placeValueLength,
  TLV,
  walkTlvs,
} from './format.ts';

const sha = (s: string) => createHash('sha256').update(s).digest();

describe('image format', () => {
  it('reads versions in imgtool notation and as fields, within u8.u8.u16+u32', () => {
    expect(parseVersion('1.2.3+4')).toEqual({ major: 1, minor: 2, revision: 3, build: 4 });
    expect(parseVersion('7')).toEqual({ major: 7, minor: 0, revision: 0, build: 0 });
    expect(parseVersion(' 2.5 ')).toEqual({ major: 2, minor: 5, revision: 0, build: 0 });
    expect(parseVersion({ major: 255, minor: 255, revision: 65535, build: 4294967295 })).toMatchObject({
      major: 255,
    });
    expect(formatVersion(parseVersion({ major: 3, build: 9 }))).toBe('3.0.0+9');
    for (const bad of ['256', '1.256', '1.2.65536', '1.2.3+4294967296', '1.2.3.4', 'v1', '', '-1', '1..2'])
      expect(() => parseVersion(bad)).toThrow(ImageError);
    expect(() => parseVersion({ major: 1.5 })).toThrow(ImageError);
    expect(() => parseVersion(null as never)).toThrow(ImageError);
  });

  it('builds the 32-byte little-endian header, zero-padded to hdr_size, and reads it back', () => {
    const fields = {
      loadAddr: 0x20001000,
      hdrSize: 0x200,
      protectTlvSize: 0x48,
      imgSize: 0x123456,
      flags: 0x24,
      version: { major: 1, minor: 2, revision: 0x304, build: 0x05060708 },
    };
    const b = buildHeader(fields);
    expect(b).toHaveLength(0x200);
    expect(b.subarray(0, 32).toString('hex')).toBe(
      '3db8f396' +
        '00100020' +
        '0002' +
        '4800' +
        '56341200' +
        '24000000' +
        '0102' +
        '0403' +
        '08070605' +
        '00000000',
    );
    expect(b.subarray(32).every((x) => x === 0)).toBe(true);
    expect(parseHeader(b)).toEqual({ magic: IMAGE_MAGIC, ...fields });
  });

  it('builds TLV areas as imgtool does (total includes the info) and walks them back exactly', () => {
    expect(buildTlvArea(0x6907, [])).toHaveLength(0);
    const area = buildTlvArea(0x6907, [
      { type: TLV.SHA256, value: sha('a') },
      { type: TLV.AF_PLACE, value: Buffer.from([1, 2, 3]) },
    ]);
    expect(area.readUInt16LE(0)).toBe(0x6907);
    expect(area.readUInt16LE(2)).toBe(area.length);
    expect(area.length).toBe(4 + 36 + 7);
    expect(area.subarray(4, 8).toString('hex')).toBe('10002000');
    const walk = walkTlvs(area, 1000, 1004, 1000 + area.length);
    expect(walk.ok && walk.entries.map((e) => [e.type, e.offset, e.value.length])).toEqual([
      [TLV.SHA256, 1004, 32],
      [TLV.AF_PLACE, 1040, 3],
    ]);
    expect(walkTlvs(area, 1000, 1004, 1000 + area.length - 1)).toEqual({ ok: false, failAt: 1040 });
    expect(walkTlvs(area, 0, 4, 6)).toEqual({ ok: false, failAt: 4 });
    expect(() => buildTlvArea(0x6907, [{ type: 1, value: Buffer.alloc(65532) }])).toThrow(ImageError);
  });

  it('encodes the place TLV with its own hash, and refuses it altered or for another size', () => {
    const chunks = [sha('0'), sha('1'), sha('2')];
    const imgSize = 2 * 1024 * 1024 + 5;
    expect(chunkCount(imgSize, 20)).toBe(3);
    const v = encodePlace(20, sha('h'), chunks);
    expect(v).toHaveLength(placeValueLength(3));
    expect(decodePlace(v, imgSize)).toEqual({
      chunkSize: 1024 * 1024,
      headerHash: sha('h'),
      chunkHashes: chunks,
    });
    expect(decodePlace(v, 1024 * 1024)).toBeNull();
    for (let at = 0; at < v.length; at += 7) {
      const bad = Buffer.from(v);
      bad[at] = (bad[at] ?? 0) ^ 0x10;
      expect(decodePlace(bad, imgSize)).toBeNull();
    }
    expect(decodePlace(randomBytes(3), imgSize)).toBeNull();
    expect(decodePlace(Buffer.alloc(0), imgSize)).toBeNull();
  });
});
