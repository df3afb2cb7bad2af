/**
 * A working picture as a drone's camera would take it over a field: crop rows seen from above
 * (greens with soil between), drawn per drone and time, encoded as a PNG (zlib from Node; no image
 * library needed). 160 x 120, a few kilobytes.
 */
import { crc32, deflateSync } from 'node:zlib';
import { hashSeed, mulberry32 } from '../flight/index.ts';

const W = 160;
const H = 120;

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

export function fieldPicture(seed: string): Buffer {
  const rng = mulberry32(hashSeed(seed));
  const angle = rng.range(0, Math.PI);
  const spacing = rng.range(5, 11);
  const [cr, cg, cb] = rng.pick([
    [72, 140, 52],
    [98, 150, 60],
    [130, 160, 70],
    [60, 120, 70],
  ]) as [number, number, number];
  const raw = Buffer.alloc((W * 3 + 1) * H);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  for (let y = 0; y < H; y++) {
    const row = y * (W * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < W; x++) {
      const across = (x * cos + y * sin) / spacing;
      const inRow = Math.abs(across - Math.round(across)) < 0.32;
      const n = rng.range(-14, 14);
      const [r, g, b] = inRow ? [cr + n, cg + n, cb + n / 2] : [118 + n, 92 + n, 62 + n];
      const i = row + 1 + x * 3;
      raw[i] = Math.max(0, Math.min(255, r));
      raw[i + 1] = Math.max(0, Math.min(255, g));
      raw[i + 2] = Math.max(0, Math.min(255, b));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(W, 0);
  header.writeUInt32BE(H, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
