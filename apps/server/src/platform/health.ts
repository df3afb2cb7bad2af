/**
 * Readiness of one console process for a load balancer (issue 24 #6; docs/operations.md "Metrics and
 * health"): whether it can serve now. It cannot while its database is away, while it stops
 * (SIGTERM: `drain()`, so the balancer sends it nothing new before it closes), or while a check
 * someone added fails (cluster mode adds its NATS connection: `app.readiness.add('nats', ...)`).
 * Liveness is only "the process answers": a database outage must not get every process restarted.
 */
import { sql } from 'kysely';
import type { Db } from './db.ts';
import { within } from './shutdown.ts';

/** A check answers true when its part can serve; a throw or a late answer counts as false. */
export type ReadinessCheck = () => boolean | Promise<boolean>;

/** A check still unanswered after this long fails (a balancer's check times out soon after). */
export const CHECK_TIMEOUT_MS = 2_000;

export interface ReadinessReport {
  ready: boolean;
  /** SIGTERM received: the process finishes what it has and stops. */
  draining: boolean;
  /** Every check by name (database, and the added ones): true when that part can serve. */
  checks: Record<string, boolean>;
}

export function createReadiness(db: Db) {
  const checks = new Map<string, ReadinessCheck>();
  let draining = false;

  async function run(check: ReadinessCheck): Promise<boolean> {
    let answer = false;
    const work = Promise.resolve()
      .then(check)
      .then((v) => {
        answer = v === true;
      });
    return (await within(CHECK_TIMEOUT_MS, work)) && answer;
  }

  checks.set('database', async () => {
    await sql`SELECT 1`.execute(db);
    return true;
  });

  return {
    /** Adds (or replaces) a named check; returns its removal. */
    add(name: string, check: ReadinessCheck) {
      checks.set(name, check);
      return () => {
        if (checks.get(name) === check) checks.delete(name);
      };
    },
    /** The process is stopping: not ready from now on, whatever the checks say. */
    drain() {
      draining = true;
    },
    get draining() {
      return draining;
    },
    async report(): Promise<ReadinessReport> {
      const names = [...checks.keys()];
      const answers = await Promise.all(names.map((n) => run(checks.get(n) as ReadinessCheck)));
      const result: Record<string, boolean> = {};
      names.forEach((n, i) => {
        result[n] = answers[i] as boolean;
      });
      return { ready: !draining && answers.every(Boolean), draining, checks: result };
    },
  };
}
export type Readiness = ReturnType<typeof createReadiness>;
