/**
 * Audited writes under a burst (issue 20, finding 5: every write and its system-log row commit in
 * one request transaction). A real console on its own database (the bench kit's pool of 10) takes
 * BENCH_WRITES (2,000) team creations over HTTP, BENCH_CONCURRENCY (50) in flight, then as many
 * hostile ones (a lone surrogate in the name: refused, logged through the batching queue). Prints
 * the answers, the throughput, the latency percentiles, and whether every created team and every
 * refusal has its log row.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/write-burst.ts
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { signIn, startBenchConsole, summary } from './telemetry-kit.ts';

const WRITES = Number(process.env.BENCH_WRITES ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const OPERATOR = '13800000006';

const bench = await startBenchConsole({ drones: 0 });
try {
  const token = await signIn(bench.baseUrl, OPERATOR);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  async function burst(name: (i: number) => string) {
    const ms: number[] = [];
    const answers: Record<number, number> = {};
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = next++; i < WRITES; i = next++) {
          const s = performance.now();
          const res = await fetch(`${bench.baseUrl}/api/user/team`, {
            method: 'POST',
            headers,
            // Raw JSON text: a lone surrogate arrives as its escape, as an attacker sends it.
            body: `{"groupName":${JSON.stringify(name(i)).replace('\\\\ud800', '\\ud800')}}`,
          });
          await res.arrayBuffer();
          ms.push(performance.now() - s);
          answers[res.status] = (answers[res.status] ?? 0) + 1;
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    return { answers, perSecond: Math.round(WRITES / seconds), ms: summary(ms) };
  }

  const created = await burst((i) => `burst-${i}`);
  const hostile = await burst((i) => `bad-${i}\\ud800`);
  // Refusals' rows may still be in the queue for a moment after their answers.
  await new Promise((r) => setTimeout(r, 3000));
  const count = async (q: ReturnType<typeof sql<{ n: number }>>) => (await q.execute(bench.db)).rows[0]?.n;
  const teams = await count(sql`SELECT count(*)::int AS n FROM teams WHERE group_name LIKE 'burst-%'`);
  const okRows = await count(
    sql`SELECT count(*)::int AS n FROM system_logs WHERE action = 'POST /api/user/team' AND result = 200`,
  );
  const refusedRows = await count(
    sql`SELECT count(*)::int AS n FROM system_logs WHERE action = 'POST /api/user/team' AND result = 400`,
  );
  const figures = {
    writes: WRITES,
    concurrency: CONCURRENCY,
    created,
    hostile,
    teams,
    logRowsOfCreated: okRows,
    logRowsOfRefused: refusedRows,
    rowsMissing: (teams ?? 0) - (okRows ?? 0) + ((hostile.answers[400] ?? 0) - (refusedRows ?? 0)),
  };
  console.log(JSON.stringify(figures, null, 2));
} finally {
  await bench.stop();
}
