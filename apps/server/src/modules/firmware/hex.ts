/**
 * Intel HEX to a binary, streamed: an uploaded `.hex` firmware is parsed whole and checked, then
 * stored as the binary MCUboot images are made from (imgtool converts its .hex inputs the same way:
 * from the lowest address to the highest, gaps filled with 0xff).
 *
 * Accepted: records `:LLAAAATT<data>CC` of hex digits, each line at most MAX_LINE characters, ended
 * by LF or CRLF; types 00 data, 01 end of file, 02 extended segment address, 03 start segment
 * address, 04 extended linear address, 05 start linear address; every checksum right; blank lines
 * anywhere; after the end-of-file record nothing but blank lines. Refused (HexError with the line):
 * anything else, data written twice to one address, no end-of-file record, no data at all, or
 * addresses spanning more than the size limit. Memory: one chunk of the file and a list of the
 * written address ranges (merged as they join up; at most MAX_RANGES separate ones).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { type FileHandle, open, rm } from 'node:fs/promises';

export const MAX_LINE = 600;
export const MAX_RANGES = 100_000;
const WRITE_BUF = 1024 * 1024;

export class HexError extends Error {
  constructor(
    readonly line: number,
    readonly why: string,
    readonly span = false,
  ) {
    super(`line ${line}: ${why}`);
  }
}

interface DataRecord {
  address: number;
  data: Buffer;
}

/** Calls `onData` for each data record of the file; throws HexError for anything not Intel HEX. */
async function walk(path: string, onData: (r: DataRecord, line: number) => void | Promise<void>) {
  let lineNo = 0;
  let base = 0;
  let ended = false;
  let carry = Buffer.alloc(0);
  const record = async (raw: Buffer) => {
    lineNo += 1;
    let text = raw.toString('latin1');
    if (text.endsWith('\r')) text = text.slice(0, -1);
    if (text.trim() === '') return;
    if (ended) throw new HexError(lineNo, 'data after the end-of-file record');
    if (!/^:(?:[0-9A-Fa-f]{2}){5,}$/.test(text)) throw new HexError(lineNo, 'not a record of hex digits');
    const bytes = Buffer.from(text.slice(1), 'hex');
    const count = bytes[0] as number;
    if (bytes.length !== count + 5) throw new HexError(lineNo, 'the byte count does not match the record');
    if (bytes.reduce((s, b) => (s + b) & 0xff, 0) !== 0) throw new HexError(lineNo, 'wrong checksum');
    const offset = bytes.readUInt16BE(1);
    const type = bytes[3];
    const data = bytes.subarray(4, 4 + count);
    if (type === 0x00) await onData({ address: base + offset, data }, lineNo);
    else if (type === 0x01) {
      if (count !== 0) throw new HexError(lineNo, 'an end-of-file record carries no data');
      ended = true;
    } else if (type === 0x02 || type === 0x04) {
      if (count !== 2) throw new HexError(lineNo, 'an address record carries two bytes');
      base = type === 0x02 ? data.readUInt16BE(0) * 16 : data.readUInt16BE(0) * 0x10000;
    } else if (type === 0x03 || type === 0x05) {
      if (count !== 4) throw new HexError(lineNo, 'a start address record carries four bytes');
    } else throw new HexError(lineNo, `unknown record type ${type}`);
  };
  for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>) {
    let buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    for (let nl = buf.indexOf(0x0a); nl !== -1; nl = buf.indexOf(0x0a)) {
      if (nl > MAX_LINE) throw new HexError(lineNo + 1, `a line longer than ${MAX_LINE} characters`);
      await record(buf.subarray(0, nl));
      buf = buf.subarray(nl + 1);
    }
    if (buf.length > MAX_LINE) throw new HexError(lineNo + 1, `a line longer than ${MAX_LINE} characters`);
    carry = Buffer.from(buf);
  }
  if (carry.length) await record(carry);
  if (!ended) throw new HexError(lineNo, 'no end-of-file record');
}

/** Written ranges [start, end), sorted and merged; overlapping data is refused. */
function rangeSet() {
  const ranges: Array<[number, number]> = [];
  return {
    ranges,
    add(start: number, end: number, line: number) {
      let lo = 0;
      let hi = ranges.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((ranges[mid] as [number, number])[1] <= start) lo = mid + 1;
        else hi = mid;
      }
      const next = ranges[lo];
      if (next && next[0] < end) throw new HexError(line, 'data written twice to the same address');
      const prev = ranges[lo - 1];
      if (prev && prev[1] === start) {
        prev[1] = end;
        if (next && next[0] === end) {
          prev[1] = next[1];
          ranges.splice(lo, 1);
        }
      } else if (next && next[0] === end) next[0] = start;
      else {
        if (ranges.length >= MAX_RANGES) throw new HexError(line, 'too many separate address ranges');
        ranges.splice(lo, 0, [start, end]);
      }
    },
  };
}

/**
 * Converts the Intel HEX at `input` into a binary at `output` (created; removed again on failure).
 * Answers the binary's size and SHA-256 and its first address.
 */
export async function hexToBinary(
  input: string,
  output: string,
  maxBytes: number,
): Promise<{ size: number; sha256: string; baseAddress: number }> {
  const set = rangeSet();
  await walk(input, (r, line) => {
    if (r.data.length > 0) set.add(r.address, r.address + r.data.length, line);
  });
  const first = set.ranges[0];
  const last = set.ranges[set.ranges.length - 1];
  if (!first || !last) throw new HexError(0, 'no data records');
  const base = first[0];
  const size = last[1] - base;
  if (size > maxBytes) throw new HexError(0, 'address span too large', true);

  let out: FileHandle | undefined = await open(output, 'wx');
  try {
    const fill = Buffer.alloc(Math.min(WRITE_BUF, size), 0xff);
    for (let pos = 0; pos < size; pos += fill.length)
      await out.write(fill, 0, Math.min(fill.length, size - pos), pos);
    // Runs of consecutive records are gathered and written at once.
    const buf = Buffer.alloc(WRITE_BUF);
    let runStart = -1;
    let runLength = 0;
    const flush = async () => {
      if (runLength > 0) await out?.write(buf, 0, runLength, runStart - base);
      runLength = 0;
    };
    await walk(input, async (r) => {
      if (runStart + runLength !== r.address || runLength + r.data.length > buf.length) {
        await flush();
        runStart = r.address;
      }
      r.data.copy(buf, runLength);
      runLength += r.data.length;
    });
    await flush();
    await out.close();
    out = undefined;
  } catch (e) {
    await out?.close().catch(() => {});
    await rm(output, { force: true });
    throw e;
  }
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(output) as AsyncIterable<Buffer>) hash.update(chunk);
  return { size, sha256: hash.digest('hex'), baseAddress: base };
}
