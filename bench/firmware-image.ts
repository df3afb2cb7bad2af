/**
 * Firmware image signing and encryption, streamed (issue 23 point 1 targets: encrypt a 64 MiB image
 * <= 2 s, verify it <= 1 s, memory bounded whatever the size).
 *
 *   npx tsx bench/firmware-image.ts
 *
 * Writes BENCH_FIRMWARE_MIB (64) MiB of random plaintext to a temp file (1 MiB at a time), then builds
 * a signed and encrypted MCUboot image from it (Ed25519 + ECIES-X25519 / AES-128-CTR) and verifies it,
 * BENCH_RUNS (3) times each. RSS is sampled every 2 ms; the bench prints the wall times, the peak RSS
 * growth over the baseline taken before the first run, and fails when a run misses a target.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  encryptImage,
  generateDeviceKey,
  generateSigningKey,
  verifyImage,
} from '../apps/server/src/modules/firmware/image/index.ts';

const MIB = 1024 * 1024;
const SIZE_MIB = Number(process.env.BENCH_FIRMWARE_MIB ?? 64);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_ENCRYPT_MS = 2000;
const TARGET_VERIFY_MS = 1000;

const dir = mkdtempSync(join(tmpdir(), 'bench-firmware-'));
const plainPath = join(dir, 'firmware.bin');
const imagePath = join(dir, 'firmware.img');

/** Runs `fn`, sampling RSS meanwhile; returns its wall time and the peak RSS seen. */
async function measured<T>(fn: () => Promise<T>) {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 2);
  const t0 = performance.now();
  try {
    const result = await fn();
    const ms = performance.now() - t0;
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, ms: Math.round(ms), peak };
  } finally {
    clearInterval(timer);
  }
}

try {
  const fh = await open(plainPath, 'w');
  for (let i = 0; i < SIZE_MIB; i++) await fh.write(randomBytes(MIB));
  await fh.close();
  const signing = generateSigningKey();
  const device = generateDeviceKey();
  const publicKeys = [{ keyId: signing.keyId, spkiDer: signing.publicKeySpkiDer, revoked: false }];
  const deviceKeys = [{ id: device.id, privateKey: device.privateKeyPem }];

  const baseline = process.memoryUsage().rss;
  const runs: Record<string, number | string | boolean>[] = [];
  for (let r = 0; r < RUNS; r++) {
    const enc = await measured(() =>
      encryptImage({
        input: plainPath,
        output: imagePath,
        signingKey: signing.privateKeyPem,
        deviceKey: device.publicKeyRaw,
        version: '1.0.0+1',
        encrypt: true,
      }),
    );
    const ver = await measured(() => verifyImage({ input: imagePath, publicKeys, deviceKeys }));
    runs.push({
      encryptMs: enc.ms,
      verifyMs: ver.ms,
      encryptMiBps: Math.round(SIZE_MIB / (enc.ms / 1000)),
      verifyMiBps: Math.round(SIZE_MIB / (ver.ms / 1000)),
      peakRssGrowthMiB: Math.round(((Math.max(enc.peak, ver.peak) - baseline) / MIB) * 10) / 10,
      valid: ver.result.valid,
      imageBytes: enc.result.size,
    });
    process.stderr.write(`firmware-image: run ${r + 1}/${RUNS} ${JSON.stringify(runs[r])}\n`);
  }
  const best = (k: string) => Math.min(...runs.map((x) => x[k] as number));
  const out = {
    plaintextMiB: SIZE_MIB,
    node: process.version,
    runs,
    bestEncryptMs: best('encryptMs'),
    bestVerifyMs: best('verifyMs'),
    maxPeakRssGrowthMiB: Math.max(...runs.map((x) => x.peakRssGrowthMiB as number)),
    baselineRssMiB: Math.round(baseline / MIB),
    targets: { encryptMs: TARGET_ENCRYPT_MS, verifyMs: TARGET_VERIFY_MS },
    withinTarget: runs.every(
      (x) =>
        x.valid === true &&
        (x.encryptMs as number) <= TARGET_ENCRYPT_MS &&
        (x.verifyMs as number) <= TARGET_VERIFY_MS,
    ),
  };
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  if (!out.withinTarget) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
