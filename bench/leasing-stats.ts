/**
 * Leasing statistics over HTTP (issue 13 target: p95 <= 50 ms per call) with one lessor of
 * BENCH_CLIENTS (1,000) clients and the rollups of BENCH_SORTIES (10,000,000) sorties over one year.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/leasing-stats.ts
 *
 * A real console on its own database (demo data) listening on HTTP. The rollups are built in SQL
 * (generate_series) as the landing would have left them after that many sorties: lease_stat day rows
 * for every client and local day of the last 365 days (statistics time zone), month rows summed from
 * them (rows stored in day order, as days pass at landing), lease_stat_drone (3 leased drones per client) and lease_stat_pilot (2 pilots per client).
 * The sorties and charges themselves are NOT stored (the statistics calls never read them).
 * maker-a is the lessor (operator-a, the demo tenant, is one of its clients); BENCH_LESSORS (5)
 * other lessors have 50 clients each, operator-a among them. Leases: 3 running per client, plus
 * returned and cancelled ones. Each call is asked BENCH_RUNS (50) times after 5 warm-ups.
 */
import { performance } from 'node:perf_hooks';
import { RENTAL_PATHS } from '@agrifleet/domain';
import { sql } from 'kysely';
import { registerBenchDrones, signIn, startBenchConsole, summary } from './telemetry-kit.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1_000);
const SORTIES = Number(process.env.BENCH_SORTIES ?? 10_000_000);
const LESSORS = Number(process.env.BENCH_LESSORS ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const DAYS = 365;
const DRONES_PER_CLIENT = 3;
const TARGET_P95_MS = 50;

const step = (label: string, t0: number) =>
  process.stderr.write(`leasing-stats: ${label} (${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);

const bench = await startBenchConsole({ drones: 0 });
try {
  const db = bench.db;
  const t0 = performance.now();
  const maker = bench.makerId;
  await registerBenchDrones(db, CLIENTS * DRONES_PER_CLIENT);
  const tz = (
    await sql<{ tz: string }>`SELECT ${process.env.STAT_TIMEZONE ?? 'Asia/Shanghai'}::text AS tz`.execute(db)
  ).rows[0]?.tz as string;
  const operatorA = (
    await db
      .selectFrom('accounts')
      .select('id')
      .where('account_name', '=', '丰收飞防服务合作社')
      .executeTakeFirstOrThrow()
  ).id;
  const hash = (
    await db
      .selectFrom('users')
      .select('password_hash')
      .where('phone', '=', '13800000005')
      .executeTakeFirstOrThrow()
  ).password_hash;

  // Clients: n = 0 is operator-a (already maker-a's client in the demo data), 1..CLIENTS-1 new.
  await sql`CREATE UNLOGGED TABLE bench_clients (n int PRIMARY KEY, account_id int NOT NULL)`.execute(db);
  await sql`INSERT INTO bench_clients VALUES (0, ${operatorA})`.execute(db);
  await sql`
    WITH a AS (
      INSERT INTO accounts (account_type, account_name, check_status)
      SELECT 4, '压测租户' || g, 2 FROM generate_series(1, ${CLIENTS - 1}::int) g RETURNING id, account_name)
    INSERT INTO bench_clients SELECT substr(account_name, 5)::int, id FROM a`.execute(db);
  await sql`
    INSERT INTO lease_clients (manufacturer_account_id, client_account_id, active_status, mu_price_minor, currency)
    SELECT ${maker}, account_id, CASE WHEN n % 10 = 0 THEN 1 ELSE 2 END, 500, 'CNY' FROM bench_clients WHERE n > 0`.execute(
    db,
  );
  // Other lessors, 50 clients each (operator-a among them).
  await sql`CREATE UNLOGGED TABLE bench_lessors (account_id int NOT NULL, share real NOT NULL)`.execute(db);
  await sql`INSERT INTO bench_lessors VALUES (${maker}, 1)`.execute(db);
  await sql`
    WITH l AS (
      INSERT INTO accounts (account_type, account_name, check_status, lease_model)
      SELECT 3, '压测出租方' || g, 2, 1 FROM generate_series(1, ${LESSORS}::int) g RETURNING id)
    INSERT INTO bench_lessors SELECT id, 0.1 FROM l`.execute(db);
  await sql`
    INSERT INTO lease_clients (manufacturer_account_id, client_account_id, active_status, mu_price_minor, currency)
    SELECT l.account_id, c.account_id, 2, 400, 'CNY'
    FROM bench_lessors l JOIN bench_clients c ON c.n < 50 WHERE l.account_id <> ${maker}`.execute(db);
  // Pilots: two users per client.
  await sql`
    INSERT INTO users (account_id, user_type, user_name, phone_country, phone, password_hash)
    SELECT c.account_id, 4, '飞手' || c.n || '-' || k, '86', '16' || lpad((c.n * 10 + k)::text, 9, '0'), ${hash}
    FROM bench_clients c CROSS JOIN generate_series(1, 2) k WHERE c.n > 0`.execute(db);
  step('clients, lessors, pilots', t0);

  // Leases: drones 3n..3n+2 leased to client n (running); a returned and a cancelled lease before.
  await sql`
    INSERT INTO leases (lessor_account_id, client_id, client_account_id, drone_id, lease_model, mu_price_minor,
                        hour_price_minor, currency, start_time, return_time, status)
    SELECT ${maker}, lc.id, c.account_id, 'BEN' || lpad((c.n * ${DRONES_PER_CLIENT} + k)::text, 5, '0'),
           (ARRAY[1, 2, 3, 5])[1 + (c.n + k) % 4], 500, 0, 'CNY',
           now() - (400 - s.i * 10) * interval '1 day',
           CASE s.st WHEN 2 THEN now() - (395 - s.i * 10) * interval '1 day' END, s.st
    FROM bench_clients c
    JOIN lease_clients lc ON lc.manufacturer_account_id = ${maker} AND lc.client_account_id = c.account_id
    CROSS JOIN generate_series(0, ${DRONES_PER_CLIENT - 1}) k
    CROSS JOIN (VALUES (0, 2), (1, 3), (2, 1)) s(i, st)`.execute(db);
  step('leases', t0);

  // Day rows: every client and local day of the last year; sorties per row average SORTIES / rows.
  const perRow = SORTIES / (CLIENTS * DAYS);
  await sql`
    INSERT INTO lease_stat (lessor_account_id, client_account_id, grain, period, currency, sorties, area_mu,
                            duration_s, charge_minor, fee_minor)
    SELECT l.account_id, c.account_id, 'd', ((now() AT TIME ZONE ${tz})::date - d), 'CNY', s.s,
           s.s * (12 + (c.n % 7)), s.s * (540 + c.n % 120), s.s * (12 + (c.n % 7)) * 500,
           CASE WHEN c.n % 5 = 0 THEN 3000 ELSE 0 END
    FROM bench_lessors l
    JOIN bench_clients c ON l.account_id = ${maker} OR c.n < 50
    CROSS JOIN generate_series(0, ${DAYS - 1}::int) d
    CROSS JOIN LATERAL (SELECT greatest(0, round(l.share * ${perRow}::float8
      * (0.5 + ((hashint4(c.n * 1000 + d) & 2147483647) % 1000) / 1000.0)))::int AS s) s
    ORDER BY d DESC, l.account_id, c.n`.execute(db);
  await sql`
    INSERT INTO lease_stat (lessor_account_id, client_account_id, grain, period, currency, sorties, area_mu,
                            duration_s, charge_minor, fee_minor)
    SELECT lessor_account_id, client_account_id, 'm', date_trunc('month', period)::date, currency, sum(sorties),
           sum(area_mu), sum(duration_s), sum(charge_minor), sum(fee_minor)
    FROM lease_stat WHERE grain = 'd'
    GROUP BY lessor_account_id, client_account_id, date_trunc('month', period), currency
    ORDER BY date_trunc('month', period), lessor_account_id, client_account_id`.execute(db);
  step('lease_stat day and month rows', t0);
  // All time per drone (half, 30 %, 20 % of the client's work) and per pilot (60 %, 40 %).
  await sql`CREATE UNLOGGED TABLE bench_totals AS
    SELECT lessor_account_id, client_account_id, sum(sorties) AS s, sum(area_mu) AS a, sum(duration_s) AS t,
           sum(charge_minor) AS c
    FROM lease_stat WHERE grain = 'm' GROUP BY lessor_account_id, client_account_id`.execute(db);
  await sql`
    INSERT INTO lease_stat_drone (lessor_account_id, client_account_id, drone_id, sorties, area_mu, duration_s, charge_minor)
    SELECT x.lessor_account_id, x.client_account_id,
           CASE WHEN x.lessor_account_id = ${maker} THEN 'BEN' || lpad((c.n * ${DRONES_PER_CLIENT} + k)::text, 5, '0')
                ELSE 'X' || x.lessor_account_id || '-' || c.n || '-' || k END,
           round(x.s * w), x.a * w, round(x.t * w), round(x.c * w)
    FROM bench_totals x JOIN bench_clients c ON c.account_id = x.client_account_id
    CROSS JOIN (VALUES (0, 0.5), (1, 0.3), (2, 0.2)) p(k, w)`.execute(db);
  await sql`
    INSERT INTO lease_stat_pilot (lessor_account_id, client_account_id, pilot_id, sorties, area_mu, duration_s, charge_minor)
    SELECT x.lessor_account_id, x.client_account_id, u.id, round(x.s * w), x.a * w, round(x.t * w), round(x.c * w)
    FROM bench_totals x
    JOIN LATERAL (SELECT id, row_number() OVER (ORDER BY id) AS r FROM users WHERE account_id = x.client_account_id
                  ORDER BY id LIMIT 2) u ON true
    JOIN (VALUES (1, 0.6), (2, 0.4)) p(r, w) ON p.r = u.r`.execute(db);
  await sql`DROP TABLE bench_totals`.execute(db);
  await sql`VACUUM ANALYZE`.execute(db);
  const buildS = (performance.now() - t0) / 1000;
  step('drone and pilot rollups, vacuum analyze', t0);

  const tokens = {
    lessor: await signIn(bench.baseUrl, '13800000003'),
    tenant: await signIn(bench.baseUrl, '13800000005'),
  };
  const now = Date.now();
  const year = `startTime=${now - 364 * 86_400_000}&endTime=${now}`;
  const P = RENTAL_PATHS;
  const client = `accountId=${operatorA}`;
  const CASES: Array<[string, 'lessor' | 'tenant', string]> = [
    ['jobStatistics', 'lessor', P.jobStatistics],
    ['jobStatistics 365 d', 'lessor', `${P.jobStatistics}?${year}`],
    ['rentalStatistics', 'lessor', P.rentalStatistics],
    ['jobAreaStatistics', 'lessor', P.jobAreaStatistics],
    ['jobAreaStatistics 365 d', 'lessor', `${P.jobAreaStatistics}?${year}`],
    ['jobAreaRanking', 'lessor', P.jobAreaRanking],
    ['jobAreaRanking 365 d', 'lessor', `${P.jobAreaRanking}?${year}`],
    ['customerDataStat', 'lessor', `${P.customerDataStat}?${client}`],
    ['customerAreaAndRecord', 'lessor', `${P.customerAreaAndRecord}?${client}`],
    ['customerAreaAndRecord 365 d', 'lessor', `${P.customerAreaAndRecord}?${client}&${year}`],
    ['customerAreaRanking', 'lessor', `${P.customerAreaRanking}?${client}`],
    ['customerDronePilotRanking', 'lessor', `${P.customerDronePilotRanking}?${client}`],
    ['yyJobStatistics', 'tenant', P.yyJobStatistics],
    ['yyJobStatistics 365 d', 'tenant', `${P.yyJobStatistics}?${year}`],
    ['yyJobStatistics one lessor', 'tenant', `${P.yyJobStatistics}?zzAccountId=${maker}`],
    ['yyJobAreaStatistics', 'tenant', P.yyJobAreaStatistics],
    ['yyJobAreaStatistics 365 d', 'tenant', `${P.yyJobAreaStatistics}?${year}`],
    ['yyJobAreaRanking', 'tenant', P.yyJobAreaRanking],
  ];
  const results: Record<string, unknown> = {};
  const table: string[] = [];
  for (const [name, who, path] of CASES) {
    const ms: number[] = [];
    let status = 0;
    let bytes = 0;
    for (let run = -5; run < RUNS; run++) {
      const t = performance.now();
      const res = await fetch(`${bench.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${tokens[who]}` },
      });
      const text = await res.text();
      const dt = performance.now() - t;
      status = res.status;
      bytes = text.length;
      if (status !== 200) {
        process.stderr.write(`leasing-stats: ${name}: ${status} ${text.slice(0, 200)}\n`);
        break;
      }
      if (run >= 0) ms.push(dt);
    }
    const key = `${who}/${name}`;
    if (status !== 200) {
      results[key] = `HTTP ${status}`;
      table.push(`${key.padEnd(40)} HTTP ${status}`);
      continue;
    }
    const s = summary(ms);
    results[key] = { ...s, bytes, withinTarget: s.p95 <= TARGET_P95_MS };
    table.push(
      `${key.padEnd(40)} p50 ${String(s.p50).padStart(6)} ms  p95 ${String(s.p95).padStart(6)} ms  ${s.p95 <= TARGET_P95_MS ? 'ok' : 'OVER'}`,
    );
  }
  if (process.env.BENCH_EXPLAIN) {
    const month = (
      await sql<{
        m: string;
      }>`SELECT to_char(date_trunc('month', (now() AT TIME ZONE ${tz})::date), 'YYYY-MM-DD') AS m`.execute(db)
    ).rows[0]?.m;
    const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (ANALYZE, BUFFERS)
      SELECT trim(currency), sum(sorties), sum(area_mu), sum(duration_s), sum(charge_minor), sum(fee_minor)
      FROM lease_stat WHERE lessor_account_id = ${maker}
        AND ((grain = 'd' AND period >= (now() AT TIME ZONE ${tz})::date - 29 AND period < ${month}::date)
          OR (grain = 'd' AND period >= ${month}::date AND period < (now() AT TIME ZONE ${tz})::date + 1))
      GROUP BY currency`.execute(db);
    process.stderr.write(`${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
  }
  const counts = (
    await sql<Record<string, string>>`
      SELECT (SELECT count(*) FROM lease_clients WHERE manufacturer_account_id = ${maker}) AS clients,
             (SELECT sum(sorties) FROM lease_stat WHERE grain = 'd' AND lessor_account_id = ${maker}) AS sorties,
             (SELECT sum(sorties) FROM lease_stat WHERE grain = 'd') AS "sortiesAllLessors",
             (SELECT count(*) FROM lease_stat WHERE grain = 'd') AS "dayRows",
             (SELECT count(*) FROM lease_stat WHERE grain = 'm') AS "monthRows",
             (SELECT count(*) FROM lease_stat_drone) AS "droneRows",
             (SELECT count(*) FROM lease_stat_pilot) AS "pilotRows",
             (SELECT count(*) FROM leases) AS leases`.execute(db)
  ).rows[0];
  process.stdout.write(`${table.join('\n')}\n`);
  console.log(
    JSON.stringify(
      {
        note: 'rollups built in SQL as the landing would have left them; the sorties and charges themselves are not stored',
        lessorClients: Number(counts?.clients),
        otherLessors: LESSORS,
        sortiesInRollups: Number(counts?.sorties),
        sortiesAllLessors: Number(counts?.sortiesAllLessors),
        dayRows: Number(counts?.dayRows),
        monthRows: Number(counts?.monthRows),
        droneRows: Number(counts?.droneRows),
        pilotRows: Number(counts?.pilotRows),
        leases: Number(counts?.leases),
        days: DAYS,
        timeZone: tz,
        runs: RUNS,
        targetP95Ms: TARGET_P95_MS,
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
