/**
 * A NATS server with JetStream for the cluster tests, on a free port in a temp folder: the Debian
 * package's binary (`nats-server`; NATS_SERVER_BIN names another), started and stopped by the test.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './freePort.ts';

export interface NatsServer {
  url: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

export function natsServerBin(): string | null {
  const named = process.env.NATS_SERVER_BIN;
  if (named) return named;
  for (const p of ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'])
    if (existsSync(p)) return p;
  try {
    return execFileSync('sh', ['-c', 'command -v nats-server'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = netConnect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

export async function startNatsServer(): Promise<NatsServer> {
  const bin = natsServerBin();
  if (!bin) throw new Error('nats-server is not installed (apt-get install nats-server; .ci/run does)');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'agrifleet-nats-'));
  const proc = spawn(bin, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], { stdio: 'ignore' });
  for (const deadline = Date.now() + 15_000; !(await listening(port)); ) {
    if (Date.now() > deadline || proc.exitCode !== null) {
      proc.kill('SIGKILL');
      throw new Error(`nats-server did not start on port ${port}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `nats://127.0.0.1:${port}`,
    proc,
    async stop() {
      if (proc.exitCode === null) {
        const gone = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        await Promise.race([gone, new Promise((r) => setTimeout(r, 5_000))]);
        if (proc.exitCode === null) proc.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
