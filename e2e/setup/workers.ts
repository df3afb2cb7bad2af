/**
 * How many browser-test files run at once, each with its own console: E2E_WORKERS, default 1. On a
 * 2-core machine two at once gained nothing (measured 2026-11-28: each file took twice as long;
 * Chromium's software WebGL and the renderer already keep both cores busy); a larger machine may set more.
 */
export function e2eWorkers(): number {
  const n = Number(process.env.E2E_WORKERS ?? 1);
  return Number.isInteger(n) && n >= 1 && n <= 8 ? n : 1;
}
