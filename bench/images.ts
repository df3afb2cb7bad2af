/**
 * Image uploads and the event loop (issue 20, finding 11): GET /api/health latency while 8 uploads
 * are checked at once. Prints JSON.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/images.ts
 *
 * A real console on its own database listening on HTTP; a signed-in operator POSTs 8 images at
 * once to /api/user/upload while /api/health is asked every BENCH_PROBE_MS (default 10) ms, one at a
 * time. Cases: `bomb` (6,324 x 6,324 16-bit RGBA, 0.31 MB, 320 MB of pixel data: refused by its
 * declared size since this issue) and `allowed` (4,096 x 4,096 8-bit RGBA, the largest accepted,
 * 64 MB of pixel data, checked by inflating it). Per case: the uploads' statuses and wall time, and
 * the health latencies (p50, p95, max, ms).
 */
import { performance } from 'node:perf_hooks';
import { zeroPng as pngOf } from '../apps/server/test/pngBomb.ts';
import { signIn, startBenchConsole, summary } from './telemetry-kit.ts';

const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 8);
const PROBE_MS = Number(process.env.BENCH_PROBE_MS ?? 10);

async function upload(baseUrl: string, token: string, png: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'x.png');
  const res = await fetch(`${baseUrl}/api/user/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  await res.arrayBuffer();
  return res.status;
}

async function run(baseUrl: string, token: string, png: Buffer) {
  const latencies: number[] = [];
  let uploading = true;
  const probe = (async () => {
    while (uploading) {
      const t0 = performance.now();
      await (await fetch(`${baseUrl}/api/health`)).arrayBuffer();
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, PROBE_MS));
    }
  })();
  await new Promise((r) => setTimeout(r, 100));
  const t0 = performance.now();
  const statuses = await Promise.all(Array.from({ length: PARALLEL }, () => upload(baseUrl, token, png)));
  const wallMs = Math.round(performance.now() - t0);
  await new Promise((r) => setTimeout(r, 100));
  uploading = false;
  await probe;
  return { fileBytes: png.length, statuses, wallMs, healthMs: summary(latencies) };
}

const consoleApp = await startBenchConsole({ drones: 0 });
try {
  const token = await signIn(consoleApp.baseUrl, '13800000005');
  const bomb = await pngOf(6324, 6324, 16, 6);
  const allowed = await pngOf(4096, 4096, 8, 6);
  // One quiet round first (JIT, connections), not reported.
  await run(consoleApp.baseUrl, token, await pngOf(64, 64, 8, 6));
  const out = {
    parallel: PARALLEL,
    threadpool: Number(process.env.UV_THREADPOOL_SIZE ?? 4),
    bomb: await run(consoleApp.baseUrl, token, bomb),
    allowed: await run(consoleApp.baseUrl, token, allowed),
  };
  console.log(JSON.stringify(out, null, 2));
} finally {
  await consoleApp.stop();
}
