/**
 * A drone's messages are taken in the order they came (ingest/pipeline.ts): a message that finds
 * the drone cached is not taken before earlier ones still waiting for the directory to load it
 * (else the earlier points would be dropped as duplicates of the later one).
 */
import type { TelemetryPoint } from '@agrifleet/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestResult } from '../src/telemetry/ingest/pipeline.ts';
import { createTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let droneId: string;

beforeAll(async () => {
  t = await createTestApp();
  const d = await t.db
    .selectFrom('drones as d')
    .innerJoin('accounts as a', 'a.id', 'd.zz_account_id')
    .select('d.drone_id')
    .where('a.account_name', '=', '极翼植保无人机有限公司')
    .orderBy('d.drone_id')
    .executeTakeFirstOrThrow();
  droneId = d.drone_id;
});
afterAll(async () => {
  await t?.close();
});

const base = Date.now() - 60_000;
const point = (i: number): TelemetryPoint => ({
  recordTime: base + i * 200,
  lng: 120.5 + i * 1e-5,
  lat: 33.2,
  height: 0,
  speed: 0,
  heading: 0,
  battery: 90,
  flow: 0,
  swath: 5,
  tank: 10,
  pump: false,
  mode: 'manual',
});

describe('ingest order', () => {
  it("takes a message that finds the drone cached after the drone's messages still waiting for it", async () => {
    const { ingest, directory } = t.app.telemetry;
    directory.forget((id) => id === droneId);
    let late: Promise<IngestResult> | null = null;
    // Runs as soon as the lookup below is answered: the drone is cached, three messages wait.
    const lookup = directory.get(droneId).then(() => {
      late = ingest.ingest(droneId, [point(4)], null);
    });
    const early = [1, 2, 3].map((i) => ingest.ingest(droneId, [point(i)], null));
    await lookup;
    const results = await Promise.all([...early, late as unknown as Promise<IngestResult>]);
    expect(results.map((r) => [r.accepted, r.duplicates])).toEqual([
      [1, 0],
      [1, 0],
      [1, 0],
      [1, 0],
    ]);
  });
});
