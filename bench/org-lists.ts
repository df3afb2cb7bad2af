/**
 * The organisation lists (issue 12 figure: first page with filters p95 <= 100 ms with 20,000
 * accounts, 200,000 users and 5,000,000 log rows, over HTTP). Prints a table and JSON.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/org-lists.ts
 *
 * A real console on its own database (demo data) listening on HTTP; seeded in SQL
 * (generate_series): BENCH_ACCOUNTS (20,000) accounts named from 50 prefixes x 7 kinds, 10 users
 * each (BENCH_USERS 200,000) named from 100 surnames x 37 given names, BENCH_LOGS (5,000,000)
 * system_logs rows over the last year (types 1: 20 %, 2: 79 %, 3: 1 %; hash NULL: seeded rows are
 * outside the chain), BENCH_BULLETINS (2,000) bulletins; then VACUUM ANALYZE. Each call of ROUTES
 * is asked BENCH_RUNS (50) times after 5 warm-ups per case; a route that answers 404 (not built yet)
 * prints "missing".
 */
import { performance } from 'node:perf_hooks';
import { SYSLOG_LIST_PATH } from '@agrifleet/domain';
import { sql } from 'kysely';
import * as m0026 from '../apps/server/src/migrations/0026_syslog.ts';
import { signIn, startBenchConsole, summary } from './telemetry-kit.ts';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 20_000);
const USERS_PER_ACCOUNT = Math.max(1, Math.round(Number(process.env.BENCH_USERS ?? 200_000) / ACCOUNTS));
const LOGS = Number(process.env.BENCH_LOGS ?? 5_000_000);
const BULLETINS = Number(process.env.BENCH_BULLETINS ?? 2_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);

const PREFIXES =
  '丰禾 金穗 绿源 青田 稻香 沃野 嘉禾 惠农 田园 百川 长风 天翼 鸿雁 瑞丰 恒泰 兴农 顺达 宏图 新禾 乐农 稼穑 阡陌 云帆 飞鹰 雨润 春晖 秋实 五谷 千里 万顷 碧野 翠微 江淮 齐鲁 燕赵 荆楚 巴蜀 岭南 中原 塞北 东海 南山 西岭 北辰 朝阳 星河 蓝天 白云 红日 紫金'.split(
    ' ',
  );
const KINDS = [
  '植保合作社',
  '飞防服务队',
  '农业科技有限公司',
  '无人机有限公司',
  '农机专业合作社',
  '家庭农场',
  '农业农村局',
];
const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武'.split(
    '',
  );
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉萍红鹏辉建国立新海波宁浩宇飞'.split('');

/** The calls measured: a route answering 404 is reported missing (not built yet). */
const ROUTES: Array<{ list: string; path: string; who: string; cases: Record<string, string> }> = [
  {
    list: 'accounts',
    path: '/api/user/account/list',
    who: 'platform',
    cases: {
      none: '',
      name: `accountName=${encodeURIComponent('丰禾')}`,
      typeAndName: `accountType=4&accountName=${encodeURIComponent('合作社')}`,
      searchText: `search=${encodeURIComponent('丰禾')}`,
      searchDigits: 'search=1700001',
      userPhone: 'userPhone=1700001',
      teamType: 'teamType=1',
    },
  },
  {
    list: 'members',
    path: '/api/user/member/list',
    who: 'platform',
    cases: { none: '', name: `userName=${encodeURIComponent('王伟')}` },
  },
  { list: 'members', path: '/api/user/member/list', who: 'operator', cases: { own: '' } },
  {
    list: 'logs',
    path: SYSLOG_LIST_PATH,
    who: 'platform',
    cases: {
      none: '',
      oneAccount: `accountName=${encodeURIComponent('丰禾植保合作社350')}`,
      accountPrefix: `accountName=${encodeURIComponent('丰禾')}`,
      user: `userName=${encodeURIComponent('王伟')}`,
      surname: `userName=${encodeURIComponent('王')}`,
      accountAndUser: `accountName=${encodeURIComponent('丰禾')}&userName=${encodeURIComponent('王伟')}`,
      type3: 'logType=3',
      week: `logType=1&startTime=${Date.now() - 14 * 86_400_000}&endTime=${Date.now() - 7 * 86_400_000}`,
      oldestFirst: 'order=2&logType=1,2,3',
    },
  },
  {
    list: 'logs',
    path: SYSLOG_LIST_PATH,
    who: 'operator',
    cases: {
      own: '',
      user: `userName=${encodeURIComponent('赵')}`,
      week: `startTime=${Date.now() - 7 * 86_400_000}`,
    },
  },
  { list: 'bulletins', path: '/api/user/bulletin/list', who: 'platform', cases: { none: '' } },
  { list: 'bulletins', path: '/api/user/bulletin/list', who: 'operator', cases: { none: '' } },
];

const step = (label: string, t0: number) =>
  process.stderr.write(`org-lists: ${label} (${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);

const bench = await startBenchConsole({ drones: 0 });
try {
  const db = bench.db;
  const t0 = performance.now();
  const hasType = await sql`SELECT 1 FROM pg_indexes WHERE indexname = 'system_logs_type_idx'`.execute(db);
  if (!hasType.rows.length) await m0026.up(db as never); // until 0026 is registered
  const hash = (
    await db
      .selectFrom('users')
      .select('password_hash')
      .where('phone', '=', '13800000005')
      .executeTakeFirstOrThrow()
  ).password_hash;

  await sql`
    INSERT INTO accounts (account_type, account_name, check_status)
    SELECT CASE WHEN g % 7 = 6 THEN 2 WHEN g % 7 IN (2, 3) THEN 3 ELSE 4 END,
           (${PREFIXES}::text[])[1 + g % ${PREFIXES.length}] || (${KINDS}::text[])[1 + g % ${KINDS.length}] || g,
           2
    FROM generate_series(1, ${ACCOUNTS}::int) g`.execute(db);
  step(`${ACCOUNTS} accounts`, t0);
  await sql`
    INSERT INTO users (account_id, user_type, user_name, phone_country, phone, password_hash)
    SELECT a.id, CASE WHEN k = 1 THEN 4 ELSE 3 + (k % 3) END,
           (${SURNAMES}::text[])[1 + (a.id * 13 + k * 7) % ${SURNAMES.length}]
             || (${GIVEN}::text[])[1 + (a.id * 5 + k * 11) % ${GIVEN.length}],
           '86', '17' || lpad((a.id * 10 + k)::text, 9, '0'), ${hash}
    FROM accounts a CROSS JOIN generate_series(1, ${USERS_PER_ACCOUNT}::int) k
    WHERE a.account_name ~ '[0-9]$'`.execute(db);
  step('users', t0);

  // Secondary indexes off while 5,000,000 rows go in, then built again from their definitions.
  const indexes = (
    await sql<{ name: string; def: string }>`
      SELECT indexname AS name, indexdef AS def FROM pg_indexes
      WHERE tablename = 'system_logs' AND indexname <> 'system_logs_pkey'`.execute(db)
  ).rows;
  for (const i of indexes) await sql`DROP INDEX ${sql.id(i.name)}`.execute(db);
  await sql`CREATE UNLOGGED TABLE bench_people AS
    SELECT row_number() OVER (ORDER BY u.id) AS n, u.id, u.account_id, u.user_name, a.account_name
    FROM users u JOIN accounts a ON a.id = u.account_id`.execute(db);
  const people = Number(
    (await sql<{ n: string }>`SELECT count(*) AS n FROM bench_people`.execute(db)).rows[0]?.n,
  );
  const CHUNK = 1_000_000;
  for (let from = 0; from < LOGS; from += CHUNK) {
    await sql`
      INSERT INTO system_logs (account_id, user_id, account_name, user_name, log_type, action, method, path,
                               target, result, ip, detail, created_at)
      SELECT p.account_id, p.id, p.account_name, p.user_name, r.t,
             CASE r.t WHEN 1 THEN 'POST /api/user/baseaccount/loginPd' WHEN 3 THEN 'deviceKeyRefused'
               ELSE (ARRAY['PUT /api/drone/device/manage', 'POST /api/drone/block/manage',
                           'PUT /api/drone/nofly/manage/enable', 'PUT /api/user/member'])[1 + r.g % 4] END,
             CASE r.t WHEN 3 THEN NULL ELSE 'POST' END, NULL,
             'id=' || (r.g % 997), CASE WHEN r.g % 50 = 0 THEN 403 ELSE 200 END,
             '10.' || (r.g % 250) || '.' || (r.g % 199) || '.1', '{}',
             now() - (r.x * interval '365 days')
      FROM (SELECT g, 1 + (hashint4(g) & 2147483647) % ${people}::int AS n, random() AS x,
                   CASE WHEN random() < 0.2 THEN 1 WHEN random() < 0.9875 THEN 2 ELSE 3 END AS t
            FROM generate_series(${from + 1}::int, ${Math.min(LOGS, from + CHUNK)}::int) g) r
      JOIN bench_people p ON p.n = r.n`.execute(db);
    step(`${Math.min(LOGS, from + CHUNK)} log rows`, t0);
  }
  await sql`DROP TABLE bench_people`.execute(db);
  for (const i of indexes) await sql.raw(i.def).execute(db);
  step('log indexes', t0);
  let bulletins = 'seeded';
  try {
    await sql`
      INSERT INTO bulletins (title, content, to_manufacturer, to_owner, account_id, created_at)
      SELECT '压测公告' || g, '内容' || g, g % 2 = 0, g % 3 <> 0 OR g % 2 <> 0,
             (SELECT id FROM accounts WHERE account_type = 1 ORDER BY id LIMIT 1), now() - g * interval '1 hour'
      FROM generate_series(1, ${BULLETINS}::int) g`.execute(db);
  } catch (err) {
    bulletins = `not seeded: ${(err as Error).message}`;
  }
  await sql`VACUUM ANALYZE`.execute(db);
  const buildS = (performance.now() - t0) / 1000;
  step('vacuum analyze', t0);

  const tokens: Record<string, string> = {
    platform: await signIn(bench.baseUrl, '13800000001'),
    operator: await signIn(bench.baseUrl, '13800000005'),
  };
  const results: Record<string, unknown> = {};
  const table: string[] = [];
  for (const r of ROUTES)
    for (const [name, q] of Object.entries(r.cases)) {
      const key = `${r.list}/${r.who}/${name}`;
      const url = `${bench.baseUrl}${r.path}${q ? `?${q}` : ''}`;
      const ms: number[] = [];
      let status = 0;
      let total: unknown = null;
      let rows = 0;
      for (let run = -5; run < RUNS; run++) {
        const t = performance.now();
        const res = await fetch(url, { headers: { authorization: `Bearer ${tokens[r.who]}` } });
        const text = await res.text();
        const dt = performance.now() - t;
        status = res.status;
        if (status !== 200) {
          if (status !== 404) process.stderr.write(`org-lists: ${key}: ${status} ${text.slice(0, 200)}\n`);
          break;
        }
        const data = (JSON.parse(text) as { data: { records: unknown[]; total: number; capped?: boolean } })
          .data;
        total = data.capped ? `${data.total}+` : data.total;
        rows = data.records.length;
        if (run >= 0) ms.push(dt);
      }
      if (status !== 200) {
        results[key] = status === 404 ? 'missing' : `HTTP ${status}`;
        table.push(`${key.padEnd(34)} ${status === 404 ? 'missing' : `HTTP ${status}`}`);
        continue;
      }
      const s = summary(ms);
      results[key] = { ...s, rows, total };
      table.push(
        `${key.padEnd(34)} p50 ${String(s.p50).padStart(6)} ms  p95 ${String(s.p95).padStart(6)} ms  rows ${String(rows).padStart(3)}  total ${total}`,
      );
    }
  const counts = (
    await sql<{ a: string; u: string; l: string }>`
      SELECT (SELECT count(*) FROM accounts) AS a, (SELECT count(*) FROM users) AS u,
             (SELECT count(*) FROM system_logs) AS l`.execute(db)
  ).rows[0];
  process.stdout.write(`${table.join('\n')}\n`);
  console.log(
    JSON.stringify(
      {
        accounts: counts?.a,
        users: counts?.u,
        logs: counts?.l,
        bulletins,
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
