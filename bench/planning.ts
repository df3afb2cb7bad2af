/**
 * Route planning speed and field truth (issue 20 items 17, 18): for the 40-mu field with a notch and
 * a hole and the 1,000-mu field with three holes (packages/domain/src/planning/testShapes.ts
 * FIELD_TRUTH_BLOCKS), and the tester's 39.5-mu field, at 6 m and 7.5 m swaths for 1 and 8 drones:
 * the time to plan (p50, p95, max over BENCH_RUNS runs, default 20, after 3 warm-up runs), the area
 * sprayed outside the field (measured apart from the planner, planning/measure.ts), and the least
 * distance of any leg (not from or to home) to a hole's edge. Prints JSON.
 *
 *   npx tsx bench/planning.ts
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { legChecks, sprayedOutsideM2 } from '../packages/domain/src/planning/measure.ts';
import { planGroupRoute } from '../packages/domain/src/planning/planGroupRoute.ts';
import { testBlock } from '../packages/domain/src/planning/testShapes.ts';

const runs = Number(process.env.BENCH_RUNS ?? 20);
const q = (ms: number[], f: number) =>
  Number((ms[Math.min(ms.length - 1, Math.ceil(f * ms.length) - 1)] as number).toFixed(1));

const rows = (['field39Mu', 'concave40Mu', 'holes1000Mu'] as const).flatMap((name) =>
  [6, 7.5].flatMap((width) =>
    [1, 8].map((droneCount) => {
      const b = testBlock(name);
      const params = { alignEdgeIndex: 0, home: b.home, droneCount, width };
      const r = planGroupRoute(b.geometry, params);
      if (!r.ok) return { block: name, width, droneCount, issue: r.issue };
      for (let i = 0; i < 3; i++) planGroupRoute(b.geometry, params);
      const ms: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        planGroupRoute(b.geometry, params);
        ms.push(performance.now() - t);
      }
      ms.sort((a, c) => a - c);
      const legs = legChecks(b.geometry, r.plan).filter((l) => !l.home);
      const minHole = Math.min(...legs.map((l) => l.holeM));
      return {
        block: name,
        mu: Number((r.plan.blockAreaM2 / 666.667).toFixed(1)),
        width,
        droneCount,
        passes: r.plan.passes,
        coveragePct: Number(((100 * r.plan.coverageAreaM2) / r.plan.blockAreaM2).toFixed(3)),
        overlapPct: Number(((100 * r.plan.overlapAreaM2) / r.plan.blockAreaM2).toFixed(3)),
        sprayedOutsideM2: Number(sprayedOutsideM2(b.geometry, r.plan).toFixed(2)),
        planFigureOutsideM2: (r.plan as { sprayedOutsideM2?: number }).sprayedOutsideM2 ?? null,
        minHoleDistanceM: Number.isFinite(minHole) ? Number(minHole.toFixed(3)) : null,
        legsCrossingOuter: legs.filter((l) => l.crossesOuter).length,
        planMs: { p50: q(ms, 0.5), p95: q(ms, 0.95), max: q(ms, 1) },
      };
    }),
  ),
);

console.log(
  JSON.stringify(
    { runs, cpus: os.cpus().length, loadavg: os.loadavg().map((x) => x.toFixed(1)), rows },
    null,
    2,
  ),
);
