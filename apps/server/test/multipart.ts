/** Multipart bodies and tiny images for upload tests. */
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** An 8x8 baseline JPEG as Chromium's canvas encodes it (JFIF, ICC profile, tables, one scan, EOI). */
export const JPEG_8X8 = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAA' +
    'AABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
    'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAA' +
    'ABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAA' +
    'AAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAA' +
    'AAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAA' +
    'AABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYF' +
    'BAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMK' +
    'ChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAIAAgDASIAAhEB' +
    'AxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAeEAACAQMFAAAAAAAAAAAAAAABAgADBCEFEUFhcf/EABUBAQEAAAAAAAAA' +
    'AAAAAAAAAAMG/8QAHBEBAAICAwEAAAAAAAAAAAAAAQIRAAQDITFB/9oADAMBAAIRAxEAPwCaml0NQqu9VDaFdkQDIOOveYiI' +
    'EY1kPsbDzsViFAdAXRVter9fVz//2Q==',
  'base64',
);

/** A valid PNG of the given size, RGB, its pixels from `pixel` (random noise by default: it does not compress). */
export function pngOf(
  width: number,
  height: number,
  pixel?: (x: number, y: number) => [number, number, number],
) {
  const row = 1 + width * 3;
  const raw = Buffer.alloc(row * height);
  const noise = randomBytes(pixel ? 0 : raw.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel
        ? pixel(x, y)
        : [noise[y * row + x * 3] ?? 0, noise[y * row + x * 3 + 1] ?? 0, noise[y * row + x * 3 + 2] ?? 0];
      raw.writeUInt8(r, y * row + 1 + x * 3);
      raw.writeUInt8(g, y * row + 2 + x * 3);
      raw.writeUInt8(b, y * row + 3 + x * 3);
    }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_1X1.subarray(0, 8),
    chunk('IHDR', ihdr),
    chunk('tEXt', Buffer.from('Comment\0<script>alert(1)</script>', 'latin1')),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body as a browser sends it. */
export function multipart(
  parts: Array<{ name: string; filename?: string; type?: string; data: Buffer | string }>,
) {
  const boundary = '----agrifleetTestBoundary7MA4YWxk';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
