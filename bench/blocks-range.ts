/**
 * The monitor's blocks in the map range (issue 11 figure: p95 <= 50 ms with 100,000 blocks at
 * province zoom, over HTTP). Prints JSON.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/blocks-range.ts
 *
 * A real console on its own database (demo data) listening on HTTP; BENCH_BLOCKS (default 100,000)
 * random fields of 10-150 mu (convex polygons of 5-9 vertices) spread over Jiangsu, Anhui, Henan
 * and Shandong (lng 114-122, lat 31-36), owned round-robin by BENCH_OWNERS (default 50) operator
 * accounts, operator A (丰收) being one of them; then VACUUM ANALYZE. BENCH_RUNS (default 100)
 * GET /api/drone/mointor/manage/blocks per case, each at a random place of the area: province zoom
 * (a 6 x 4 degree range), city zoom (1 x 0.7) and field zoom (0.05 x 0.035), as the platform, the
 * Jiangsu government and operator A. Each case also reports the same query run in process
 * (`inProcess`: viewer and SQL, without HTTP, sign-in check and serialisation). BENCH_EXPLAIN=1 also
 * prints the plans of a province range's count parts (stderr).
 */
import { performance } from 'node:perf_hooks';
import { MONITOR_BASE } from '@agrifleet/domain';
import { sql } from 'kysely';
import { createBlocksMonitorRepo } from '../apps/server/src/modules/blocks/blocks.monitor.ts';
import { viewerOf } from '../apps/server/src/modules/blocks/blocks.view.ts';
import { regionAt } from '../apps/server/src/modules/regions/geo/regionAt.ts';
import type { Caller } from '../apps/server/src/platform/auth/subject.ts';
import { signIn, startBenchConsole, summary } from './telemetry-kit.ts';

const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 100_000);
const OWNERS = Number(process.env.BENCH_OWNERS ?? 50);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const AREA = { minLng: 114, maxLng: 122, minLat: 31, maxLat: 36 };
const MU = 2000 / 3;

// A deterministic generator (mulberry32), so every run builds the same fields.
let seed = 11;
const rnd = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** A convex field of about `mu` mu at lng, lat: an ellipse-ish polygon of 5-9 vertices. */
function field(lng: number, lat: number, mu: number): number[][] {
  const n = 5 + Math.floor(rnd() * 5);
  const aspect = 0.5 + rnd();
  const areaM2 = mu * MU;
  const rx = Math.sqrt((areaM2 * aspect) / Math.PI);
  const ry = areaM2 / Math.PI / rx;
  const rot = rnd() * Math.PI;
  const mLat = 111_320;
  const mLng = 111_320 * Math.cos((lat * Math.PI) / 180);
  const ring = Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n;
    const x = rx * Math.cos(a);
    const y = ry * Math.sin(a);
    const xr = x * Math.cos(rot) - y * Math.sin(rot);
    const yr = x * Math.sin(rot) + y * Math.cos(rot);
    return [Number((lng + xr / mLng).toFixed(7)), Number((lat + yr / mLat).toFixed(7))];
  });
  ring.push([...(ring[0] as number[])]);
  return ring;
}

const bench = await startBenchConsole({ drones: 0 });
try {
  const db = bench.db;
  const t0 = performance.now();
  const operatorA = (
    await db
      .selectFrom('accounts')
      .select('id')
      .where('account_name', '=', '丰收飞防服务合作社')
      .executeTakeFirstOrThrow()
  ).id;
  const owners = [operatorA];
  for (let i = 1; i < OWNERS; i++)
    owners.push(
      (
        await db
          .insertInto('accounts')
          .values({ account_type: 4, account_name: `地块压测飞防队${i}`, check_status: 2 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  for (let from = 0; from < BLOCKS; from += 5000) {
    const rows = Array.from({ length: Math.min(5000, BLOCKS - from) }, (_, j) => {
      const i = from + j;
      const lng = AREA.minLng + rnd() * (AREA.maxLng - AREA.minLng);
      const lat = AREA.minLat + rnd() * (AREA.maxLat - AREA.minLat);
      const mu = 10 + rnd() * 140;
      const ring = field(lng, lat, mu);
      const r = regionAt(lng, lat);
      return {
        owner: owners[i % owners.length] as number,
        name: `压测地块${i}`,
        mu,
        shape: `(${ring
          .slice(0, -1)
          .map((p) => `(${p[0]},${p[1]})`)
          .join(',')})`,
        geometry: JSON.stringify({ type: 'Polygon', coordinates: [ring] }),
        lng,
        lat,
        r,
      };
    });
    await sql`
      INSERT INTO blocks (yy_account_id, block_name, area_mu, shape, geometry, center_lng, center_lat,
        region_code, country_code, province_code, city_code, county_code)
      SELECT u.owner, u.name, u.mu, u.shape::polygon, u.geometry::jsonb, u.lng, u.lat,
        coalesce(u.county, u.city, u.province, u.country), u.country, u.province, u.city, u.county
      FROM unnest(${rows.map((b) => b.owner)}::int[], ${rows.map((b) => b.name)}::text[],
        ${rows.map((b) => b.mu)}::float8[], ${rows.map((b) => b.shape)}::text[], ${rows.map((b) => b.geometry)}::text[],
        ${rows.map((b) => b.lng)}::float8[], ${rows.map((b) => b.lat)}::float8[],
        ${rows.map((b) => b.r.country)}::int[], ${rows.map((b) => b.r.province)}::int[],
        ${rows.map((b) => b.r.city)}::int[], ${rows.map((b) => b.r.county)}::int[])
        AS u(owner, name, mu, shape, geometry, lng, lat, country, province, city, county)`.execute(db);
  }
  await sql`VACUUM ANALYZE blocks`.execute(db);
  const buildS = (performance.now() - t0) / 1000;

  const tokens = {
    platform: await signIn(bench.baseUrl, '13800000001'),
    government: await signIn(bench.baseUrl, '13800000002'),
    operator: await signIn(bench.baseUrl, '13800000005'),
  };
  const phones = { platform: '13800000001', government: '13800000002', operator: '13800000005' };
  const callers: Record<string, Caller> = {};
  for (const [who, phone] of Object.entries(phones)) {
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    const account = await db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', user.account_id)
      .executeTakeFirstOrThrow();
    callers[who] = { sessionId: '', user, account, isTenant: false } as Caller;
  }
  const monitor = createBlocksMonitorRepo(db);
  if (process.env.BENCH_EXPLAIN) {
    const box = sql`box(point(116, 31.5), point(122, 35.5))`;
    for (const q of [
      sql`SELECT count(*) FROM blocks b WHERE b.bbox && ${box}`,
      sql`SELECT sum(c.n) FROM block_cells c WHERE c.cx BETWEEN 466 AND 487 AND c.cy BETWEEN 126 AND 141`,
      sql`SELECT count(*) FROM blocks b WHERE b.bbox && box(point(116, 31.5), point(116.5, 35.5)) AND b.cell_x < 466`,
      sql`SELECT count(*) FROM blocks b WHERE b.bbox && box(point(116.5, 31.5), point(122, 31.5)) AND b.cell_x BETWEEN 466 AND 487 AND b.cell_y < 126`,
    ]) {
      const { rows } = await sql<Record<string, string>>`EXPLAIN (ANALYZE, BUFFERS) ${q}`.execute(db);
      console.error(rows.map((r) => Object.values(r)[0]).join('\n'));
    }
  }
  const zooms = { province: [6, 4], city: [1, 0.7], field: [0.05, 0.035] } as const;
  const results: Record<string, unknown> = {};
  for (const [zoom, [w, h]] of Object.entries(zooms))
    for (const [who, token] of Object.entries(tokens)) {
      const ms: number[] = [];
      const direct: number[] = [];
      let records = 0;
      let total = 0;
      for (let run = -5; run < RUNS; run++) {
        const minLng = AREA.minLng + rnd() * Math.max(0, AREA.maxLng - AREA.minLng - w);
        const minLat = AREA.minLat + rnd() * Math.max(0, AREA.maxLat - AREA.minLat - h);
        const q = `minLng=${minLng}&maxLng=${minLng + w}&minLat=${minLat}&maxLat=${minLat + h}`;
        const t = performance.now();
        const res = await fetch(`${bench.baseUrl}${MONITOR_BASE}/blocks?${q}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const body = (await res.json()) as { data: { records: unknown[]; total: number } };
        const dt = performance.now() - t;
        if (res.status !== 200) throw new Error(`${zoom} ${who}: ${res.status} ${JSON.stringify(body)}`);
        // The same range read in process (the viewer and the query, no HTTP, auth or serialisation).
        const t1 = performance.now();
        await monitor.inRange(await viewerOf(db, callers[who] as Caller), {
          minLng,
          maxLng: minLng + w,
          minLat,
          maxLat: minLat + h,
        });
        const dDirect = performance.now() - t1;
        if (run < 0) continue; // warm-up
        ms.push(dt);
        direct.push(dDirect);
        records += body.data.records.length;
        total += body.data.total;
      }
      const d = summary(direct);
      results[`${zoom}/${who}`] = {
        ...summary(ms),
        inProcess: { p50: d.p50, p95: d.p95 },
        meanRecords: Math.round(records / RUNS),
        meanTotal: Math.round(total / RUNS),
      };
    }
  console.log(
    JSON.stringify(
      {
        blocks: BLOCKS,
        owners: OWNERS,
        runs: RUNS,
        postgres: bench.postgres,
        buildS: Number(buildS.toFixed(1)),
        results,
      },
      null,
      2,
    ),
  );
} finally {
  await bench.stop();
}
