/** Positioned reads into caller-owned buffers, so streaming code keeps one buffer for a whole file. */
import type { FileHandle } from 'node:fs/promises';

/** Reads up to `length` bytes at `position` into `buf` from offset 0; returns how many (fewer only at EOF). */
export async function readInto(
  fh: FileHandle,
  buf: Buffer,
  length: number,
  position: number,
): Promise<number> {
  let got = 0;
  while (got < length) {
    const { bytesRead } = await fh.read(buf, got, length - got, position + got);
    if (bytesRead === 0) break;
    got += bytesRead;
  }
  return got;
}

/** A fresh buffer of the bytes at [position, position + length) that exist (length is bounded by callers). */
export async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(Math.max(0, length));
  const got = await readInto(fh, buf, buf.length, position);
  return buf.subarray(0, got);
}

export async function writeAll(fh: FileHandle, data: Uint8Array): Promise<void> {
  let done = 0;
  while (done < data.length) {
    const { bytesWritten } = await fh.write(data, done, data.length - done);
    done += bytesWritten;
  }
}
