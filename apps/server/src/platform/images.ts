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
 */
import { crc32, inflateSync } from 'node:zlib';
import type { ImageType } from './storage.ts';

/** The largest image accepted, in pixels per side and in all (a decompression bomb is refused). */
export const MAX_IMAGE_SIDE = 16_384;
export const MAX_IMAGE_PIXELS = 40_000_000;

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

/** The image, checked and rebuilt, or null when the bytes are not a whole JPEG or PNG. */
export function checkImage(buf: Buffer): CheckedImage | null {
  try {
    if (buf.length >= 8 && buf.subarray(0, 8).equals(PNG_SIGNATURE)) return checkPng(buf);
    if (buf.length >= 4 && buf[0] === 0xff && buf[1] === 0xd8) return checkJpeg(buf);
    return null;
  } catch (err) {
    if (err instanceof Bad || err instanceof RangeError) return null;
    // zlib errors (a corrupt or oversized stream) carry a code.
    if ((err as { code?: unknown }).code) return null;
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

function checkPng(buf: Buffer): CheckedImage {
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
      checkSize(width, height);
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
  const pixels = inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 });
  if (pixels.length !== expected) bad('image data size');
  let p = 0;
  for (const r of rows) {
    if ((pixels[p] as number) > 4) bad('scanline filter');
    p += r + 1;
  }
  const type: ImageType = { mime: 'image/png', ext: 'png' };
  return { type, width: h.width, height: h.height, body: Buffer.concat(kept) };
}

function checkSize(width: number, height: number) {
  if (width < 1 || height < 1 || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) bad('size');
  if (width * height > MAX_IMAGE_PIXELS) bad('too many pixels');
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
