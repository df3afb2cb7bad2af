/**
 * Uploaded images are accepted only when they parse as a whole (issue 9, finding 17), and what is
 * stored is rebuilt from the parts that draw the image: a PNG signature followed by HTML, a JPEG
 * with a script after its end, or text hidden in metadata is refused or dropped.
 *
 * PNG: every chunk's length and CRC, the IHDR fields, the image data inflated and its size and
 * scanline filters checked against the header, nothing after IEND. Stored: the critical chunks
 * (IHDR, PLTE, IDAT, IEND) and the colour chunks tRNS, gAMA, cHRM, sRGB, pHYs; text and the rest dropped.
 *
 * JPEG: every marker segment's length and content (frame header, quantisation and Huffman tables,
 * scan headers naming defined components and tables), the entropy-coded data up to the next marker,
 * EOI at the very end. Stored: the segments that decode the image plus APP0 (JFIF), APP2 (ICC
 * profile) and APP14 (Adobe colour transform); EXIF (with its GPS position), comments and other
 * application data dropped. The Huffman-coded pixel data itself is not decoded.
 *
 * Image bombs (issue 20, finding 11: a 0.31 MB PNG of 6,324 x 6,324 16-bit pixels inflated 320 MB in
 * 1.2 s on the event loop). An image is refused by its declared size before any pixel data is read:
 * the PNG IHDR or the JPEG frame header (SOF) must declare at most MAX_IMAGE_SIDE per side and
 * MAX_IMAGE_PIXELS in all, and a PNG's scanlines at most MAX_PNG_DATA_BYTES (a 4096 x 4096 8-bit
 * RGBA image; deeper pixels allow fewer). The PNG data that is then inflated is inflated by zlib's
 * asynchronous inflate, on libuv's thread pool, off the event loop (checkImageOffLoop), at most
 * INFLATE_CONCURRENCY at once (leaving the pool's other threads to files and crypto) with at most
 * INFLATE_QUEUE waiting; one more is refused as busy. JPEG pixel data is never decoded; its scan
 * is a linear pass over at most the upload limit's bytes.
 */
import { promisify } from 'node:util';
import { crc32, inflate, inflateSync } from 'node:zlib';
import type { ImageType } from './storage.ts';

/** The largest image accepted, in pixels per side and in all (a decompression bomb is refused). */
export const MAX_IMAGE_SIDE = 8192;
export const MAX_IMAGE_PIXELS = 4096 * 4096;
/** The most pixel data (inflated scanlines) a PNG may declare: a 4096 x 4096 8-bit RGBA image. */
export const MAX_PNG_DATA_BYTES = 4096 * (4096 * 4 + 1);
/** PNG data inflated at once off the event loop, and how many more may wait for their turn. */
export const INFLATE_CONCURRENCY = 2;
export const INFLATE_QUEUE = 16;

export interface CheckedImage {
  type: ImageType;
  width: number;
  height: number;
  /** What to store: the image rebuilt from the parts that draw it. */
  body: Buffer;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

class Bad extends Error {}
const bad = (why: string): never => {
  throw new Bad(why);
};

/** An image whose declared size is over the limits: side and megapixels say what its format allows. */
export class ImageTooLarge extends Error {
  constructor(
    readonly side: number,
    readonly megapixels: number,
  ) {
    super('image too large');
  }
}
/** More PNGs are waiting to be inflated than INFLATE_QUEUE: the caller should retry later. */
export class ImageCheckBusy extends Error {}

/** Why an image is refused: not a whole JPEG or PNG, or declared larger than the limits. */
export type ImageRefusal = { refused: 'type' } | { refused: 'dimensions'; side: number; megapixels: number };

type Inflate = (data: Buffer, maxOutputLength: number) => Buffer;

/** The image, checked and rebuilt, or null when the bytes are not a whole JPEG or PNG (or too large). */
export function checkImage(buf: Buffer): CheckedImage | null {
  const got = inspect(buf, (data, max) => inflateSync(data, { maxOutputLength: max }));
  return 'refused' in got ? null : got;
}

/**
 * The image checked as checkImage does, with the PNG data inflated off the event loop (a bounded
 * number at once); refused by its declared size before that. Throws ImageCheckBusy when the queue is full.
 */
export async function checkImageOffLoop(buf: Buffer): Promise<CheckedImage | ImageRefusal> {
  let png: PngParts | null = null;
  const first = inspect(buf, (data, max) => {
    png = { data, max };
    return Buffer.alloc(0);
  });
  if (!png) return first;
  const parts = png as PngParts;
  let pixels: Buffer;
  try {
    pixels = await inflateBounded(parts.data, parts.max);
  } catch (err) {
    if ((err as { code?: unknown }).code) return { refused: 'type' };
    throw err;
  }
  return inspect(buf, () => pixels);
}

interface PngParts {
  data: Buffer;
  max: number;
}

const inflateAsync = promisify(inflate);
let inflating = 0;
const waiting: Array<() => void> = [];

async function inflateBounded(data: Buffer, maxOutputLength: number): Promise<Buffer> {
  if (inflating < INFLATE_CONCURRENCY) inflating++;
  else if (waiting.length >= INFLATE_QUEUE) throw new ImageCheckBusy('image checks busy');
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    // Output in 1 MB pieces: zlib's 16 KB default makes thousands of pool round trips per image.
    return await inflateAsync(data, {
      maxOutputLength,
      chunkSize: Math.max(64 * 1024, Math.min(maxOutputLength, 1 << 20)),
    });
  } finally {
    const next = waiting.shift();
    if (next) next();
    else inflating--;
  }
}

function inspect(buf: Buffer, inflateData: Inflate): CheckedImage | ImageRefusal {
  try {
    if (buf.length >= 8 && buf.subarray(0, 8).equals(PNG_SIGNATURE)) return checkPng(buf, inflateData);
    if (buf.length >= 4 && buf[0] === 0xff && buf[1] === 0xd8) return checkJpeg(buf);
    return { refused: 'type' };
  } catch (err) {
    if (err instanceof ImageTooLarge)
      return { refused: 'dimensions', side: err.side, megapixels: err.megapixels };
    if (err instanceof Bad || err instanceof RangeError) return { refused: 'type' };
    // zlib errors (a corrupt or oversized stream) carry a code.
    if ((err as { code?: unknown }).code) return { refused: 'type' };
    throw err;
  }
}

const PNG_KEEP = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'pHYs']);
/** Bits per pixel of each PNG colour type, per bit of depth (samples per pixel), and the depths it allows. */
const PNG_COLOUR: Record<number, { samples: number; depths: number[] }> = {
  0: { samples: 1, depths: [1, 2, 4, 8, 16] },
  2: { samples: 3, depths: [8, 16] },
  3: { samples: 1, depths: [1, 2, 4, 8] },
  4: { samples: 2, depths: [8, 16] },
  6: { samples: 4, depths: [8, 16] },
};
/** Adam7 passes: x start, y start, x step, y step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

function checkPng(buf: Buffer, inflateData: Inflate): CheckedImage {
  let at = 8;
  const kept: Buffer[] = [PNG_SIGNATURE];
  const idat: Buffer[] = [];
  let header: { width: number; height: number; depth: number; colour: number; interlace: number } | null =
    null;
  let palette = false;
  let ended = false;
  let lastType = '';
  while (!ended) {
    if (at + 12 > buf.length) bad('chunk past the end');
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    if (length > 0x7fffffff || at + 12 + length > buf.length) bad('chunk length');
    if (!/^[A-Za-z]{4}$/.test(type)) bad('chunk type');
    const data = buf.subarray(at + 8, at + 8 + length);
    if (crc32(buf.subarray(at + 4, at + 8 + length)) >>> 0 !== buf.readUInt32BE(at + 8 + length)) bad('crc');
    const chunk = buf.subarray(at, at + 12 + length);
    at += 12 + length;
    if (!header && type !== 'IHDR') bad('IHDR first');
    if (type === 'IHDR') {
      if (header || length !== 13) bad('IHDR');
      const width = data.readUInt32BE(0);
      const height = data.readUInt32BE(4);
      const [depth, colour, compression, filter, interlace] = [
        data[8],
        data[9],
        data[10],
        data[11],
        data[12],
      ];
      const c = PNG_COLOUR[colour as number];
      if (!c?.depths.includes(depth as number)) bad('depth or colour');
      if (compression !== 0 || filter !== 0 || (interlace !== 0 && interlace !== 1)) bad('method');
      // Refused here, by the header, before any image data is read, let alone inflated.
      const bytesPerPixel = ((c as { samples: number }).samples * (depth as number)) / 8;
      const maxPixels = Math.min(
        MAX_IMAGE_PIXELS,
        Math.floor(MAX_PNG_DATA_BYTES / Math.max(1, bytesPerPixel)),
      );
      checkSize(width, height, maxPixels);
      if (height * (Math.ceil(width * bytesPerPixel) + 1) > MAX_PNG_DATA_BYTES) tooLarge(maxPixels);
      header = {
        width,
        height,
        depth: depth as number,
        colour: colour as number,
        interlace: interlace as number,
      };
    } else if (type === 'PLTE') {
      if (palette || length === 0 || length % 3 !== 0 || length > 768 || idat.length) bad('PLTE');
      palette = true;
    } else if (type === 'IDAT') {
      if (idat.length && lastType !== 'IDAT') bad('IDAT not consecutive');
      idat.push(data);
    } else if (type === 'IEND') {
      if (length !== 0) bad('IEND');
      ended = true;
    } else if (!(type.charCodeAt(0) & 0x20)) {
      bad(`unknown critical chunk ${type}`);
    }
    if (PNG_KEEP.has(type)) kept.push(chunk);
    lastType = type;
  }
  if (at !== buf.length) bad('bytes after IEND');
  if (!header || !idat.length) bad('no image data');
  const h = header as NonNullable<typeof header>;
  if (h.colour === 3 && !palette) bad('palette missing');
  const bitsPerPixel = (PNG_COLOUR[h.colour] as { samples: number }).samples * h.depth;
  const rowBytes = (w: number) => Math.ceil((w * bitsPerPixel) / 8);
  const rows: number[] = [];
  if (h.interlace === 0) for (let y = 0; y < h.height; y++) rows.push(rowBytes(h.width));
  else
    for (const [x0, y0, dx, dy] of ADAM7) {
      const w = Math.ceil((h.width - x0) / dx);
      const n = Math.ceil((h.height - y0) / dy);
      if (w > 0) for (let y = 0; y < n; y++) rows.push(rowBytes(w));
    }
  const expected = rows.reduce((sum, r) => sum + r + 1, 0);
  const pixels = inflateData(Buffer.concat(idat), expected + 1);
  if (pixels.length !== expected) bad('image data size');
  let p = 0;
  for (const r of rows) {
    if ((pixels[p] as number) > 4) bad('scanline filter');
    p += r + 1;
  }
  const type: ImageType = { mime: 'image/png', ext: 'png' };
  return { type, width: h.width, height: h.height, body: Buffer.concat(kept) };
}

function tooLarge(maxPixels: number): never {
  throw new ImageTooLarge(MAX_IMAGE_SIDE, Math.floor(maxPixels / 100_000) / 10);
}

function checkSize(width: number, height: number, maxPixels = MAX_IMAGE_PIXELS) {
  if (width < 1 || height < 1) bad('size');
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > maxPixels) tooLarge(maxPixels);
}

interface JpegFrame {
  width: number;
  height: number;
  components: Set<number>;
}

/** Frame types decoders take: baseline, extended and progressive Huffman. */
const SOF = new Set([0xc0, 0xc1, 0xc2]);

function checkJpeg(buf: Buffer): CheckedImage {
  const kept: Buffer[] = [buf.subarray(0, 2)];
  let at = 2;
  let frame: JpegFrame | null = null;
  const huffman = new Set<number>();
  const quant = new Set<number>();
  let scans = 0;
  for (;;) {
    if (buf[at] !== 0xff) bad('marker expected');
    while (buf[at] === 0xff) at++;
    const marker = buf[at++];
    if (marker === undefined) bad('marker past the end');
    if (marker === 0xd9) {
      if (!frame || !scans || !quant.size) bad('EOI before the image');
      if (at !== buf.length) bad('bytes after EOI');
      kept.push(Buffer.from([0xff, 0xd9]));
      break;
    }
    if (
      marker === 0xd8 ||
      ((marker as number) >= 0xd0 && (marker as number) <= 0xd7) ||
      marker === 0x01 ||
      marker === 0
    )
      bad('misplaced marker');
    if (at + 2 > buf.length) bad('segment past the end');
    const length = buf.readUInt16BE(at);
    if (length < 2 || at + length > buf.length) bad('segment length');
    const data = buf.subarray(at + 2, at + length);
    const segment = buf.subarray(at - 2, at + length);
    at += length;
    let keep = true;
    const m = marker as number;
    if (SOF.has(m)) {
      if (frame || data.length < 6) bad('frame header');
      const n = data[5] as number;
      if (data[0] !== 8 && !(data[0] === 12 && m !== 0xc0)) bad('precision');
      if (n < 1 || n > 4 || data.length !== 6 + 3 * n) bad('components');
      const height = data.readUInt16BE(1);
      const width = data.readUInt16BE(3);
      checkSize(width, height);
      const components = new Set<number>();
      for (let i = 0; i < n; i++) {
        const h = (data[7 + 3 * i] as number) >> 4;
        const v = (data[7 + 3 * i] as number) & 15;
        if (h < 1 || h > 4 || v < 1 || v > 4 || (data[8 + 3 * i] as number) > 3) bad('component sampling');
        components.add(data[6 + 3 * i] as number);
      }
      frame = { width, height, components };
    } else if (m === 0xc4) {
      let p = 0;
      while (p < data.length) {
        const tc = (data[p] as number) >> 4;
        const th = (data[p] as number) & 15;
        if (tc > 1 || th > 3 || p + 17 > data.length) bad('Huffman table');
        let count = 0;
        for (let i = 1; i <= 16; i++) count += data[p + i] as number;
        if (count === 0 || count > 256 || p + 17 + count > data.length) bad('Huffman table size');
        huffman.add(tc * 4 + th);
        p += 17 + count;
      }
    } else if (m === 0xdb) {
      let p = 0;
      while (p < data.length) {
        const pq = (data[p] as number) >> 4;
        const tq = (data[p] as number) & 15;
        const size = pq === 0 ? 64 : 128;
        if (pq > 1 || tq > 3 || p + 1 + size > data.length) bad('quantisation table');
        quant.add(tq);
        p += 1 + size;
      }
    } else if (m === 0xda) {
      const n = data[0] as number;
      if (!frame || n < 1 || n > 4 || data.length !== 4 + 2 * n) bad('scan header');
      const f = frame as unknown as JpegFrame;
      for (let i = 0; i < n; i++) {
        const id = data[1 + 2 * i] as number;
        const dc = (data[2 + 2 * i] as number) >> 4;
        const ac = (data[2 + 2 * i] as number) & 15;
        if (!f.components.has(id) || dc > 3 || ac > 3) bad('scan component');
        if (!huffman.has(dc) && !huffman.has(4 + ac)) bad('scan tables');
      }
      // Entropy-coded data: any byte, 0xFF only as FF00 (a data byte) or FFD0..FFD7 (restart).
      const start = at;
      while (at < buf.length) {
        if (buf[at] !== 0xff) {
          at++;
          continue;
        }
        const next = buf[at + 1];
        if (next === 0x00 || (next !== undefined && next >= 0xd0 && next <= 0xd7)) at += 2;
        else if (next === 0xff) at++;
        else break;
      }
      if (at >= buf.length) bad('scan without an end');
      kept.push(segment, buf.subarray(start, at));
      keep = false;
      scans++;
    } else if (m === 0xdd) {
      if (length !== 4) bad('restart interval');
    } else if (m >= 0xe0 && m <= 0xef) {
      keep =
        (m === 0xe0 && data.subarray(0, 5).toString('latin1') === 'JFIF\0') ||
        (m === 0xe2 && data.subarray(0, 12).toString('latin1') === 'ICC_PROFILE\0') ||
        (m === 0xee && data.subarray(0, 5).toString('latin1') === 'Adobe');
    } else if (m === 0xfe) {
      keep = false;
    } else if (m !== 0xdc) {
      bad(`marker ${m.toString(16)}`);
    }
    if (keep) kept.push(segment);
  }
  const f = frame as unknown as JpegFrame;
  const type: ImageType = { mime: 'image/jpeg', ext: 'jpg' };
  return { type, width: f.width, height: f.height, body: Buffer.concat(kept) };
}
