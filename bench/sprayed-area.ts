/**
 * Sprayed area of a sortie: speed, and error against the analytic area of synthetic sorties
 * (apps/server/src/telemetry/area/sprayScenarios.ts). Prints JSON. Figures of issue 3: a sortie
 * of 20,000 points in well under 50 ms, within 1 % of the true area.
 *
 *   npx tsx bench/sprayed-area.ts
 */

import os from 'node:os';
import type { TelemetryPoint } from '@agrifleet/domain';
import { DEFAULT_DRONE, rectangleField, runMission } from '../apps/server/src/sim/flight/index.ts';
import {
  addRun,
  newQuadSet,
  sprayedArea,
  unionAreaOfQuads,
} from '../apps/server/src/telemetry/area/sprayedArea.ts';
import {
  boustrophedon,
  crossPasses,
  type Field,
  fly,
  parallelPassesArea,
} from '../apps/server/src/telemetry/area/sprayScenarios.ts';

interface Scenario {
  name: string;
  points: TelemetryPoint[];
  truthM2: number;
}

const plain: Field = { lat: 30.5, lng: 114.3, azimuth: 90 };

function scenarios(): Scenario[] {
  const w = 6;
  // About an hour at 5 Hz and 5 m/s: 48 passes of 400 m touching, with 2 cm RTK noise.
  const hour = fly(plain, boustrophedon(48, 400, w), { swath: w, jitter: 0.02, seed: 7 });
  // 35 % overlap, diagonal, at lat 45.
  const diagonal = fly({ lat: 45.2, lng: 5.7, azimuth: 37 }, boustrophedon(30, 300, w * 0.65), { swath: w });
  // The same field sprayed twice, the second time across the first.
  const n = 20;
  const m = 40;
  const twice = fly(
    plain,
    [...boustrophedon(n, m * w, w), ...crossPasses(m, w / 2, w, -w / 2, n * w - w / 2)],
    {
      swath: w,
    },
  );
  // A 2 km x 2 km field: 250 passes of 2 km at 8 m swath, 10 m/s (250,000 points).
  const big = fly(plain, boustrophedon(250, 2000, 8), { swath: 8, speed: 10 });
  return [
    { name: 'hour, touching passes, 2 cm noise', points: hour, truthM2: parallelPassesArea(48, 400, w, w) },
    {
      name: 'diagonal 37 deg, 35 % overlap, lat 45',
      points: diagonal,
      truthM2: parallelPassesArea(30, 300, w * 0.65, w),
    },
    {
      name: 'sprayed twice, across',
      points: twice,
      truthM2: n * w * m * w,
    },
    { name: '2 km x 2 km field', points: big, truthM2: parallelPassesArea(250, 2000, 8, 8) },
  ];
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

function fine(points: TelemetryPoint[], area: number): number | undefined {
  if (points.length > 100_000) return undefined;
  const reference = sprayedArea(points, { rowsPerDiameter: 200, maxCrossings: 1e8 }).areaM2;
  return Number((((area - reference) / reference) * 100).toFixed(4));
}

const results = [];
for (const s of scenarios()) {
  const runs = s.points.length > 100_000 ? 5 : 30;
  for (let i = 0; i < 3; i++) sprayedArea(s.points); // warm up
  const times: number[] = [];
  let area = 0;
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    area = sprayedArea(s.points).areaM2;
    times.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage(cpu0);
  const ms = median(times);
  results.push({
    scenario: s.name,
    points: s.points.length,
    msPerSortie: Number(ms.toFixed(2)),
    msMax: Number(Math.max(...times).toFixed(2)),
    // Wall time suffers from whatever else the machine runs; CPU time less so.
    cpuMsPerSortie: Number(((cpu.user + cpu.system) / 1000 / runs).toFixed(2)),
    pointsPerSecond: Math.round(s.points.length / (ms / 1000)),
    areaM2: Number(area.toFixed(1)),
    truthM2: Number(s.truthM2.toFixed(1)),
    errorPercent: Number((((area - s.truthM2) / s.truthM2) * 100).toFixed(4)),
    // Against the same sortie at 10 times finer rows: the discretisation alone (the noisy
    // sortie's true area is not the noise-free one's: noise opens slivers between passes).
    vsFineRowsPercent: fine(s.points, area),
  });
}

// The lower level alone: 50 passes of 400 m sampled every metre, 6 m swath (about 20,000 quads).
const quads = newQuadSet(20_050);
for (let pass = 0; pass < 50; pass++) {
  const xs = Float64Array.from({ length: 401 }, (_, i) => (pass % 2 === 0 ? i : 400 - i));
  const ys = new Float64Array(401).fill(pass * 6);
  addRun(quads, xs, ys, new Float64Array(401).fill(3), 401);
}
const union = unionAreaOfQuads(quads, { swathM: 6 });
const t0 = performance.now();
for (let i = 0; i < 20; i++) unionAreaOfQuads(quads, { swathM: 6 });
const quadMs = (performance.now() - t0) / 20;

// The figure: simulated sorties against the simulator's ground truth (flat-ended swaths).
const simulated = (
  [
    [200, 333.33, 0, 0],
    [60, 420, 37, 0.3],
  ] as const
).map(([widthM, lengthM, angleDeg, overlap]) => {
  const field = rectangleField({ center: { lng: 114.65, lat: 33.55 }, widthM, lengthM, angleDeg });
  const mission = runMission(DEFAULT_DRONE, field, { startTime: 1.78e12, seed: 7, rateHz: 5, overlap });
  let truth = 0;
  let got = 0;
  let worst = 0;
  let volumeTruth = 0;
  let volume = 0;
  for (const sortie of mission.sorties) {
    const r = sprayedArea(sortie.points);
    truth += sortie.truth.sprayedAreaM2;
    got += r.areaM2;
    volumeTruth += sortie.truth.volumeL;
    volume += r.volumeL;
    worst = Math.max(worst, Math.abs(r.areaM2 / sortie.truth.sprayedAreaM2 - 1));
  }
  return {
    field: `${widthM} x ${lengthM} m at ${angleDeg} deg, overlap ${overlap}`,
    sorties: mission.sorties.length,
    areaErrorPercent: Number(((got / truth - 1) * 100).toFixed(4)),
    worstSortieErrorPercent: Number((worst * 100).toFixed(4)),
    volumeErrorPercent: Number(((volume / volumeTruth - 1) * 100).toFixed(4)),
  };
});

console.log(
  JSON.stringify(
    {
      node: process.version,
      simulatedSorties: simulated,
      loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
      scenarios: results,
      unionAreaOfQuads: {
        quads: quads.count,
        msMean: Number(quadMs.toFixed(2)),
        rowHeightM: Number(union.rowHeightM.toFixed(4)),
        rows: union.rows,
        crossings: union.crossings,
      },
    },
    null,
    2,
  ),
);
