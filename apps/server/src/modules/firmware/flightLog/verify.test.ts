import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './chain.ts';
import { sampleSortie } from './sample.ts';
import { FlightLogWriteError, flightLogWriter, writeFlightLog } from './sign.ts';
import { DRONE, droneKey, editLine, joinLines, lookupFor, relink, SORTIE, signedLog } from './testkit.ts';
import { verifyFlightLog } from './verify.ts';

const key = droneKey();
const lookup = lookupFor(key);
// 10 records: line 1 the header, lines 2..11 records 1..10, line 12 the signature.
const N = 10;
const log = signedLog(N, key);
const copy = () => [...log.lines];
const check = (lines: string[], l = lookup) => verifyFlightLog(joinLines(lines), l);

describe('writing and verifying a flight log', () => {
  it('verifies what it wrote, and says which drone and sortie the log claims', async () => {
    const v = await verifyFlightLog(log.text, lookup, { points: true });
    expect(v).toEqual({
      valid: true,
      reason: 'ok',
      detail: 'valid',
      droneId: DRONE,
      sortieId: SORTIE,
      keyId: key.keyId,
      start: log.records[0]?.recordTime,
      records: N,
      head: sha256Hex(log.lines[N] as string),
      points: log.records,
    });
    expect(log.lines).toHaveLength(N + 2);
    // A Buffer and a plain Uint8Array read the same.
    expect((await verifyFlightLog(Buffer.from(log.text), lookup)).valid).toBe(true);
    expect((await verifyFlightLog(new Uint8Array(Buffer.from(log.text)), lookup)).valid).toBe(true);
  });

  it('is byte-exact reproducible: the same sortie and key give the same file, streamed or whole', () => {
    expect(signedLog(N, key).text).toBe(log.text);
    const w = flightLogWriter({
      droneId: DRONE,
      sortieId: SORTIE,
      keyId: key.keyId,
      start: 1_795_250_389_000,
      privateKey: key.privateKey,
    });
    expect(w.header + log.records.map((r) => w.record(r)).join('') + w.finish()).toBe(log.text);
    expect(() => w.record(log.records[0] as never)).toThrow(FlightLogWriteError);
  });

  it('writes only the contract fields, and refuses what the verifier would refuse', () => {
    const [p] = sampleSortie(1);
    const extra = { ...p, altitude: 3, pilotId: undefined } as never;
    const text = writeFlightLog({ droneId: DRONE, sortieId: SORTIE, ...key, records: [extra] });
    expect(text.split('\n')[1]).not.toMatch(/altitude|pilotId/);
    const write = (over: object) => () =>
      writeFlightLog({ droneId: DRONE, sortieId: SORTIE, ...key, records: [{ ...p, ...over } as never] });
    expect(write({ battery: 101 })).toThrow(/record 1: battery/);
    expect(write({ lng: Number.NaN })).toThrow(FlightLogWriteError);
    expect(write({ mode: 'a\ud800' })).toThrow(FlightLogWriteError);
    expect(write({ workType: 0 })).toThrow(/workType/);
    expect(() => writeFlightLog({ droneId: 'bad id', sortieId: SORTIE, ...key, records: [] })).toThrow(
      /start/,
    );
    expect(() =>
      writeFlightLog({ droneId: 'bad id', sortieId: SORTIE, ...key, start: 1, records: [] }),
    ).toThrow(/droneId/);
    expect(() =>
      writeFlightLog({
        droneId: DRONE,
        sortieId: SORTIE,
        keyId: key.keyId,
        privateKey: key.publicKey,
        start: 1,
        records: [],
      }),
    ).toThrow(/privateKey/);
  });

  it('takes a log of no records: the head is the hash of the header', async () => {
    const text = writeFlightLog({ droneId: DRONE, sortieId: SORTIE, ...key, start: 1, records: [] });
    const v = await verifyFlightLog(text, lookup);
    expect(v).toMatchObject({ valid: true, records: 0, head: sha256Hex(text.split('\n')[0] as string) });
  });

  it('asks the lookup for the header’s drone and key, and names an unknown or revoked key at line 1', async () => {
    const asked: string[][] = [];
    await verifyFlightLog(log.text, (d, k) => {
      asked.push([d, k]);
      return lookup(d, k);
    });
    expect(asked).toEqual([[DRONE, key.keyId]]);
    const claim = { droneId: DRONE, sortieId: SORTIE, keyId: key.keyId, records: 0, line: 1 };
    expect(await verifyFlightLog(log.text, () => null)).toMatchObject({
      valid: false,
      reason: 'unknownKey',
      ...claim,
    });
    expect(await verifyFlightLog(log.text, async () => null)).toMatchObject({
      reason: 'unknownKey',
      line: 1,
    });
    expect(await verifyFlightLog(log.text, lookupFor(key, true))).toMatchObject({
      reason: 'revoked',
      ...claim,
    });
    const x25519 = generateKeyPairSync('x25519').publicKey;
    expect(await verifyFlightLog(log.text, () => ({ publicKey: x25519, revoked: false }))).toMatchObject({
      reason: 'unknownKey',
      line: 1,
    });
    // The lookup's own failure is not a verdict: it reaches the caller.
    await expect(verifyFlightLog(log.text, () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
  });
});

describe('tampering', () => {
  // A change to record k (line k+1) keeps that line well-formed; what breaks is the link after it:
  // line k+2's prev (or, for the last record, the signature line's head). So `line` names the first
  // line whose link does not match: the changed line is that one or the one before it.
  it('a changed field in record k: chainBroken at line k+2', async () => {
    const lines = copy();
    editLine(lines, 4, (v) => {
      v.battery = 99;
    });
    expect(await check(lines)).toMatchObject({
      valid: false,
      reason: 'chainBroken',
      line: 6,
      seq: 5,
      records: 4,
    });
  });

  it('a changed field in the last record: chainBroken at the signature line', async () => {
    const lines = copy();
    editLine(lines, N, (v) => {
      v.lat = 0;
    });
    expect(await check(lines)).toMatchObject({ reason: 'chainBroken', line: N + 2, seq: N });
  });

  it('a changed record with the chain recomputed: the signature no longer verifies', async () => {
    const lines = copy();
    editLine(lines, 4, (v) => {
      v.pump = !v.pump;
    });
    relink(lines);
    expect(await check(lines)).toMatchObject({ reason: 'badSignature', line: N + 2, records: N });
    relink(lines, droneKey().privateKey); // signed again, by another key
    expect(await check(lines)).toMatchObject({ reason: 'badSignature', line: N + 2 });
    relink(lines, key.privateKey); // only the drone's key can make it whole again
    expect((await check(lines)).valid).toBe(true);
  });

  it('a removed, duplicated or reordered record: seqGap where the sequence first jumps', async () => {
    let lines = copy();
    lines.splice(4, 1); // record 4
    expect(await check(lines)).toMatchObject({ reason: 'seqGap', line: 5, seq: 5, records: 3 });
    lines = copy();
    lines.splice(N, 1); // the last record
    expect(await check(lines)).toMatchObject({ reason: 'seqGap', line: N + 1, seq: N, records: N - 1 });
    lines = copy();
    lines.splice(5, 0, lines[4] as string); // record 4 twice
    expect(await check(lines)).toMatchObject({ reason: 'seqGap', line: 6, seq: 4 });
    lines = copy();
    [lines[4], lines[5]] = [lines[5] as string, lines[4] as string];
    expect(await check(lines)).toMatchObject({ reason: 'seqGap', line: 5, seq: 5 });
    // Renumbered to hide the gap: the chain still tells.
    lines = copy();
    lines.splice(4, 1);
    for (let i = 4; i <= N - 1; i++)
      editLine(lines, i, (v) => {
        v.seq = i;
      });
    editLine(lines, N, (v) => {
      v.seq = N - 1;
    });
    expect(await check(lines)).toMatchObject({ reason: 'chainBroken', line: 5, seq: 4 });
  });

  it('a removed header or signature line', async () => {
    expect(await check(copy().slice(1))).toMatchObject({ reason: 'badHeader', line: 1 });
    expect(await check(copy().slice(0, -1))).toMatchObject({
      reason: 'noSignature',
      line: N + 2,
      records: N,
    });
  });

  it('a changed head, signature, or signature encoding: on the signature line', async () => {
    let lines = copy();
    editLine(lines, N + 1, (v) => {
      v.head = sha256Hex('another');
    });
    expect(await check(lines)).toMatchObject({ reason: 'chainBroken', line: N + 2 });
    lines = copy();
    editLine(lines, N + 1, (v) => {
      const sig = Buffer.from(v.sig as string, 'base64url');
      sig[10] = (sig[10] as number) ^ 1;
      v.sig = sig.toString('base64url');
    });
    expect(await check(lines)).toMatchObject({ reason: 'badSignature', line: N + 2, seq: N });
    // The last of 86 characters carries 4 unused bits: another letter, the same bytes. Refused.
    lines = copy();
    editLine(lines, N + 1, (v) => {
      const s = v.sig as string;
      const last = 'AQgw'.indexOf(s.at(-1) as string);
      expect(last).toBeGreaterThanOrEqual(0);
      v.sig = s.slice(0, -1) + 'BRhx'[last];
    });
    expect(await check(lines)).toMatchObject({ reason: 'badSignature', line: N + 2 });
    expect((await check(lines)).detail).toMatch(/canonical base64url/);
    lines = copy();
    editLine(lines, N + 1, (v) => {
      v.sig = `${v.sig}==`;
    });
    expect(await check(lines)).toMatchObject({ reason: 'badSignature', line: N + 2 });
  });

  it('a log checked against another key of the drone', async () => {
    const other = droneKey();
    const v = await verifyFlightLog(log.text, () => ({ publicKey: other.publicKey, revoked: false }));
    expect(v).toMatchObject({ valid: false, reason: 'badSignature', line: N + 2, records: N });
  });

  it('a header of another version, or a record outside the telemetry contract, even correctly signed', async () => {
    let lines = copy();
    editLine(lines, 0, (v) => {
      v.version = 2;
    });
    relink(lines, key.privateKey);
    expect(await check(lines)).toMatchObject({ reason: 'unsupported', line: 1, droneId: DRONE });
    for (const [edit, detail] of [
      [(v: Record<string, unknown>) => Object.assign(v, { battery: 101 }), /battery/],
      [(v: Record<string, unknown>) => Object.assign(v, { altitude: 3 }), /unknown field "altitude"/],
      [(v: Record<string, unknown>) => Object.assign(v, { type: 'header' }), /record or the signature/],
      [(v: Record<string, unknown>) => Object.assign(v, { workType: 1.5 }), /workType/],
    ] as const) {
      lines = copy();
      editLine(lines, 3, edit);
      relink(lines, key.privateKey);
      const v = await check(lines);
      expect(v).toMatchObject({ reason: 'badRecord', line: 4 });
      expect(v.detail).toMatch(detail);
    }
  });
});

describe('canonical form', () => {
  it('names the first line that is not canonical: whitespace, key order, number and string forms', async () => {
    const cases: [number, (l: string) => string][] = [
      [3, (l) => l.replace(':', ': ')],
      [3, (l) => l.replace(/^\{("battery":[^,]+),("cropId":[^,]+),/, '{$2,$1,')],
      [5, (l) => l.replace('"swath":6,', '"swath":6.0,')],
      [5, (l) => l.replace('"swath":6,', '"swath":6e0,')],
      [2, (l) => l.replace('"flow":0,', '"flow":-0,')],
      [7, (l) => l.replace('"mode":"auto"', '"mode":"\\u0061uto"')],
      [7, (l) => l.replace('"mode":"auto"', '"mode":"auto","mode":"auto"')],
      [0, (l) => `${l} `],
      [N + 1, (l) => l.replace('{', '{ ')],
    ];
    for (const [index, change] of cases) {
      const lines = copy();
      const before = lines[index];
      lines[index] = change(before as string);
      expect(lines[index], change.toString()).not.toBe(before);
      const v = await check(lines);
      expect(v, lines[index]).toMatchObject({ valid: false, reason: 'notCanonical', line: index + 1 });
    }
  });

  it('refuses a non-canonical record even when its hashes and signature are right (the NPNT failure)', async () => {
    const lines = copy();
    // A producer that writes its own JSON (keys in insertion order) and chains and signs those bytes.
    const v = JSON.parse(lines[3] as string);
    lines[3] = JSON.stringify({ type: v.type, seq: v.seq, prev: v.prev, ...v });
    relink(lines, key.privateKey);
    const verdict = await check(lines);
    expect(verdict).toMatchObject({ valid: false, reason: 'notCanonical', line: 4, records: 2 });
    expect(verdict.detail).toMatch(/character 3/);
  });
});
