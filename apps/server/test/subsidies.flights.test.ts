/**
 * An independent check of the subsidy evidence (issue 22 acceptance): sorties with known area,
 * dose and position are flown through the real transport (POST /api/telemetry/batch, the tracker
 * closes each at landing, anomalies are raised as in production), the demo government computes
 * its province's scheme through the API, and the test compares monitored, qualified and paid area
 * and the reasons with its own truth:
 *
 *   sound      8 passes of 200 m x 6 m, 7 m apart, in Jiangsu, dose inside the medicine's range: all paid;
 *   overdosed  the same 500 m east at three times the flow: doseOutOfRange, nothing paid;
 *   again      4 of the sound sortie's passes flown again later: overlap, nothing paid;
 *   no-fly     passes 100-150 m inside the Yancheng airport zone: noFly, nothing paid;
 *   border     rows across Jiangsu's western border, 75 of their 200 m outside: about 3/8 outsideRegion;
 *   outside    a field in Henan: not part of the Jiangsu scheme at all;
 *   block      then, computed again without a medicine, an overdosed sortie on a block that names
 *              one: doseOutOfRange against the block's medicine, and nothing else dose-judged.
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import { SUBSIDY_CALLS, SUBSIDY_LIST_PATH, SUBSIDY_PATH, wallClock } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regionAt } from '../src/modules/regions/geo/regionAt.ts';
import type { LngLat } from '../src/sim/flight/geo.ts';
import { type Leg, track } from '../src/telemetry/anomalies/testkit.ts';
import { AIRPORT, httpSender, type Send } from './anomalyFlights.ts';
import { createTestApp } from './helper.ts';
import { type SubsidiesKit, subsidiesKit } from './subsidies.kit.ts';
import { keyFor } from './telemetryKit.ts';

const JIANGSU = 156320000;
const SWATH = 6;
const SPEED = 5;
/** 8 passes x 200 m x 6 m. */
const FIELD_MU = (8 * 200 * SWATH) / (2000 / 3);

let k: SubsidiesKit;
let send: Send;
let drones: string[];
let range: { min: number; max: number; medId: number };
const start = Date.now() - 6 * 3600_000;
const year = wallClock(start, 'Asia/Shanghai').y;

const ground = (p: TelemetryPoint, recordTime: number): TelemetryPoint => ({
  ...p,
  recordTime,
  height: 0,
  speed: 0,
  pump: false,
  flow: 0,
});

/** `n` spraying passes of 200 m north/south from `x0` m east of the origin, 7 m apart; pump off between. */
function passes(n: number, x0: number, flow: number): Leg[] {
  const legs: Leg[] = [];
  for (let i = 0; i < n; i++) {
    const x = x0 + i * 7;
    const north = i % 2 === 0;
    legs.push({
      from: [x, north ? 0 : 200],
      to: [x, north ? 200 : 0],
      speed: SPEED,
      with: { flow, swath: SWATH, pump: true },
    });
    legs.push({
      from: [x, north ? 200 : 0],
      to: [x + 7, north ? 200 : 0],
      speed: 2,
      with: { pump: false, flow: 0 },
    });
  }
  return legs;
}

/** `n` spraying passes of 200 m east/west, 7 m apart northwards; pump off between. */
function rows(n: number, flow: number): Leg[] {
  const legs: Leg[] = [];
  for (let i = 0; i < n; i++) {
    const y = i * 7;
    const east = i % 2 === 0;
    legs.push({
      from: [east ? 0 : 200, y],
      to: [east ? 200 : 0, y],
      speed: SPEED,
      with: { flow, swath: SWATH, pump: true },
    });
    legs.push({
      from: [east ? 200 : 0, y],
      to: [east ? 200 : 0, y + 7],
      speed: 2,
      with: { pump: false, flow: 0 },
    });
  }
  return legs;
}

/** Ground 5 s, the legs at 5 Hz, ground 6 s: one sortie that lands. */
function flight(origin: LngLat, legs: Leg[], at: number): TelemetryPoint[] {
  const air = track(origin, legs, { start: at + 5_000, rateHz: 5 });
  const first = air[0] as TelemetryPoint;
  const last = air.at(-1) as TelemetryPoint;
  return [
    ...Array.from({ length: 5 }, (_, i) => ground(first, at + i * 1000)),
    ...air,
    ...Array.from({ length: 6 }, (_, i) => ground(last, last.recordTime + (i + 1) * 1000)),
  ];
}

/** Flow (L/min) that applies `dose` L/mu at the passes' speed and swath. */
const flowFor = (dose: number) => dose * ((SPEED * SWATH * 60) / (2000 / 3));

/** A point on Jiangsu's western border at latitude `lat` (bisection of regionAt). */
function border(lat: number): number {
  let [west, east] = [116.0, 117.6];
  const isJs = (lng: number) => regionAt(lng, lat).province === JIANGSU;
  expect(isJs(east)).toBe(true);
  expect(isJs(west)).toBe(false);
  for (let i = 0; i < 40; i++) {
    const mid = (west + east) / 2;
    if (isJs(mid)) east = mid;
    else west = mid;
  }
  return east;
}

async function landed(droneId: string, n: number) {
  for (const until = Date.now() + 30_000; Date.now() < until; ) {
    await k.t.app.telemetry.writer.drain();
    const c = await k.t.db
      .selectFrom('sorties')
      .select('sortie_id')
      .where('drone_id', '=', droneId)
      .execute();
    if (c.length >= n) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 300));
  await k.t.app.telemetry.writer.drain();
  return k.t.db
    .selectFrom('sorties')
    .select(['sortie_id', 'area_mu', 'volume_l', 'start_time'])
    .where('drone_id', '=', droneId)
    .orderBy('start_time')
    .execute();
}

interface Line {
  sortieId: number;
  monitoredMu: number;
  qualifiedMu: number;
  paidMu: number;
  amountFen: number;
  deductions: { reason: string; mu: number }[];
  doseLPerMu: number;
}

/** The evidence lines of operator A's subsidy of the Jiangsu scheme, as the government reads them. */
async function operatorLines(): Promise<Line[]> {
  const list = (await k.call('government', 'GET', `${SUBSIDY_LIST_PATH}?year=${year}&pageSize=50`)).json()
    .data;
  const mine = list.records.find(
    (x: { yyAccountId: number; region: number }) => x.yyAccountId === k.ids.operatorA && x.region === JIANGSU,
  );
  const res = await k.call(
    'government',
    'GET',
    `${SUBSIDY_PATH}/${mine.subsidyId}/${SUBSIDY_CALLS.sorties}?pageSize=50`,
  );
  return res.json().data.records as Line[];
}

beforeAll(async () => {
  k = await subsidiesKit(await createTestApp());
  send = httpSender(k.t, await keyFor(k.t, 'subsidy-flights'));
  drones = (
    await k.t.db
      .selectFrom('drones as d')
      .innerJoin('accounts as z', 'z.id', 'd.zz_account_id')
      .select('d.drone_id')
      .where('z.account_name', '=', '极翼植保无人机有限公司')
      .where('d.yy_account_id', '=', k.ids.operatorA)
      .orderBy('d.drone_id')
      .limit(4)
      .execute()
  ).map((d) => d.drone_id);
  const med = await k.t.db
    .selectFrom('medicines' as never)
    .select(['med_id as medId', 'min_l_per_mu as min', 'max_l_per_mu as max'] as never)
    .limit(1)
    .executeTakeFirstOrThrow();
  range = med as unknown as typeof range;
}, 120_000);
afterAll(() => k?.t.close());

describe('subsidy evidence of flown sorties', () => {
  it('gives the monitored, qualified and paid area and the reasons of each flight', async () => {
    const field: LngLat = { lng: 119.9, lat: 32.45 }; // Taizhou, Jiangsu
    const good = flowFor((range.min + range.max) / 2);
    const [a, b, e, c] = drones as [string, string, string, string];
    const min = 60_000;
    await send(a, flight(field, passes(8, 0, good), start));
    await send(a, flight(field, passes(8, 500, good * 3), start + 20 * min));
    await send(a, flight(field, passes(4, 0, good), start + 40 * min));
    await send(b, flight({ lng: AIRPORT.lng, lat: AIRPORT.lat }, passes(8, 3850, good), start));
    const lat = 34.1;
    const edge = border(lat);
    const dLng = 1 / (111_320 * Math.cos((lat * Math.PI) / 180));
    // Rows east-west from 75 m west of the border: 3/8 of each row outside, 5/8 inside.
    const across = flight({ lng: edge - 75 * dLng, lat }, rows(8, good), start);
    await send(e, across);
    // Truth: the share of the spraying samples the region data places outside Jiangsu.
    const spraying = across.filter((p) => p.pump);
    const truth =
      spraying.filter((p) => regionAt(p.lng, p.lat).province !== JIANGSU).length / spraying.length;
    expect(truth).toBeGreaterThan(0.1);
    expect(truth).toBeLessThan(0.6);
    await send(c, flight({ lng: 114.61, lat: 33.54 }, passes(8, 0, good), start));
    const sa = await landed(a, 3);
    const sb = [...(await landed(b, 1)), ...(await landed(e, 1))];
    const sc = await landed(c, 1);
    expect(sa).toHaveLength(3);
    expect(sb).toHaveLength(2);
    for (const s of [sa[0], sa[1], sb[0], sb[1]]) expect(s?.area_mu).toBeCloseTo(FIELD_MU, 0);

    await k.rates('government', JIANGSU, 1000, year);
    const r = await k.call('government', 'POST', '/api/drone/subsidy/manage/compute', {
      year,
      region: JIANGSU,
      medId: range.medId,
    });
    expect(r.statusCode, r.body).toBe(200);
    const lines = await operatorLines();
    const line = (id: number | string) => lines.find((l) => l.sortieId === Number(id));
    expect(lines.map((l) => l.sortieId).sort()).toEqual(
      [...sa, ...sb].map((s) => Number(s.sortie_id)).sort(),
    );
    expect(line(sc[0]?.sortie_id as number)).toBeUndefined();

    const sound = line(sa[0]?.sortie_id as number);
    expect(sound).toMatchObject({ deductions: [] });
    expect(sound?.paidMu).toBeCloseTo(FIELD_MU, 0);
    expect(sound?.amountFen).toBe(Math.round((sound?.paidMu as number) * 1000));
    expect(sound?.doseLPerMu).toBeGreaterThanOrEqual(range.min);
    expect(sound?.doseLPerMu).toBeLessThanOrEqual(range.max);

    const over = line(sa[1]?.sortie_id as number);
    expect(over?.deductions.map((d) => d.reason)).toEqual(['doseOutOfRange']);
    expect(over).toMatchObject({ qualifiedMu: 0, paidMu: 0 });

    const again = line(sa[2]?.sortie_id as number);
    expect(again?.deductions.map((d) => d.reason)).toEqual(['overlap']);
    expect(again?.deductions[0]?.mu).toBeCloseTo(FIELD_MU / 2, 0);
    expect(again?.paidMu).toBeLessThan(0.05 * FIELD_MU);

    const nofly = line(sb[0]?.sortie_id as number);
    expect(nofly?.deductions.map((d) => d.reason)).toEqual(['noFly']);
    expect(nofly?.paidMu).toBe(0);

    const edgeLine = line(sb[1]?.sortie_id as number);
    expect(edgeLine?.deductions.map((d) => d.reason)).toEqual(['outsideRegion']);
    const share = (edgeLine?.deductions[0]?.mu as number) / (edgeLine?.monitoredMu as number);
    expect(Math.abs(share - truth)).toBeLessThan(0.08);
    expect(edgeLine?.paidMu).toBeCloseTo((edgeLine?.monitoredMu as number) * (1 - share), 3);
  }, 180_000);

  it('judges the dose on a block against the medicine the block names, where the scheme names none', async () => {
    // A block 3 km east of the field, naming the medicine; an overdosed sortie on it.
    const origin: LngLat = { lng: 119.93, lat: 32.45 };
    const dLng = 1 / (111_320 * Math.cos((origin.lat * Math.PI) / 180));
    const dLat = 1 / 110_574;
    const corner = (x: number, y: number) => [origin.lng + x * dLng, origin.lat + y * dLat];
    const made = await k.call('operatorA', 'POST', '/api/drone/block/manage', {
      blockName: '药剂地块',
      medId: range.medId,
      geometry: {
        type: 'Polygon',
        coordinates: [
          [corner(-20, -20), corner(80, -20), corner(80, 220), corner(-20, 220), corner(-20, -20)],
        ],
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const good = flowFor((range.min + range.max) / 2);
    const [a] = drones as [string];
    await send(a, flight(origin, passes(8, 0, good * 3), start + 60 * 60_000));
    const onBlock = (await landed(a, 4)).at(-1);
    const r = await k.call('government', 'POST', '/api/drone/subsidy/manage/compute', {
      year,
      region: JIANGSU,
    });
    expect(r.statusCode, r.body).toBe(200);
    const lines = await operatorLines();
    const line = lines.find((l) => l.sortieId === Number(onBlock?.sortie_id));
    expect(line?.deductions.map((d) => d.reason)).toEqual(['doseOutOfRange']);
    // The overdosed sortie of the first test lies on no block: with no medicine named, unjudged.
    expect(lines.filter((l) => l.deductions.some((d) => d.reason === 'doseOutOfRange'))).toHaveLength(1);
  }, 120_000);
});
