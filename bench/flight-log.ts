/**
 * Drone-signed flight logs (issue 23 point 2; apps/server/src/modules/firmware/flightLog/): the log
 * of a one-hour sortie at 5 Hz (18,000 records of the sample spraying sortie, every telemetry field
 * filled) is written and signed, then verified. Target: verifying it in <= 500 ms.
 *
 *   npx tsx bench/flight-log.ts
 *
 * Prints JSON: the file's size, the write time, and the verify time of each run (wall and CPU; the
 * first run includes the JIT's warm-up), with and without returning the points, and the time to find
 * a change in the last record; fails when a run is invalid or the median verify time is over the
 * target. BENCH_RECORDS changes the record count.
 */
import { generateKeyPairSync } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  ed25519KeyId,
  verifyFlightLog,
  writeFlightLog,
} from '../apps/server/src/modules/firmware/flightLog/index.ts';
import { sampleSortie } from '../apps/server/src/modules/firmware/flightLog/sample.ts';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 18_000);
const RUNS = 5;
const TARGET_MS = 500;

const ms = (t0: number) => Math.round((performance.now() - t0) * 10) / 10;
/** CPU time of this process since `c0` (all its threads), ms: steadier than wall time on a busy machine. */
const cpuMs = (c0: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(c0);
  return Math.round((c.user + c.system) / 100) / 10;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const keyId = ed25519KeyId(publicKey);
const records = sampleSortie(RECORDS);

let t0 = performance.now();
const text = writeFlightLog({ droneId: 'T40-BENCH-0001', sortieId: 'S-1', keyId, privateKey, records });
const writeMs = ms(t0);
const bytes = Buffer.from(text);
const lookup = () => ({ publicKey, revoked: false });

const verifyMs: number[] = [];
const verifyCpuMs: number[] = [];
const withPointsMs: number[] = [];
let allValid = true;
for (let r = 0; r < RUNS; r++) {
  t0 = performance.now();
  const c0 = process.cpuUsage();
  const v = await verifyFlightLog(bytes, lookup);
  verifyMs.push(ms(t0));
  verifyCpuMs.push(cpuMs(c0));
  t0 = performance.now();
  const p = await verifyFlightLog(bytes, lookup, { points: true });
  withPointsMs.push(ms(t0));
  allValid &&= v.valid && v.records === RECORDS && p.points?.length === RECORDS;
}
// A log damaged at its last record is read to the end before the answer.
const damaged = Buffer.from(bytes);
const at = damaged.lastIndexOf('"type":"rec"') - 2; // a digit of the last record's tank
damaged[at] = (damaged[at] as number) ^ 1;
t0 = performance.now();
const bad = await verifyFlightLog(damaged, lookup);
const damagedMs = ms(t0);

const out = {
  records: RECORDS,
  fileBytes: bytes.length,
  fileMiB: Math.round((bytes.length / 2 ** 20) * 100) / 100,
  bytesPerRecord: Math.round(bytes.length / RECORDS),
  writeMs,
  verifyMs,
  verifyMedianMs: median(verifyMs),
  verifyCpuMs,
  verifyWithPointsMs: withPointsMs,
  damagedLastRecord: { ms: damagedMs, reason: bad.reason, line: bad.line },
  targetMs: TARGET_MS,
  withinTarget: median(verifyMs) <= TARGET_MS,
  allValid,
  node: process.version,
};
process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
if (!allValid || !out.withinTarget) process.exitCode = 1;
