/**
 * verifylog (docs/api.md "Firmware") through the real app: a drone's maker registers its flight-log
 * key, a log written and signed with the flight log library's writer verifies valid; a changed record
 * names the first broken line in the caller's language; the platform verifies every drone's logs,
 * another maker gets for a drone of someone else's exactly the answer of a drone that does not exist;
 * a revoked key makes the log invalid; what is not a log is a verdict, never a 5xx.
 */
import { generateKeyPairSync } from 'node:crypto';
import { FIRMWARE_PATHS, type FlightLogVerdictBody } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalize, ed25519KeyId, writeFlightLog } from '../src/modules/firmware/flightLog/index.ts';
import { sampleSortie } from '../src/modules/firmware/flightLog/sample.ts';
import { dataOf, type FirmwareApp, fileUpload, firmwareApp, firmwareBytes, send } from './firmware.kit.ts';

const P = FIRMWARE_PATHS;
let f: FirmwareApp;
const drone = generateKeyPairSync('ed25519');
const keyId = ed25519KeyId(drone.publicKey);

beforeAll(async () => {
  f = await firmwareApp();
  const res = await send(
    f,
    {
      method: 'POST',
      url: P.dronekey,
      payload: {
        droneId: f.droneA,
        publicKey: drone.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
      },
    },
    f.auth.makerA,
  );
  if (res.statusCode !== 200) throw new Error(res.body);
});
afterAll(async () => {
  await f?.t.close();
});

const logOf = (droneId: string, records = 40) =>
  writeFlightLog({
    droneId,
    sortieId: 'S-1',
    keyId,
    privateKey: drone.privateKey,
    records: sampleSortie(records),
  });

const verifylog = async (who: Record<string, string>, text: string | Buffer, lang = 'en', field = 'log') => {
  const mp = fileUpload(field, 'sortie.jsonl', text);
  return send(f, { method: 'POST', url: P.verifylog, payload: mp.payload, headers: mp.headers }, who, lang);
};
const verdict = async (who: Record<string, string>, text: string | Buffer, lang = 'en') => {
  const res = await verifylog(who, text, lang);
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<FlightLogVerdictBody>(res);
};

describe('verifylog', () => {
  it('a log signed by the drone’s registered key is valid, for its maker and the platform', async () => {
    const text = logOf(f.droneA);
    for (const who of [f.auth.makerA, f.auth.platform]) {
      const v = await verdict(who, text);
      expect(v).toMatchObject({
        valid: true,
        reason: 'ok',
        message: 'Valid: the log is whole and its signature holds',
        line: null,
        droneId: f.droneA,
        sortieId: 'S-1',
        keyId,
        records: 40,
      });
      expect(v.head).toMatch(/^[0-9a-f]{64}$/);
    }
    // The file part may also be called `file`.
    expect((await verifylog(f.auth.makerA, text, 'en', 'file')).statusCode).toBe(200);
  });

  it('a changed record breaks the chain at the next line, named in the caller’s language', async () => {
    const lines = logOf(f.droneA).slice(0, -1).split('\n');
    const k = 10;
    const rec = JSON.parse(lines[k] as string);
    rec.flow = rec.flow + 0.01;
    lines[k] = canonicalize(rec);
    const text = `${lines.join('\n')}\n`;
    const v = await verdict(f.auth.makerA, text);
    expect(v).toMatchObject({ valid: false, reason: 'chainBroken', line: k + 2, records: k });
    expect(v.message).toBe(
      `Line ${k + 2}: The hash chain breaks: this line or the one before it was changed`,
    );
    const zh = await verdict(f.auth.makerA, text, 'zh');
    expect(zh.message).toBe(`第 ${k + 2} 行：哈希链断裂：此行或上一行被修改`);
    // A removed record: the numbering jumps where it was.
    const cut = [...logOf(f.droneA).slice(0, -1).split('\n')];
    cut.splice(5, 1);
    expect(await verdict(f.auth.makerA, `${cut.join('\n')}\n`)).toMatchObject({ reason: 'seqGap', line: 6 });
  });

  it('another maker gets for a drone of maker A the same answer as for a drone that does not exist', async () => {
    const theirs = await verdict(f.auth.makerB, logOf(f.droneA));
    const nobody = await verdict(f.auth.makerB, logOf('NO-SUCH-DRONE-1'));
    expect(theirs).toMatchObject({ valid: false, reason: 'unknownKey', line: 1 });
    const { droneId: _a, ...a } = theirs;
    const { droneId: _b, ...b } = nobody;
    expect(a).toEqual(b);
    expect(theirs.message).toBe('Line 1: Unknown drone or flight-log key');
  });

  it('what is not a log is a verdict, never a 5xx', async () => {
    const cases: Array<[string | Buffer, string]> = [
      [Buffer.alloc(0), 'empty'],
      [firmwareBytes(3000), 'badEncoding'],
      ['{"a": 1}\n', 'notCanonical'],
      ['not json\n', 'badJson'],
      [logOf(f.droneA).slice(0, -1), 'unterminated'],
      [`${logOf(f.droneA)}\n`, 'trailingData'],
    ];
    for (const [text, reason] of cases) {
      const v = await verdict(f.auth.makerA, text);
      expect(v.valid).toBe(false);
      expect(v.reason).toBe(reason);
      expect(v.message.length).toBeGreaterThan(0);
    }
    // A file part of another name, or none: 400.
    expect((await verifylog(f.auth.makerA, 'x', 'en', 'firmware')).statusCode).toBe(400);
  });

  it('after the key is revoked its logs are invalid: revoked', async () => {
    const rev = await send(
      f,
      { method: 'POST', url: P.dronekeyRevoke, payload: { droneId: f.droneA, keyId } },
      f.auth.makerA,
    );
    expect(rev.statusCode).toBe(200);
    const v = await verdict(f.auth.makerA, logOf(f.droneA), 'ko');
    expect(v).toMatchObject({ valid: false, reason: 'revoked', line: 1 });
    expect(v.message).toBe('1번째 줄: 비행 기록 키가 폐기되었습니다');
  });
});
