/**
 * The monitor's viewport query with 20,000 online drones: monitor.service online(scope, query)
 * in process, and GET /api/drone/mointor/manage/onlineDrones through the real console (zod
 * response serialisation, JSON, HTTP). Prints JSON. Figure of issue 3: p95 at most 20 ms.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/viewport.ts
 *
 * The live state is fed directly (LiveState.update, as ingest does) with synthetic drones: 70 %
 * clustered around the simulator's Chinese farm places (about 100 km spread), 30 % anywhere in
 * China. Map ranges: random centres (platform: anywhere in China; government: in its province,
 * Jiangsu) at four zoom levels, each the span a 1,600 x 900 px map shows.
 */
import type { MapDrones, MonitorQuery } from '@agrifleet/domain';
import { createMonitorService } from '../apps/server/src/modules/monitor/monitor.service.ts';
import { regionAt } from '../apps/server/src/modules/regions/geo/regionAt.ts';
import type { SortiesRepo } from '../apps/server/src/modules/sorties/sorties.repo.ts';
import type { DataScope } from '../apps/server/src/platform/auth/scope.ts';
import { FARM_PLACES, mulberry32 } from '../apps/server/src/sim/flight/index.ts';
import type { DroneMeta } from '../apps/server/src/telemetry/ingest/droneDirectory.ts';
import type { LiveState } from '../apps/server/src/telemetry/ingest/liveState.ts';
import { signIn, startBenchConsole, summary } from './telemetry-kit.ts';

const N = Number(process.env.BENCH_DRONES ?? 20_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
const HTTP_QUERIES = Number(process.env.BENCH_HTTP_QUERIES ?? 60);

const CHINA = { minLng: 73.5, maxLng: 134.8, minLat: 18.2, maxLat: 53.6 };
const JIANGSU = { minLng: 116.4, maxLng: 121.9, minLat: 30.8, maxLat: 35.1 };
/** Spans (degrees of longitude x latitude) of a 1,600 x 900 px web-mercator map at about 35 N. */
const ZOOMS = [
  { name: 'China (z4)', lng: 70, lat: 36 },
  { name: 'province (z6)', lng: 17.6, lat: 8 },
  { name: 'city (z8)', lng: 4.4, lat: 2 },
  { name: 'county (z10)', lng: 1.1, lat: 0.5 },
];
const SCOPES: Array<{ name: string; scope: DataScope; phone: string; area: typeof CHINA }> = [
  { name: 'platform', scope: { kind: 'all' }, phone: '13800000001', area: CHINA },
  {
    name: 'government (Jiangsu)',
    scope: { kind: 'region', code: 156320000, level: 'province' },
    phone: '13800000002',
    area: JIANGSU,
  },
];

/** 20,000 drones over China, fed to the live state as ingest would. */
function feed(live: LiveState, accounts: number[]) {
  const rng = mulberry32(2026);
  const rnd = () => rng.next();
  const gauss = () => Math.sqrt(-2 * Math.log(rnd() || 1e-9)) * Math.cos(2 * Math.PI * rnd());
  const chinese = FARM_PLACES.filter((p) => p.country === 'CN');
  const now = Date.now();
  let placed = 0;
  while (placed < N) {
    let lng: number;
    let lat: number;
    if (rnd() < 0.7) {
      const p = chinese[Math.floor(rnd() * chinese.length)] as (typeof chinese)[number];
      lng = p.lng + gauss();
      lat = p.lat + gauss() * 0.8;
    } else {
      lng = CHINA.minLng + rnd() * (CHINA.maxLng - CHINA.minLng);
      lat = CHINA.minLat + rnd() * (CHINA.maxLat - CHINA.minLat);
    }
    const region = regionAt(lng, lat);
    if (region.country !== 156_000_000) continue;
    const zz = accounts[placed % accounts.length] as number;
    const meta: DroneMeta = {
      droneId: `VP${String(placed).padStart(6, '0')}`,
      droneName: `VP-${placed}`,
      modelId: 1 + (placed % 5),
      modelName: 'JY-P40',
      zz,
      yy: placed % 3 === 0 ? null : zz,
      deviceType: 1,
      regionCode: region.province,
    };
    live.update(
      meta,
      {
        recordTime: now - Math.floor(rnd() * 5000),
        lng,
        lat,
        height: 3 + rnd() * 2,
        speed: 5 * rnd(),
        heading: 360 * rnd(),
        battery: 30 + 70 * rnd(),
        flow: 3,
        pump: rnd() < 0.6,
        swath: 6,
        tank: 20,
        mode: 'auto',
        rtk: 4,
      },
      true,
      now - 600_000,
      now,
    );
    placed++;
  }
}

function ranges(area: typeof CHINA, zoom: (typeof ZOOMS)[number], n: number, seed: number): MonitorQuery[] {
  const rng = mulberry32(seed);
  const rnd = () => rng.next();
  return Array.from({ length: n }, () => {
    const cx = area.minLng + rnd() * (area.maxLng - area.minLng);
    const cy = area.minLat + rnd() * (area.maxLat - area.minLat);
    return {
      queryType: 1,
      minLng: Math.max(-180, cx - zoom.lng / 2),
      maxLng: Math.min(180, cx + zoom.lng / 2),
      minLat: Math.max(-90, cy - zoom.lat / 2),
      maxLat: Math.min(90, cy + zoom.lat / 2),
    };
  });
}

const con = await startBenchConsole({ drones: 0 });
try {
  const live = con.app.telemetry.live;
  const accounts = (
    await con.db.selectFrom('accounts').select('id').where('account_type', 'in', [3, 4]).execute()
  ).map((a) => a.id);
  const f0 = performance.now();
  feed(live, accounts);
  const feedMs = performance.now() - f0;
  // online() reads the live state only; the sorties repository and the statistics are not used by it.
  const monitor = createMonitorService({
    live,
    sorties: {} as SortiesRepo,
    stats: {} as Parameters<typeof createMonitorService>[0]['stats'],
    timeZone: 'Asia/Shanghai',
    zf: () => false,
  });
  const tokens = new Map<string, string>();
  for (const s of SCOPES) tokens.set(s.name, await signIn(con.baseUrl, s.phone));

  // Warm-up: the JIT, and the first region look-ups.
  for (const q of ranges(CHINA, ZOOMS[0] as (typeof ZOOMS)[number], 50, 1))
    monitor.online({ kind: 'all' }, q);

  const results = [];
  for (const s of SCOPES) {
    for (const [zi, zoom] of ZOOMS.entries()) {
      const qs = ranges(s.area, zoom, QUERIES, 100 + zi);
      const ms: number[] = [];
      const counts: number[] = [];
      for (const q of qs) {
        const t0 = performance.now();
        const r: MapDrones = monitor.online(s.scope, q);
        ms.push(performance.now() - t0);
        counts.push(r.droneId.length);
      }
      const httpMs: number[] = [];
      const bytes: number[] = [];
      const authorization = `Bearer ${tokens.get(s.name)}`;
      for (const q of qs.slice(0, HTTP_QUERIES)) {
        const qsText = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
        const t0 = performance.now();
        const res = await fetch(`${con.baseUrl}/api/drone/mointor/manage/onlineDrones?${qsText}`, {
          headers: { authorization },
        });
        const body = await res.arrayBuffer();
        httpMs.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`onlineDrones: HTTP ${res.status}`);
        bytes.push(body.byteLength);
      }
      results.push({
        scope: s.name,
        zoom: zoom.name,
        spanDeg: [zoom.lng, zoom.lat],
        drones: summary(counts, 0),
        inProcessMs: summary(ms, 2),
        httpMs: summary(httpMs, 1),
        responseKB: Math.round(bytes.reduce((a, b) => a + b, 0) / Math.max(1, bytes.length) / 1024),
      });
    }
  }
  const all = results.flatMap((r) => [r.inProcessMs.p95]);
  console.log(
    JSON.stringify(
      {
        bench: 'viewport',
        target: { p95Ms: 20 },
        onlineDrones: live.size,
        feedMs: Math.round(feedMs),
        queriesPerCase: { inProcess: QUERIES, http: HTTP_QUERIES },
        worstInProcessP95Ms: Math.max(...all),
        worstHttpP95Ms: Math.max(...results.map((r) => r.httpMs.p95)),
        results,
      },
      null,
      2,
    ),
  );
} finally {
  await con.stop();
}
