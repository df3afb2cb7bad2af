/**
 * Whole, valid PNGs of any declared size, made with zlib in the test (issue 20, finding 11): every
 * scanline zero (filter 0), deflated with run-length matches, so a 6,324 x 6,324 16-bit RGBA image
 * (320 MB of pixel data) is a 0.31 MB file. Used by the image tests and bench/images.ts.
 */
import { constants, crc32, createDeflate } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Samples per pixel of each colour type. */
const SAMPLES: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

function chunk(type: string, data: Buffer): Buffer {
  const b = Buffer.alloc(12 + data.length);
  b.writeUInt32BE(data.length, 0);
  b.write(type, 4, 'latin1');
  data.copy(b, 8);
  b.writeUInt32BE(crc32(b.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
  return b;
}

/** A PNG of width x height, `depth` bits per sample, colour type 0/2/4/6 (default 16-bit RGBA). */
export async function zeroPng(width: number, height: number, depth = 16, colour = 6): Promise<Buffer> {
  const samples = SAMPLES[colour];
  if (!samples) throw new Error(`colour type ${colour}`);
  const row = Buffer.alloc(1 + Math.ceil((width * samples * depth) / 8));
  const deflate = createDeflate({ level: 9, strategy: constants.Z_RLE });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const ended = new Promise((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  for (let y = 0; y < height; y++)
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await ended;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = depth;
  ihdr[9] = colour;
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.concat(out)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The image bomb of the finding: 6,324 x 6,324 16-bit RGBA, 0.31 MB. */
export const bombPng = () => zeroPng(6324, 6324, 16, 6);
