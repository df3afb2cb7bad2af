/** Helpers for the simulator's tests: read the points back as a tracker would. */
import type { TelemetryPoint } from '@agrifleet/domain';
import type { Rect } from './area.ts';
import type { MissionPlan, UV } from './plan.ts';

export function pointUV(plan: MissionPlan, p: TelemetryPoint): UV {
  const xy = plan.frame.toXY({ lng: p.lng, lat: p.lat });
  return {
    u: xy.x * plan.axisU.x + xy.y * plan.axisU.y,
    v: xy.x * plan.axisV.x + xy.y * plan.axisV.y,
  };
}

/** Runs of consecutive pump-on samples. */
export function sprayRuns(points: readonly TelemetryPoint[]): TelemetryPoint[][] {
  const runs: TelemetryPoint[][] = [];
  let run: TelemetryPoint[] = [];
  for (const p of points) {
    if (p.pump) run.push(p);
    else if (run.length > 0) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** Volume as a tracker integrates it: flow x time between consecutive pump-on samples, litres. */
export function trackedVolumeL(points: readonly TelemetryPoint[]): number {
  let litres = 0;
  for (const run of sprayRuns(points)) {
    for (let i = 1; i < run.length; i++) {
      const a = run[i - 1] as TelemetryPoint;
      const b = run[i] as TelemetryPoint;
      litres += (a.flow / 60) * ((b.recordTime - a.recordTime) / 1000);
    }
  }
  return litres;
}

/** One flat-ended swath rectangle per run, from the samples (the runs are straight, along u). */
export function trackedRects(plan: MissionPlan, points: readonly TelemetryPoint[]): Rect[] {
  return sprayRuns(points).map((run) => {
    const uv = run.map((p) => pointUV(plan, p));
    const v = uv.reduce((s, p) => s + p.v, 0) / uv.length;
    const half = (run[0]?.swath ?? 0) / 2;
    return {
      u0: Math.min(...uv.map((p) => p.u)),
      u1: Math.max(...uv.map((p) => p.u)),
      v0: v - half,
      v1: v + half,
    };
  });
}
