/**
 * A sortie closed by silence is reopened, not duplicated, by the points that continue it (issue 20
 * #16), through the composition `npm start` uses: leased drones upload over POST
 * /api/telemetry/batch in 10-point batches; the console hears nothing for two minutes after 70 %
 * of a flight (its tracker's silence clock moved on: a lagging link, a restart); the stored
 * 'timeout' sortie is charged; then the drone resends the whole flight. The flight ends as ONE
 * sortie with the measures, statistics, leasing rollups and charge of the same flight uploaded in
 * one go by another drone, the earlier charge replaced and reversed in the ledger. Also when the
 * tracker's memory of the closed sortie is lost in between (a restart): the continuation, begun in
 * the air, is joined to it by the writer.
 */
import { type JobRecordPage, RENTAL_PATHS, type TelemetryPoint } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../src/platform/notify.ts';
import { DRONE_REGISTRY_CHANNEL } from '../src/telemetry/ingest/droneDirectory.ts';
import { until } from './commands.kit.ts';
import { createTestApp, fleetCallers, type TestApp } from './helper.ts';
import { batchKey, demoClient, freeDrones, leaseDirect } from './leasing.kit.ts';
import { cutOf, expectSameFlight, flightFigures, lagFlight, unbalancedTxns } from './sortieReopen.kit.ts';

let t: TestApp;
let basic: string;
let drones: string[];
let points: TelemetryPoint[];

beforeAll(async () => {
  t = await createTestApp();
  const { auth } = await fleetCallers(t);
  basic = await batchKey(t, auth.makerA as Record<string, string>, 'reopen-gw');
  const c = await demoClient(t, { muPriceMinor: 731, creditLimitMinor: 1_000_000_000 });
  drones = await freeDrones(t, 3);
  for (const d of drones) await leaseDirect(t, c, d, { model: 1, muPriceMinor: 731 });
  points = lagFlight(Date.now() - 15 * 60_000);
}, 60_000);
afterAll(() => t?.close());

async function upload(droneId: string, list: readonly TelemetryPoint[]) {
  for (let i = 0; i < list.length; i += 10) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/telemetry/batch',
      headers: { authorization: `Basic ${basic}` },
      payload: { drones: [{ droneId, points: list.slice(i, i + 10) }] },
    });
    expect(res.statusCode).toBe(200);
  }
}

const sortiesOf = (droneId: string) =>
  t.db.selectFrom('sorties').select(['sortie_id', 'end_reason']).where('drone_id', '=', droneId).execute();

/** Two minutes of silence as the console's tracker sees it, then its tick: the sortie times out. */
async function silence(droneId: string) {
  const ingest = t.app.telemetry.ingest;
  const s = ingest.drones.get(droneId);
  if (!s) throw new Error('no tracker');
  expect(s.tracker.airborne).toBe(true);
  s.receivedAt -= 120_000;
  ingest.tick();
  await t.app.telemetry.writer.drain();
  const stored = await sortiesOf(droneId);
  expect(stored.map((x) => x.end_reason)).toEqual(['timeout']);
  // Charged for what it had then.
  const first = await flightFigures(t.db, droneId);
  expect(first.current).toHaveLength(1);
  return first;
}

async function landedOnce(droneId: string) {
  await until(async () => {
    await t.app.telemetry.writer.drain();
    return (await sortiesOf(droneId)).some((s) => s.end_reason === 'landed');
  });
  await t.app.telemetry.writer.drain();
}

describe('a sortie closed by silence', () => {
  it('is reopened by the resent flight: one sortie, charged once, as the flight uploaded in one go', async () => {
    const [clean, drone] = drones as [string, string];
    await upload(clean, points);
    await landedOnce(clean);
    const expected = await flightFigures(t.db, clean);

    await upload(drone, points.slice(0, cutOf(points)));
    await t.app.telemetry.writer.drain();
    const first = await silence(drone);
    expect(first.sorties[0]?.area_mu).toBeLessThan(Number(expected.sorties[0]?.area_mu));

    await upload(drone, points);
    await landedOnce(drone);
    const got = await flightFigures(t.db, drone);
    expectSameFlight(got, expected);
    // The same row (its id kept), its earlier charge replaced by the whole flight's and reversed.
    expect(got.sorties[0]?.sortie_id).toBe(first.sorties[0]?.sortie_id);
    expect(got.charges).toHaveLength(2);
    expect(got.current[0]?.replaces_charge_id).toBe(first.current[0]?.id);
    expect(got.ledger.some((e) => e.ref.endsWith(':reopened'))).toBe(true);
    expect(await unbalancedTxns(t.db)).toEqual([]);

    // The work records list the flight once, at its whole charge.
    const { auth } = await fleetCallers(t);
    const res = await t.app.inject({
      method: 'GET',
      url: RENTAL_PATHS.jobRecord,
      query: { droneId: drone, kind: '2' },
      headers: auth.makerA,
    });
    expect(res.statusCode).toBe(200);
    const page = (res.json() as { data: JobRecordPage }).data;
    expect(page.records.map((r) => [r.sortieId, r.amount])).toEqual([
      [got.sorties[0]?.sortie_id, Number(expected.current[0]?.amount_minor)],
    ]);
  }, 90_000);

  it('is joined by a continuation begun in the air after the tracker forgot it (a restart)', async () => {
    const [clean, , drone] = drones as [string, string, string];
    const expected = await flightFigures(t.db, clean);
    await upload(drone, points.slice(0, cutOf(points)));
    await t.app.telemetry.writer.drain();
    const first = await silence(drone);

    // A restart: the drone's tracker state is gone and its stored sortie is the duplicate floor again.
    t.app.telemetry.ingest.drones.delete(drone);
    await notify(t.db, DRONE_REGISTRY_CHANNEL, drone);
    await until(() => t.app.telemetry.directory.peek(drone) === undefined);

    await upload(drone, points);
    await landedOnce(drone);
    const got = await flightFigures(t.db, drone);
    expectSameFlight(got, expected);
    expect(got.sorties[0]?.sortie_id).toBe(first.sorties[0]?.sortie_id);
    expect(await unbalancedTxns(t.db)).toEqual([]);
  }, 90_000);
});
