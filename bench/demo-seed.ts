/**
 * The first start's demo seeding, timed step by step on a new database of TEST_DATABASE_URL's
 * server (issue 21 #10): the organisations (seedDemo, before listen), the screens' records
 * (seedDemoActivity, before listen too), then what main.ts does in the background: the year of
 * history (DEMO_HISTORY_SORTIES, default 3000 as npm start), the leasing history and the faulty
 * flights (seedDemoAnomalies). `npx tsx bench/demo-seed.ts`; ROUNDS=n repeats on fresh databases.
 */
import { seedDemoActivity } from '../apps/server/src/demo/activity.ts';
import { seedDemoAnomalies } from '../apps/server/src/demo/anomalies.ts';
import { seedDemoLeasingHistory } from '../apps/server/src/demo/leasingHistory.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { createDb } from '../apps/server/src/platform/db.ts';
import { migrateToLatest } from '../apps/server/src/platform/migrate.ts';
import { seedHistory } from '../apps/server/src/sim/historyGen.ts';
import { admin } from './telemetry-kit.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('set TEST_DATABASE_URL to a PostgreSQL server');
const rounds = Number(process.env.ROUNDS ?? 1);
const sorties = Number(process.env.DEMO_HISTORY_SORTIES ?? 3000);
const timeZone = 'Asia/Shanghai';

for (let round = 1; round <= rounds; round++) {
  const name = `bench_demo_seed_${process.pid}_${round}`;
  await admin(adminUrl, `CREATE DATABASE ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const db = createDb(u.toString(), 10);
  try {
    await migrateToLatest(db);
    const ms: Record<string, number> = {};
    const time = async <T>(step: string, fn: () => Promise<T>) => {
      const t = Date.now();
      const r = await fn();
      ms[step] = Date.now() - t;
      return r;
    };
    await time('seedDemo', () => seedDemo(db));
    const activity = await time('seedDemoActivity', () =>
      seedDemoActivity(db, {
        timeZone,
        jwtSecret: 'bench-secret-bench-secret-bench-secret',
        origin: 'http://localhost',
      }),
    );
    await time('history', () =>
      seedHistory(db, { sorties, days: 365, seed: 1, tracksDays: 2, templates: 60 }),
    );
    await time('leasingHistory', () => seedDemoLeasingHistory(db, timeZone));
    const flown = await time('anomalies', () => seedDemoAnomalies(db, { timeZone }));
    console.log(
      JSON.stringify({
        round,
        beforeListenMs: (ms.seedDemo ?? 0) + (ms.seedDemoActivity ?? 0),
        ms,
        activity,
        flown,
      }),
    );
  } finally {
    await db.destroy();
    await admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
