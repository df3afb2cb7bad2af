import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sniffImage } from '../../platform/storage.ts';
import { fieldPicture } from './fieldPicture.ts';

describe('simulated working picture', () => {
  it('is a 160 x 120 RGB PNG the upload accepts, the same for the same seed', () => {
    const png = fieldPicture('JYP26000000/1795250389000');
    expect(sniffImage(png)).toEqual({ mime: 'image/png', ext: 'png' });
    expect(png.readUInt32BE(16)).toBe(160);
    expect(png.readUInt32BE(20)).toBe(120);
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('ascii')).toBe('IDAT');
    expect(inflateSync(png.subarray(41, 41 + idatLength))).toHaveLength((160 * 3 + 1) * 120);
    expect(fieldPicture('JYP26000000/1795250389000').equals(png)).toBe(true);
    expect(fieldPicture('JYP26000000/1795250390000').equals(png)).toBe(false);
  });
});
