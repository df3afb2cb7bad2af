/**
 * Drone-signed flight logs from the field, through the composition `npm start` uses: maker A
 * registers its drone's flight-log key, the drone's sortie comes in by POST /api/telemetry/batch
 * (the account key) and the tracker closes it; the ground station uploads the sortie's signed log
 * (POST /api/telemetry/flightlog, same key); the flight history (getHistoryFlyList) then marks the
 * sortie "log verified", and the log comes back byte for byte. A changed byte is refused (422, the
 * line named) and marks nothing; another account's key or drone is refused; parallel uploads of one
 * log keep it once.
 */
import { generateKeyPairSync } from 'node:crypto';
import {
  FIRMWARE_PATHS,
  FLIGHT_LOG_DOWNLOAD_PATH,
  FLIGHT_LOG_UPLOAD_PATH,
  type FlightLogReceipt,
  type SortieRecord,
} from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalize, ed25519KeyId, writeFlightLog } from '../src/modules/firmware/flightLog/index.ts';
import { blowing, httpSender } from './anomalyFlights.ts';
import { dataOf, type FirmwareApp, fileUpload, firmwareApp, send } from './firmware.kit.ts';
import { keyFor } from './telemetryKit.ts';

let f: FirmwareApp;
let basic: string;
let sortieId: number;
const drone = generateKeyPairSync('ed25519');
const keyId = ed25519KeyId(drone.publicKey);
const START = Date.now() - 20 * 60_000;
const points = blowing(START);
const log = () =>
  writeFlightLog({
    droneId: f.droneA,
    sortieId: 'S-field-1',
    keyId,
    privateKey: drone.privateKey,
    records: points,
  });

const upload = (text: string | Buffer, authorization: string | null = basic, lang = 'en') => {
  const mp = fileUpload('log', 'sortie.jsonl', text);
  return f.t.app.inject({
    method: 'POST',
    url: FLIGHT_LOG_UPLOAD_PATH,
    payload: mp.payload,
    headers: { ...mp.headers, 'accept-language': lang, ...(authorization ? { authorization } : {}) },
  });
};
const history = async (who: Record<string, string>) => {
  const res = await send(
    f,
    { method: 'GET', url: `/api/drone/mointor/manage/getHistoryFlyList?droneId=${f.droneA}&pageSize=50` },
    who,
  );
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<{ records: SortieRecord[] }>(res).records;
};
const keptRows = async () =>
  Number(
    (
      await f.t.db
        .selectFrom('flight_logs')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  f = await firmwareApp();
  const key = await keyFor(f.t, 'flightlog-upload');
  basic = `Basic ${Buffer.from(`${key.vid}:${key.secret}`).toString('base64')}`;
  const reg = await send(
    f,
    {
      method: 'POST',
      url: FIRMWARE_PATHS.dronekey,
      payload: {
        droneId: f.droneA,
        publicKey: drone.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
      },
    },
    f.auth.makerA,
  );
  if (reg.statusCode !== 200) throw new Error(reg.body);
  await httpSender(f.t, key)(f.droneA, points);
  for (const until = Date.now() + 20_000; Date.now() < until; ) {
    const row = await f.t.db
      .selectFrom('sorties')
      .select('sortie_id')
      .where('drone_id', '=', f.droneA)
      .where('start_time', '>=', new Date(START))
      .executeTakeFirst();
    if (row) {
      sortieId = row.sortie_id;
      break;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  if (!sortieId) throw new Error('the tracker did not close the sortie');
});
afterAll(async () => {
  await f?.t.close();
});

describe('flight logs from the field', () => {
  it('a tampered log is refused with its line named, in the caller’s language, and marks nothing', async () => {
    const lines = log().slice(0, -1).split('\n');
    const rec = JSON.parse(lines[20] as string);
    rec.lat += 0.0001;
    lines[20] = canonicalize(rec);
    const res = await upload(`${lines.join('\n')}\n`, basic, 'zh');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('第 22 行：哈希链断裂：此行或上一行被修改');
    expect(await keptRows()).toBe(0);
    const mine = (await history(f.auth.makerA)).find((r) => r.sortieId === sortieId);
    expect(mine?.logVerified).toBe(false);
  });

  it('the signed log is kept, its sortie reads "log verified", and it comes back byte for byte', async () => {
    const res = await upload(log());
    expect(res.statusCode, res.body).toBe(200);
    const r = dataOf<FlightLogReceipt>(res);
    expect(r).toMatchObject({
      droneId: f.droneA,
      logSortieId: 'S-field-1',
      keyId,
      kept: true,
      records: points.length,
    });
    expect(r.sortieIds).toEqual([sortieId]);
    for (const who of [f.auth.makerA, f.auth.platform]) {
      const mine = (await history(who)).find((x) => x.sortieId === sortieId);
      expect(mine?.logVerified).toBe(true);
    }
    const back = await send(
      f,
      { method: 'GET', url: `${FLIGHT_LOG_DOWNLOAD_PATH}?sortieId=${sortieId}` },
      f.auth.makerA,
    );
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-disposition']).toContain('attachment');
    expect(back.body).toBe(log());
    // verifylog (the firmware screen) names the console sortie the log covers.
    const mp = fileUpload('log', 'x.jsonl', log());
    const v = await send(
      f,
      { method: 'POST', url: FIRMWARE_PATHS.verifylog, payload: mp.payload, headers: mp.headers },
      f.auth.makerA,
    );
    expect(dataOf<{ valid: boolean; sortieIds: number[] }>(v)).toMatchObject({
      valid: true,
      sortieIds: [sortieId],
    });
  });

  it('ten uploads of one log at once keep it once', async () => {
    const all = await Promise.all(Array.from({ length: 10 }, () => upload(log())));
    expect(all.map((x) => x.statusCode)).toEqual(Array(10).fill(200));
    expect(all.filter((x) => dataOf<FlightLogReceipt>(x).kept)).toEqual([]);
    expect(await keptRows()).toBe(1);
  });

  it('refuses callers without the key, and keys that may not send for the drone', async () => {
    expect((await upload(log(), null)).statusCode).toBe(401);
    expect((await upload(log(), `Basic ${Buffer.from('nobody:wrong').toString('base64')}`)).statusCode).toBe(
      401,
    );
    // Maker B's key: maker A's drone is as unknown as no drone at all.
    const b = await f.t.app.inject({
      method: 'PUT',
      url: '/api/user/account/secretKey',
      payload: { vid: 'flightlog-b' },
      headers: f.auth.makerB,
    });
    expect(b.statusCode).toBe(200);
    const text = (
      await f.t.app.inject({ method: 'GET', url: '/api/user/account/secretKey', headers: f.auth.makerB })
    ).body;
    const secretB = /secret=(.+)/.exec(text)?.[1] as string;
    const res = await upload(log(), `Basic ${Buffer.from(`flightlog-b:${secretB}`).toString('base64')}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Line 1: Unknown drone or flight-log key');
    // Not a log at all; no file part.
    expect((await upload('hello\n')).statusCode).toBe(422);
    const none = fileUpload('file', 'x', 'x');
    expect(
      (
        await f.t.app.inject({
          method: 'POST',
          url: FLIGHT_LOG_UPLOAD_PATH,
          payload: none.payload,
          headers: { ...none.headers, authorization: basic },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('the kept log is the sortie’s viewers’ only: 401, 403 for a role without history, 404 for another tenant', async () => {
    const url = `${FLIGHT_LOG_DOWNLOAD_PATH}?sortieId=${sortieId}`;
    expect((await send(f, { method: 'GET', url }, null)).statusCode).toBe(401);
    expect((await send(f, { method: 'GET', url }, f.auth.leaseManager)).statusCode).toBe(403);
    expect((await send(f, { method: 'GET', url }, f.auth.makerB)).statusCode).toBe(404);
    expect(
      (await send(f, { method: 'GET', url: `${FLIGHT_LOG_DOWNLOAD_PATH}?sortieId=abc` }, f.auth.makerA))
        .statusCode,
    ).toBe(400);
  });
});
