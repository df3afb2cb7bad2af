/**
 * Unified tasks at scale (issue 22 "Figures"): a task's reads p95 <= 100 ms over HTTP with 200 tasks,
 * 20,000 enrolled drones and many sorties; a landing counted within 2 s; one enrolment of 2,000 drones.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/unified-tasks.ts
 *
 * A real console on its own database (demo data) listening on HTTP. The demo government creates one
 * task over HTTP (Jiangsu, the whole year); 199 more are cloned in SQL. 20,000 bench drones of the
 * demo operators are enrolled: 10,000 in the large task, 50 in each other. BENCH_SORTIES sorties
 * (default 2,000,000; the issue's target is 10 million) are generated set-based (INSERT ... SELECT
 * generate_series) with the rows the attribution writes (unifiedTasks.attribution.ts `judge` and
 * `addToDaily`): a task_sorties row per sortie for its drone's task (1 in 20 flown in Zhejiang:
 * outOfRegion) and task_daily summed from the counted ones. Not generated: the notEnrolled rows the
 * landing hook adds for an operator's other drones in the region.
 *
 * Prints (a) p50/p95 of GET stat/overview, stat/drones, stat/owners, stat/data and sorties (page 1
 * and a deep page) of the large task; (b) the latency from a drone's landing message through
 * POST /api/telemetry/batch until the task's overview counts the sortie (BENCH_LANDINGS, 20);
 * (c) the wall time of one POST drones enrolling 2,000 drones of a fresh operator with 20 past
 * sorties each (re-attributed in the request). Checks that the rollups of migrations 0037 and 0039
 * equal the rows they sum. The deep page is the middle one: it seeks by day (0039's task_sortie_days).
 */
import { performance } from 'node:perf_hooks';
import { type TelemetryPoint, UNIFIED_TASK_PATH, unifiedTaskCallPath } from '@agrifleet/domain';
import { sql } from 'kysely';
import { regionAt } from '../apps/server/src/modules/regions/geo/regionAt.ts';
import {
  benchDroneId,
  registerBenchDrones,
  signIn,
  startBenchConsole,
  summary,
  telemetryKey,
} from './telemetry-kit.ts';

const SORTIES = Number(process.env.BENCH_SORTIES ?? 2_000_000);
const LANDINGS = Number(process.env.BENCH_LANDINGS ?? 20);
const READS = Number(process.env.BENCH_READS ?? 40);
const ENROLLED = 20_000;
const PER_TASK = 50; // drones of each other task
const TASKS = 200;
const BIG = ENROLLED - (TASKS - 1) * PER_TASK; // drones of the large task: 10,050
const ENROL_NEW = 2_000;
const PAST_EACH = 20;
const YEAR = 2026;
const TZ = 'Asia/Shanghai';
const FIELD = { lng: 120.25, lat: 33.78 }; // Yancheng, Jiangsu
const AWAY = { lng: 120.0, lat: 30.3 }; // Hangzhou, Zhejiang

const t0 = performance.now();
const step = (label: string) =>
  process.stderr.write(`unified-tasks: ${label} (${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);

function strip(lng: number, lat: number, startMs: number, seconds: number): TelemetryPoint[] {
  const dLng = 5 / (111_320 * Math.cos((lat * Math.PI) / 180));
  return Array.from({ length: seconds + 1 }, (_, i) => ({
    recordTime: startMs + i * 1000,
    lng: lng + dLng * i,
    lat,
    height: 3,
    speed: 5,
    heading: 90,
    battery: 90,
    flow: 2,
    pump: true,
    swath: 6,
    tank: 10,
    mode: 'auto',
  })) as TelemetryPoint[];
}

const bench = await startBenchConsole({ drones: 0, poolSize: 10 });
try {
  const db = bench.db;
  await registerBenchDrones(db, ENROLLED + ENROL_NEW, { owned: true });
  // The drones enrolled by (c) belong to one fresh operator (an enrolment re-attributes every drone
  // of the enrolled drones' operators) and are registered in Jiangsu (the government's scope).
  const opB = (
    await sql<{
      id: number;
    }>`SELECT id FROM accounts WHERE account_type = 4 ORDER BY id DESC LIMIT 1`.execute(db)
  ).rows[0]?.id as number;
  const cols = (
    await sql<{ c: string }>`SELECT column_name AS c FROM information_schema.columns
      WHERE table_name = 'accounts' AND column_name NOT IN ('id', 'account_name') AND is_generated = 'NEVER'
        AND identity_generation IS NULL`.execute(db)
  ).rows.map((r) => sql.ref(r.c));
  const freshOp = (
    await sql<{ id: number }>`INSERT INTO accounts (account_name, ${sql.join(cols)})
      SELECT 'bench operator', ${sql.join(cols)} FROM accounts WHERE id = ${opB} RETURNING id`.execute(db)
  ).rows[0]?.id as number;
  const newIds = Array.from({ length: ENROL_NEW }, (_, i) => benchDroneId(ENROLLED + i));
  await sql`UPDATE drones SET yy_account_id = ${freshOp}, region_code = 156320900
    WHERE drone_id = ANY(${newIds}::text[])`.execute(db);
  step(`${ENROLLED + ENROL_NEW} drones`);

  const gov = await signIn(bench.baseUrl, '13800000002');
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${bench.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${gov}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as { data: Record<string, unknown>; message?: string };
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${json.message}`);
    return json.data;
  };
  const big = (await call('POST', UNIFIED_TASK_PATH, {
    tftzName: '全省稻飞虱统防统治 (bench)',
    region: 156320000,
    startDate: `${YEAR}-01-01`,
    endDate: `${YEAR}-12-31`,
    tftzType: 1,
    zfMonitor: 1,
  })) as { tftzId: number };
  const others = (
    await sql<{ tftz_id: number }>`
    INSERT INTO unified_tasks (account_id, tftz_name, region_code, polygon, start_date, end_date, start_at, end_at,
      tftz_type, work_type, crop_id, med_id, zf_monitor, remark)
    SELECT account_id, tftz_name || ' ' || g, region_code, polygon, start_date, end_date, start_at, end_at,
      tftz_type, work_type, crop_id, med_id, zf_monitor, remark
    FROM unified_tasks, generate_series(2, ${TASKS}::int) g WHERE tftz_id = ${big.tftzId}
    ORDER BY g RETURNING tftz_id`.execute(db)
  ).rows.map((r) => Number(r.tftz_id));
  const taskIds = [big.tftzId, ...others];
  // Drone i (0-based) -> its task: the large one below BIG, else one of the others, 50 each.
  const taskOf = sql`(CASE WHEN g.d < ${BIG}::int THEN ${big.tftzId}::int
    ELSE (${others}::int[])[1 + (g.d - ${BIG}::int) / ${PER_TASK}::int] END)`;
  await sql`
    INSERT INTO task_drones (tftz_id, drone_id, data_start_date, data_end_date, start_at, end_at)
    SELECT ${taskOf}, 'BEN' || lpad(g.d::text, 5, '0'), t.start_date, t.end_date, t.start_at, t.end_at
    FROM generate_series(0, ${ENROLLED - 1}::int) AS g(d), unified_tasks t WHERE t.tftz_id = ${big.tftzId}`.execute(
    db,
  );
  step(`${taskIds.length} tasks, ${ENROLLED} enrolments`);

  // Sorties spread over 2026-01-01 .. 2026-11-20 (+08:00), each drone's at distinct instants.
  const here = regionAt(FIELD.lng, FIELD.lat);
  const away = regionAt(AWAY.lng, AWAY.lat);
  const from = Date.UTC(YEAR, 0, 1) - 8 * 3_600_000 + 3_600_000;
  const spanMs = Date.UTC(YEAR, 10, 20) - Date.UTC(YEAR, 0, 1);
  const model = (
    await sql<{ model_id: number; zz: number }>`SELECT model_id, zz_account_id AS zz FROM drones
    WHERE drone_id = ${benchDroneId(0)}`.execute(db)
  ).rows[0] as { model_id: number; zz: number };
  const insertSorties = async (
    lo: number,
    hi: number,
    droneOf: ReturnType<typeof sql>,
    startOf: ReturnType<typeof sql>,
  ) =>
    sql`
    INSERT INTO sorties (drone_id, start_time, end_time, duration_s, distance_m, spray_distance_m, area_m2, area_mu,
      volume_l, spray_time_s, mode, crop_id, pilot_id, max_height_m, battery_start, battery_end, point_count, lng, lat,
      country_code, province_code, city_code, county_code, zz_account_id, yy_account_id, model_id, end_reason)
    SELECT 'BEN' || lpad(x.d::text, 5, '0'), x.st, x.st + interval '6 minutes', 360, 1800, 1600, 6670 + (x.n % 50) * 20,
      (6670 + (x.n % 50) * 20) / 666.6667, 10 + (x.n % 7), 300, 'auto', NULL, NULL, 3, 95, 40, 360,
      CASE WHEN x.n % 20 = 0 THEN ${AWAY.lng}::float8 ELSE ${FIELD.lng}::float8 END + (x.n % 1000) * 0.0001,
      CASE WHEN x.n % 20 = 0 THEN ${AWAY.lat}::float8 ELSE ${FIELD.lat}::float8 END,
      156,
      CASE WHEN x.n % 20 = 0 THEN ${away.province}::int ELSE ${here.province}::int END,
      CASE WHEN x.n % 20 = 0 THEN ${away.city}::int ELSE ${here.city}::int END,
      CASE WHEN x.n % 20 = 0 THEN ${away.county}::int ELSE ${here.county}::int END,
      ${model.zz}::int, r.yy_account_id, ${model.model_id}::int, 'landed'
    FROM (SELECT n, ${droneOf} AS d, ${startOf} AS st FROM generate_series(${lo}::int, ${hi - 1}::int) AS n) x
    JOIN drones r ON r.drone_id = 'BEN' || lpad(x.d::text, 5, '0')`.execute(db);
  const CHUNK = 250_000;
  for (let lo = 0; lo < SORTIES; lo += CHUNK) {
    await insertSorties(
      lo,
      Math.min(SORTIES, lo + CHUNK),
      sql`n % ${ENROLLED}::int`,
      sql`to_timestamp((${from}::float8 + (n::float8 / ${SORTIES}::float8) * ${spanMs}::float8) / 1000.0)`,
    );
    step(`${Math.min(SORTIES, lo + CHUNK)} sorties`);
  }
  // The fresh operator's drones: 20 past sorties each, in Jiangsu, for (c).
  await insertSorties(
    0,
    ENROL_NEW * PAST_EACH,
    sql`${ENROLLED}::int + n % ${ENROL_NEW}::int`,
    sql`to_timestamp((${from}::float8 + 1 + (n::float8 / ${ENROL_NEW * PAST_EACH}::float8) * ${spanMs}::float8) / 1000.0)`,
  );
  // What `judge` writes: one row per candidate sortie of each enrolled drone's task.
  await sql`
    INSERT INTO task_sorties (tftz_id, sortie_id, drone_id, start_time, counted, reason, day, region_code,
      pilot_id, mode, crop_id, zz_account_id, yy_account_id, model_id, area_mu, volume_l, duration_s,
      spray_time_s, distance_m)
    SELECT d.tftz_id, s.sortie_id, s.drone_id, s.start_time, v.ok, CASE WHEN v.ok THEN NULL ELSE 'outOfRegion' END,
      (s.start_time AT TIME ZONE ${TZ})::date, coalesce(s.county_code, s.city_code, s.province_code, s.country_code),
      coalesce(s.pilot_id, 0), coalesce(s.mode, ''), coalesce(s.crop_id, 0), s.zz_account_id,
      coalesce(s.yy_account_id, 0), s.model_id, s.area_mu, s.volume_l, s.duration_s, s.spray_time_s, s.distance_m
    FROM sorties s JOIN task_drones d ON d.drone_id = s.drone_id
      AND s.start_time >= d.start_at AND s.start_time < d.end_at,
      LATERAL (SELECT s.province_code = 156320000 AS ok) v`.execute(db);
  step('task_sorties');
  // What `addToDaily` sums from the counted rows.
  await sql`
    INSERT INTO task_daily (tftz_id, day, region_code, drone_id, pilot_id, mode, crop_id, zz_account_id,
      yy_account_id, model_id, sorties, area_mu, volume_l, duration_s, spray_time_s, distance_m)
    SELECT tftz_id, day, region_code, drone_id, pilot_id, mode, crop_id, zz_account_id, yy_account_id, model_id,
      count(*)::int, sum(area_mu), sum(volume_l), sum(duration_s), sum(spray_time_s), sum(distance_m)
    FROM task_sorties WHERE counted GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`.execute(db);
  await sql`VACUUM ANALYZE sorties`.execute(db);
  await sql`VACUUM ANALYZE task_sorties`.execute(db);
  await sql`VACUUM ANALYZE task_daily`.execute(db);
  await sql`VACUUM ANALYZE task_drones`.execute(db);
  const counts = (
    await sql<{ sorties: number; ts: number; big: number; daily: number }>`SELECT
      (SELECT count(*) FROM sorties)::int AS sorties, (SELECT count(*) FROM task_sorties)::int AS ts,
      (SELECT count(*) FROM task_sorties WHERE tftz_id = ${big.tftzId})::int AS big,
      (SELECT count(*) FROM task_daily)::int AS daily`.execute(db)
  ).rows[0];
  const generatedS = Math.round((performance.now() - t0) / 1000);
  step(`data ready ${JSON.stringify(counts)}`);

  // (a) reads of the large task.
  const id = big.tftzId;
  const total = Number(
    (await call('GET', `${unifiedTaskCallPath(id, 'sorties')}?currentPage=1&pageSize=20`)).total,
  );
  const deep = Math.max(1, Math.floor(total / 20 / 2));
  const reads: Record<string, string> = {
    overview: unifiedTaskCallPath(id, 'statOverview'),
    drones: `${unifiedTaskCallPath(id, 'statDrones')}?by=drone&currentPage=1&pageSize=20`,
    owners: `${unifiedTaskCallPath(id, 'statOwners')}?currentPage=1&pageSize=20`,
    data: unifiedTaskCallPath(id, 'statData'),
    sortiesPage1: `${unifiedTaskCallPath(id, 'sorties')}?currentPage=1&pageSize=20`,
    [`sortiesPage${deep}`]: `${unifiedTaskCallPath(id, 'sorties')}?currentPage=${deep}&pageSize=20`,
  };
  const readFigures: Record<string, ReturnType<typeof summary>> = {};
  for (const [name, path] of Object.entries(reads)) {
    for (let i = 0; i < 3; i++) await call('GET', path);
    const ms: number[] = [];
    for (let i = 0; i < READS; i++) {
      const w = performance.now();
      await call('GET', path);
      ms.push(performance.now() - w);
    }
    readFigures[name] = summary(ms);
    step(`read ${name} p95 ${readFigures[name]?.p95} ms`);
  }

  // (b) landings of enrolled drones of the large task, through the telemetry transport.
  const key = await telemetryKey(db, bench.makerId, 'bench-gw');
  const authorization = `Basic ${Buffer.from(`${key.vid}:${key.secret}`).toString('base64')}`;
  const batch = async (droneId: string, points: TelemetryPoint[]) => {
    const res = await fetch(`${bench.baseUrl}/api/telemetry/batch`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ drones: [{ droneId, points }] }),
    });
    if (res.status !== 200) throw new Error(`telemetry ${res.status} ${await res.text()}`);
  };
  const landMs: number[] = [];
  const landFrom = Date.now() - (LANDINGS * 150_000 + 10 * 60_000);
  let seen = Number((await call('GET', reads.overview as string)).sortieCount);
  for (let i = 0; i < LANDINGS; i++) {
    // Five drones land in turn: their later landings add to a task_daily row of the day (UPDATE).
    const droneId = benchDroneId((i % 5) * 37);
    const start = landFrom + i * 150_000; // in order, each after the previous one's landing
    const pts = strip(FIELD.lng + 0.01, FIELD.lat, start, 90);
    const last = pts.at(-1) as TelemetryPoint;
    await batch(droneId, [
      ...pts,
      { ...last, recordTime: last.recordTime + 1000, height: 0, speed: 0, pump: false },
    ]);
    const ground = { ...last, recordTime: last.recordTime + 40_000, height: 0, speed: 0, pump: false };
    const w = performance.now();
    await batch(droneId, [ground]);
    let now = seen;
    while (now === seen && performance.now() - w < 30_000) {
      await new Promise((r) => setTimeout(r, 25));
      now = Number((await call('GET', reads.overview as string)).sortieCount);
    }
    if (now === seen) throw new Error(`landing ${i} of ${droneId} not counted within 30 s`);
    landMs.push(performance.now() - w);
    seen = now;
  }
  const landing = summary(landMs);
  step(`landings p95 ${landing.p95} ms`);

  // (c) one enrolment of 2,000 drones whose past sorties are judged in the request.
  const e0 = performance.now();
  const enrolled = await call('POST', unifiedTaskCallPath(id, 'drones'), {
    droneIds: newIds,
    dataStartDate: `${YEAR}-01-01`,
    dataEndDate: `${YEAR}-12-31`,
  });
  const enrolMs = Math.round(performance.now() - e0);
  step(`enrolment ${enrolMs} ms`);

  // The rollups (migrations 0037, 0039) against the rows they sum, over every task.
  const mismatch = (
    await sql<{ n: number }>`SELECT
      (SELECT count(*) FROM (SELECT tftz_id, drone_id, sum(sorties) s, round(sum(area_mu)::numeric, 3) a
         FROM task_daily GROUP BY 1, 2) x FULL JOIN (SELECT tftz_id, drone_id, sum(sorties) s,
         round(sum(area_mu)::numeric, 3) a FROM task_drone_totals WHERE sorties > 0 GROUP BY 1, 2) y USING (tftz_id, drone_id)
        WHERE x.s IS DISTINCT FROM y.s OR x.a IS DISTINCT FROM y.a)
      + (SELECT count(*) FROM (SELECT tftz_id, coalesce(reason, '') r, count(*) n FROM task_sorties GROUP BY 1, 2) x
         FULL JOIN (SELECT tftz_id, reason r, sum(n) n FROM task_reason_totals WHERE n > 0 GROUP BY 1, 2) y
         USING (tftz_id, r) WHERE x.n IS DISTINCT FROM y.n)
      + (SELECT count(*) FROM (SELECT tftz_id, day, coalesce(reason, '') r, count(*) n FROM task_sorties GROUP BY 1, 2, 3) x
         FULL JOIN (SELECT tftz_id, day, reason r, sum(n) n FROM task_sortie_days WHERE n > 0 GROUP BY 1, 2, 3) y
         USING (tftz_id, day, r) WHERE x.n IS DISTINCT FROM y.n) AS n`.execute(db)
  ).rows[0]?.n;
  const out = {
    postgres: bench.postgres,
    generatedInS: generatedS,
    rows: counts,
    tasks: taskIds.length,
    enrolledDrones: ENROLLED,
    readsMs: readFigures,
    readTargetP95Ms: 100,
    landingToOverviewMs: landing,
    landingTargetMs: 2000,
    rollupRowsDiffering: Number(mismatch),
    enrolment: { drones: ENROL_NEW, pastSortiesEach: PAST_EACH, wallMs: enrolMs, ...enrolled },
  };
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
} finally {
  await bench.stop();
}
