/**
 * Subsidy computation for a county-year (issue 22 target: 50,000 sorties <= 10 s, and the same
 * figures to the cent when run again).
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/subsidy-compute.ts
 *
 * A real console on its own database (demo data) listening on HTTP. BENCH_SORTIES (50,000) sorties
 * of 200 bench drones owned by the demo operators are stored directly with their tracks (4 spraying
 * passes of 100 m, swath 6 m, about 90 points each) on 20,000 fields of one Jiangsu county over the
 * year 2025, so a field is sprayed again now and then (overlap); 1 % have no track and 1 % a no-fly
 * anomaly. The demo government enters a rate table and computes the county's regional scheme over
 * HTTP twice (POST compute); the bench prints the wall time of each, the server's own ms, and the
 * figures, and fails when the two differ.
 */
import { performance } from 'node:perf_hooks';
import { SUBSIDY_COMPUTE_PATH, SUBSIDY_RATES_PATH, type TelemetryPoint } from '@agrifleet/domain';
import { regionAt } from '../apps/server/src/modules/regions/geo/regionAt.ts';
import { sprayedArea } from '../apps/server/src/telemetry/area/sprayedArea.ts';
import { encodeTrack } from '../apps/server/src/telemetry/codec/trackCodec.ts';
import { registerBenchDrones, signIn, startBenchConsole } from './telemetry-kit.ts';

const SORTIES = Number(process.env.BENCH_SORTIES ?? 50_000);
const DRONES = 200;
const FIELDS = 20_000;
const YEAR = 2025;
const TARGET_MS = 10_000;

const step = (label: string, t0: number) =>
  process.stderr.write(`subsidy-compute: ${label} (${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);

function passes(lng: number, lat: number, start: number): TelemetryPoint[] {
  const mLng = 1 / (111_320 * Math.cos((lat * Math.PI) / 180));
  const mLat = 1 / 110_574;
  const out: TelemetryPoint[] = [];
  let t = start;
  for (let p = 0; p < 4; p++) {
    for (let i = 0; i <= 20; i++) {
      const y = p % 2 === 0 ? i * 5 : 100 - i * 5;
      out.push({
        recordTime: t,
        lng: lng + p * 7 * mLng,
        lat: lat + y * mLat,
        height: 3,
        speed: 5,
        heading: p % 2 === 0 ? 0 : 180,
        battery: 90,
        flow: 2,
        pump: i < 20,
        swath: 6,
        tank: 10,
        mode: 'auto',
      } as TelemetryPoint);
      t += 1000;
    }
  }
  return out;
}

const bench = await startBenchConsole({ drones: 0 });
try {
  const db = bench.db;
  const t0 = performance.now();
  await registerBenchDrones(db, DRONES, { owned: true });
  const drones = await db
    .selectFrom('drones')
    .select(['drone_id', 'yy_account_id', 'zz_account_id', 'model_id'])
    .where('drone_id', 'like', 'BEN%')
    .orderBy('drone_id')
    .execute();
  const base = regionAt(120.25, 33.78);
  const county = (base.county ?? base.city) as number;
  // Fields inside the county.
  const fields: { lng: number; lat: number; r: ReturnType<typeof regionAt> }[] = [];
  let seed = 1;
  const rnd = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  while (fields.length < FIELDS) {
    const lng = 120.25 + (rnd() - 0.5) * 0.4;
    const lat = 33.78 + (rnd() - 0.5) * 0.4;
    const r = regionAt(lng, lat);
    if ((r.county ?? r.city) === county) fields.push({ lng, lat, r });
  }
  step(`${fields.length} fields in county ${county}`, t0);
  const yearStart = Date.UTC(YEAR, 0, 1) - 8 * 3_600_000;
  for (let i = 0; i < SORTIES; i += 1000) {
    const rows = [];
    const batchTracks: (Uint8Array | null)[] = [];
    for (let n = i; n < Math.min(SORTIES, i + 1000); n++) {
      const f = fields[(n * 7919) % FIELDS] as (typeof fields)[number];
      const d = drones[n % DRONES] as (typeof drones)[number];
      const start = yearStart + 3_600_000 + Math.floor((n / SORTIES) * 360 * 86_400_000) + (n % 97) * 1000;
      const pts = passes(f.lng + ((n % 3) - 1) * 0.00003, f.lat, start);
      const a = sprayedArea(pts);
      rows.push({
        drone_id: d.drone_id,
        start_time: new Date(start),
        end_time: new Date(start + pts.length * 1000),
        duration_s: pts.length,
        distance_m: 430,
        spray_distance_m: 400,
        area_m2: a.areaM2,
        area_mu: a.areaMu,
        volume_l: a.volumeL,
        spray_time_s: 80,
        max_height_m: 3,
        battery_start: 90,
        battery_end: 60,
        point_count: pts.length,
        lng: f.lng,
        lat: f.lat + 0.00045,
        country_code: f.r.country,
        province_code: f.r.province,
        city_code: f.r.city,
        county_code: f.r.county,
        zz_account_id: d.zz_account_id,
        yy_account_id: d.yy_account_id,
        model_id: d.model_id,
        end_reason: 'landed' as const,
      });
      batchTracks.push(n % 100 === 7 ? null : encodeTrack(pts));
    }
    const ids = await db
      .insertInto('sorties')
      .values(rows)
      .returning(['sortie_id', 'drone_id', 'start_time'])
      .execute();
    const withTrack = ids
      .map((r, k) => ({ sortie_id: r.sortie_id, drone_id: r.drone_id, track: batchTracks[k] }))
      .filter((r): r is { sortie_id: number; drone_id: string; track: Uint8Array } => r.track != null);
    await db.insertInto('sortie_tracks').values(withTrack).execute();
    const nofly = ids.filter((_, k) => (i + k) % 100 === 13);
    if (nofly.length)
      await db
        .insertInto('anomalies')
        .values(
          nofly.map((r) => ({
            drone_id: r.drone_id,
            odd_type: 1,
            time: new Date(r.start_time.getTime() + 30_000),
            lng: 120.25,
            lat: 33.78,
            sortie_id: r.sortie_id,
            detail: '{}',
            zz_account_id: bench.makerId,
          })),
        )
        .execute();
  }
  step(`${SORTIES} sorties stored`, t0);

  const token = await signIn(bench.baseUrl, '13800000002');
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${bench.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; data: Record<string, number>; message: string };
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${json.message}`);
    return json.data;
  };
  await post(SUBSIDY_RATES_PATH, {
    region: 156320000,
    year: YEAR,
    rows: [
      { regionCode: 156320000, cropId: null, terrain: 'plain', fenPerMu: 1000 },
      { regionCode: 156320000, cropId: null, terrain: 'hill', fenPerMu: 1500 },
    ],
  });
  const runs: Record<string, number>[] = [];
  for (let r = 0; r < 2; r++) {
    const w0 = performance.now();
    const d = await post(SUBSIDY_COMPUTE_PATH, { year: YEAR, region: county });
    runs.push({ wallMs: Math.round(performance.now() - w0), ...d });
    step(`compute ${r + 1}`, t0);
  }
  const [a = {}, b = {}] = runs;
  const same = ['subsidies', 'sorties', 'monitoredMu', 'qualifiedMu', 'paidMu', 'amountFen'].every(
    (k) => a[k] === b[k],
  );
  const byReason = await db
    .selectFrom('subsidies')
    .select(['by_reason'])
    .where('programme_key', '=', `r:${county}:${YEAR}`)
    .execute();
  const reasons: Record<string, number> = {};
  for (const r of byReason)
    for (const [k, v] of Object.entries(r.by_reason as Record<string, number>))
      reasons[k] = Math.round(((reasons[k] ?? 0) + v) * 10_000) / 10_000;
  const out = {
    sorties: SORTIES,
    county,
    postgres: bench.postgres,
    runs,
    sameToTheCent: same,
    deductedMuByReason: reasons,
    targetMs: TARGET_MS,
    withinTarget: runs.every((r) => (r.wallMs as number) <= TARGET_MS),
  };
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  if (!same) process.exitCode = 1;
} finally {
  await bench.stop();
}
