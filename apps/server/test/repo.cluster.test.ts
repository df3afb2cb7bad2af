/**
 * `npm run cluster` (scripts/cluster.mjs) reads its settings before it starts anything: `--plan`
 * prints what it would start, and a bad setting stops it with a message and exit status 2. (Running
 * the cluster itself is what test/cluster.failover.test.ts does with the same parts.)
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';

function cluster(env: Record<string, string>) {
  const run = spawnSync(process.execPath, ['scripts/cluster.mjs', '--plan'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    timeout: 20_000,
  });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

interface Plan {
  size: number;
  dir: string;
  front: number;
  database: string | { embedded: string; port: number };
  nats: string | { port: number; url: string };
  consoles: Array<{ name: string; port: number; mqttPort: number; dataDir: string; seeds: boolean }>;
}

describe('scripts/cluster.mjs settings', () => {
  it('plans three consoles behind port 8080, the first seeding, on one embedded PostgreSQL and a local NATS', () => {
    const run = cluster({});
    expect(run.status, run.err).toBe(0);
    const plan = JSON.parse(run.out) as Plan;
    expect(plan.size).toBe(3);
    expect(plan.front).toBe(8080);
    expect(plan.consoles.map((c) => [c.port, c.mqttPort, c.seeds])).toEqual([
      [8081, 1884, true],
      [8082, 1885, false],
      [8083, 1886, false],
    ]);
    expect(new Set(plan.consoles.map((c) => c.dataDir)).size).toBe(3);
    expect(plan.dir).toBe(join(REPO_ROOT, 'data', 'cluster'));
    expect(plan.database).toEqual({ embedded: join(plan.dir, 'db'), port: 54339 });
    expect(plan.nats).toMatchObject({ url: 'nats://127.0.0.1:4223' });
  });

  it('takes the size, ports, database and NATS it is given', () => {
    const run = cluster({
      CLUSTER_SIZE: '5',
      CLUSTER_PORT: '9000',
      CLUSTER_MQTT_PORT: '2000',
      DATABASE_URL: 'postgres://u@db:5432/agrifleet',
      CLUSTER_NATS_URL: 'nats://a:4222,nats://b:4222',
    });
    expect(run.status, run.err).toBe(0);
    const plan = JSON.parse(run.out) as Plan;
    expect(plan.consoles.map((c) => c.port)).toEqual([9001, 9002, 9003, 9004, 9005]);
    expect(plan.consoles.map((c) => c.mqttPort)).toEqual([2000, 2001, 2002, 2003, 2004]);
    expect(plan.consoles.filter((c) => c.seeds).map((c) => c.name)).toEqual(['console1']);
    expect(plan.database).toBe('postgres://u@db:5432/agrifleet');
    expect(plan.nats).toBe('nats://a:4222,nats://b:4222');
  });

  it.each([
    [{ CLUSTER_SIZE: '0' }, /CLUSTER_SIZE must be a whole number from 1 to 32, got "0"/],
    [{ CLUSTER_SIZE: 'three' }, /CLUSTER_SIZE must be/],
    [{ CLUSTER_SIZE: '2.5' }, /CLUSTER_SIZE must be/],
    [{ CLUSTER_PORT: '65534' }, /CLUSTER_PORT must be a whole number from 1 to 65532/],
    [{ CLUSTER_MQTT_PORT: '-1' }, /CLUSTER_MQTT_PORT must be/],
    [{ DATABASE_URL: 'localhost:5432' }, /DATABASE_URL must be a URL/],
    [{ CLUSTER_NATS_URL: '4222' }, /CLUSTER_NATS_URL must be a URL/],
  ])('refuses %o before starting anything', (env, message) => {
    const run = cluster(env);
    expect(run.status).toBe(2);
    expect(run.err).toMatch(/The cluster did not start/);
    expect(run.err).toMatch(message);
    expect(run.out).toBe('');
  });
});
