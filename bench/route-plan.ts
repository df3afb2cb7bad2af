/**
 * Group route planning figures (issue 11): for each test block (packages/domain/src/planning/
 * testShapes.ts) and 1, 3 and 8 drones, on every edge choice listed, the planned coverage and
 * double-covered share of the block's area net of holes, and the largest |flightTime - mean| /
 * mean; then the time to plan the 2,000-mu non-convex block with two holes for 8 drones (p50, p95,
 * max over BENCH_RUNS runs, default 30, after 5 warm-up runs). Prints JSON.
 *
 *   npx tsx bench/route-plan.ts
 *
 * Width 5 m (BENCH_WIDTH), default speed, height and dosage (PLAN_DEFAULTS).
 */
import { performance } from 'node:perf_hooks';
import { planGroupRoute } from '../packages/domain/src/planning/planGroupRoute.ts';
import { TEST_BLOCKS, testBlock } from '../packages/domain/src/planning/testShapes.ts';

const width = Number(process.env.BENCH_WIDTH ?? 5);
const runs = Number(process.env.BENCH_RUNS ?? 30);
const EDGES: Record<string, number[]> = {
  rectangle: [0, 1],
  lShape: [0, 1, 3],
  twoHoles: [0, 1],
  diagonalStrip: [0, 1],
  big2000Mu: [0, 1, 5],
};
interface Figures {
  coveragePct?: number;
  overlapPct?: number;
  maxTimeSpreadPct?: number;
}
const pct = (x: number) => Number((100 * x).toFixed(3));

const shapes = TEST_BLOCKS.flatMap((b) =>
  (EDGES[b.name] ?? [0]).flatMap((edge) =>
    [1, 3, 8].map((droneCount) => {
      const r = planGroupRoute(b.geometry, { alignEdgeIndex: edge, home: b.home, droneCount, width });
      if (!r.ok)
        return { block: b.name, edge, droneCount, issue: r.issue } as Record<string, unknown> & Figures;
      const p = r.plan;
      const times = p.routes.map((d) => d.flightTimeS);
      const mean = times.reduce((s, t) => s + t, 0) / times.length;
      return {
        block: b.name,
        edge,
        droneCount,
        blockMu: Number((p.blockAreaM2 / 666.667).toFixed(1)),
        passes: p.passes,
        coveragePct: pct(p.coverageAreaM2 / p.blockAreaM2),
        overlapPct: pct(p.overlapAreaM2 / p.blockAreaM2),
        maxTimeSpreadPct: pct(Math.max(...times.map((t) => Math.abs(t - mean) / mean))),
        meanFlightTimeS: Number(mean.toFixed(1)),
        sorties: p.routes.reduce((s, d) => s + d.sorties, 0),
      };
    }),
  ),
);

const big = testBlock('big2000Mu');
const params = { alignEdgeIndex: 0, home: big.home, droneCount: 8, width };
for (let i = 0; i < 5; i++) planGroupRoute(big.geometry, params);
const ms: number[] = [];
for (let i = 0; i < runs; i++) {
  const t = performance.now();
  planGroupRoute(big.geometry, params);
  ms.push(performance.now() - t);
}
ms.sort((a, b) => a - b);
const q = (f: number) =>
  Number((ms[Math.min(ms.length - 1, Math.ceil(f * ms.length) - 1)] as number).toFixed(1));

console.log(
  JSON.stringify(
    {
      width,
      shapes,
      worst: {
        coveragePct: Math.min(...shapes.map((s) => s.coveragePct ?? 0)),
        overlapPct: Math.max(...shapes.map((s) => s.overlapPct ?? 100)),
        maxTimeSpreadPct: Math.max(...shapes.map((s) => s.maxTimeSpreadPct ?? 100)),
      },
      plan2000Mu8Drones: { runs, p50Ms: q(0.5), p95Ms: q(0.95), maxMs: q(1) },
    },
    null,
    2,
  ),
);
