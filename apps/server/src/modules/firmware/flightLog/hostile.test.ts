import { describe, expect, it } from 'vitest';
import { MAX_LINE_BYTES, MAX_LOG_BYTES } from './format.ts';
import { droneKey, joinLines, lookupFor, signedLog } from './testkit.ts';
import { type FlightLogVerdict, verifyFlightLog } from './verify.ts';

const key = droneKey();
const lookup = lookupFor(key);
const N = 10;
const log = signedLog(N, key);
const check = (input: string | Uint8Array) => verifyFlightLog(input, lookup);
/** The log with line `index` (0-based) replaced. */
const withLine = (index: number, line: string) =>
  joinLines(log.lines.map((l, i) => (i === index ? line : l)));
/** The log's bytes with line `index` replaced by raw bytes. */
const withBytes = (index: number, bytes: Buffer) =>
  Buffer.concat(
    log.lines.map((l, i) => Buffer.concat([i === index ? bytes : Buffer.from(l), Buffer.from('\n')])),
  );

const REASONS = new Set([
  'empty',
  'tooLarge',
  'badEncoding',
  'badJson',
  'notCanonical',
  'unterminated',
  'badHeader',
  'unsupported',
  'unknownKey',
  'revoked',
  'badRecord',
  'seqGap',
  'chainBroken',
  'badSignature',
  'noSignature',
  'trailingData',
]);

describe('hostile input: a typed answer, never a throw', () => {
  it('empty input, blank lines, a header alone', async () => {
    expect(await check('')).toMatchObject({ valid: false, reason: 'empty', records: 0 });
    expect(await check(new Uint8Array(0))).toMatchObject({ reason: 'empty' });
    expect(await check('\n')).toMatchObject({ reason: 'badJson', line: 1, detail: 'empty line' });
    expect(await check(withLine(3, ''))).toMatchObject({ reason: 'badJson', line: 4 });
    expect(await check(joinLines(log.lines.slice(0, 1)))).toMatchObject({ reason: 'noSignature', line: 2 });
  });

  it('a byte order mark, CRLF line ends, NUL bytes', async () => {
    expect(await check(`\ufeff${log.text}`)).toMatchObject({ reason: 'badEncoding', line: 1 });
    const crlf = await check(log.text.replaceAll('\n', '\r\n'));
    expect(crlf).toMatchObject({ reason: 'notCanonical', line: 1 });
    expect(crlf.detail).toMatch(/CR/);
    const nul = await check(withLine(2, (log.lines[2] as string).replace('"auto"', '"au\u0000to"')));
    expect(nul).toMatchObject({ reason: 'badJson', line: 3, detail: 'NUL byte' });
    expect(await check(withLine(2, `${log.lines[2]}\u0000`))).toMatchObject({ reason: 'badJson', line: 3 });
    // Escaped, a NUL is canonical JSON, but not a flight mode.
    const escaped = await check(withLine(2, (log.lines[2] as string).replace('"auto"', '"au\\u0000to"')));
    expect(escaped).toMatchObject({ reason: 'badRecord', line: 3 });
  });

  it('bytes that are not UTF-8, and lone surrogates', async () => {
    const line = Buffer.from(log.lines[4] as string);
    const at = line.indexOf('"auto"') + 2;
    for (const bad of [[0xed, 0xa0, 0x80], [0xff], [0xc0, 0xaf], [0xe2, 0x82]]) {
      const b = Buffer.concat([line.subarray(0, at), Buffer.from(bad), line.subarray(at)]);
      expect(await check(withBytes(4, b)), bad.join()).toMatchObject({ reason: 'badEncoding', line: 5 });
    }
    // A JavaScript string holding a lone surrogate has no UTF-8 form: refused, not replaced.
    const lone = (log.lines[4] as string).replace('"auto"', '"au\ud800to"');
    expect(await check(withLine(4, lone))).toMatchObject({ reason: 'badEncoding', line: 5 });
    // Escaped in the JSON it reads as a lone surrogate, which canonical JSON cannot hold.
    const escaped = (log.lines[4] as string).replace('"auto"', '"au\\ud800to"');
    expect(await check(withLine(4, escaped))).toMatchObject({ reason: 'notCanonical', line: 5 });
  });

  it('deep nesting, non-object lines, duplicate keys', async () => {
    const deep = `${'['.repeat(1500)}${']'.repeat(1500)}`;
    expect(await check(withLine(3, deep))).toMatchObject({ reason: 'tooLarge', line: 4 });
    expect(await check(withLine(0, deep))).toMatchObject({ reason: 'tooLarge', line: 1 });
    const nested = (log.lines[3] as string).replace('{"battery":', '{"a":{"y":{"z":[1,[2,[3]]]}},"battery":');
    expect(await check(withLine(3, nested))).toMatchObject({ reason: 'badRecord', line: 4 });
    for (const v of ['1', '[]', '"rec"', 'null', 'true', '{}'])
      expect(await check(withLine(3, v)), v).toMatchObject({ reason: 'badRecord', line: 4 });
    for (const v of ['1', '[]', '{}', '{"type":"header"}'])
      expect(await check(withLine(0, v)), v).toMatchObject({ reason: 'badHeader', line: 1 });
    const dup = (log.lines[3] as string).replace('"type":"rec"', '"type":"rec","type":"rec"');
    expect(await check(withLine(3, dup))).toMatchObject({ reason: 'notCanonical', line: 4 });
    const dupHeader = (log.lines[0] as string).replace('"alg":"Ed25519"', '"alg":"Ed25519","alg":"Ed25519"');
    expect(await check(withLine(0, dupHeader))).toMatchObject({ reason: 'notCanonical', line: 1 });
  });

  it('data after the signature line, a missing final newline, a truncated file', async () => {
    const last = N + 2;
    expect(await check(`${log.text}\n`)).toMatchObject({ reason: 'trailingData', line: last + 1 });
    expect(await check(`${log.text} `)).toMatchObject({ reason: 'trailingData', line: last + 1 });
    expect(await check(log.text + log.lines.at(-1))).toMatchObject({
      reason: 'trailingData',
      line: last + 1,
    });
    expect(await check(log.text.slice(0, -1))).toMatchObject({ reason: 'unterminated', line: last });
    expect(await check(log.text.slice(0, -40))).toMatchObject({ reason: 'unterminated', line: last });
    const cut = log.text.indexOf('\n', log.text.indexOf('"seq":4')) - 30;
    expect(await check(log.text.slice(0, cut))).toMatchObject({
      reason: 'unterminated',
      line: 5,
      records: 3,
    });
  });

  it('size limits: the file, and one line', async () => {
    const big = Buffer.alloc(MAX_LOG_BYTES + 1, 0x20);
    expect(await check(big)).toMatchObject({ reason: 'tooLarge', records: 0 });
    expect((await check(big)).line).toBeUndefined();
    expect(await check(' '.repeat(MAX_LOG_BYTES + 1))).toMatchObject({ reason: 'tooLarge' });
    const long = `{"type":"rec","x":"${'a'.repeat(MAX_LINE_BYTES)}"}`;
    expect(await check(withLine(2, long))).toMatchObject({ reason: 'tooLarge', line: 3 });
    expect(await check(withLine(0, long))).toMatchObject({ reason: 'tooLarge', line: 1 });
  });

  it('random damage: every answer is a verdict with a known reason and a line in the file', async () => {
    const bytes = Buffer.from(log.text);
    const lines = N + 2;
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 16807) % 2147483647;
      return seed % n;
    };
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const b = Buffer.from(bytes);
      let damaged: Buffer;
      const kind = i % 4;
      if (kind === 0) {
        for (let j = 0; j <= rnd(3); j++) b[rnd(b.length)] = rnd(256);
        damaged = b;
      } else if (kind === 1) damaged = b.subarray(0, rnd(b.length));
      else if (kind === 2) {
        const at = rnd(b.length);
        damaged = Buffer.concat([b.subarray(0, at), Buffer.from([rnd(256), rnd(256)]), b.subarray(at)]);
      } else {
        const at = rnd(b.length);
        damaged = Buffer.concat([b.subarray(0, at), b.subarray(at + 1 + rnd(20))]);
      }
      const v: FlightLogVerdict = await verifyFlightLog(damaged, lookup);
      if (damaged.equals(bytes)) continue;
      expect(v.valid, damaged.toString('latin1')).toBe(false);
      expect(REASONS.has(v.reason), v.reason).toBe(true);
      if (v.line !== undefined) expect(v.line >= 1 && v.line <= lines + 1).toBe(true);
      seen.add(v.reason);
    }
    // The damage reaches the encoding, the JSON, the form and the chain checks.
    for (const r of ['badJson', 'notCanonical', 'chainBroken', 'unterminated']) expect(seen).toContain(r);
  });
});
