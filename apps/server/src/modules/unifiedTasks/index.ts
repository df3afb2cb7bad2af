/**
 * The unified-task module (issue 22 #2; README.md): routes, and attribution at landing (a telemetry
 * sortie hook, under a savepoint: should it fail, the sortie is still stored and the sweeper judges
 * it within a minute). Registered by app.ts with the fleet dependencies.
 */
import { sql } from 'kysely';
import type { Routes } from '../../platform/routes.ts';
import type { FleetDeps } from '../fleetDeps.ts';
import { attributeLanded, sweepUnattributed } from './unifiedTasks.attribution.ts';
import { createTaskRepo } from './unifiedTasks.repo.ts';
import { unifiedTaskRoutes } from './unifiedTasks.routes.ts';
import { createTaskService } from './unifiedTasks.service.ts';
import { createTaskStats } from './unifiedTasks.stats.ts';

const SWEEP_MS = 60_000;

export const unifiedTasksModule: Routes<FleetDeps> = async (app, deps) => {
  const tz = deps.config.statTimeZone;
  deps.telemetry.addSortieHook(async (trx, sortie, points) => {
    await sql`SAVEPOINT task_attribution`.execute(trx);
    try {
      await attributeLanded(trx, sortie.sortieId, points, tz, sortie.replaced === true);
      await sql`RELEASE SAVEPOINT task_attribution`.execute(trx);
    } catch (err) {
      await sql`ROLLBACK TO SAVEPOINT task_attribution`.execute(trx);
      deps.logger.error({ err, sortieId: sortie.sortieId }, 'unified tasks: attribution at landing failed');
    }
  });
  let sweeper: NodeJS.Timeout | null = null;
  // Once per cluster (the leader's). Two at once during a hand-over are safe: each task is judged
  // under its row lock (FOR UPDATE), and a judged sortie is left out by the next.
  const sweep = () =>
    deps.leader.run('unified tasks sweeper', () =>
      sweepUnattributed(deps.db, tz)
        .then((n) => {
          if (n) deps.logger.warn({ judged: n }, 'unified tasks: sorties judged by the sweeper');
        })
        .catch((err) => deps.logger.error({ err }, 'unified tasks: sweeper failed')),
    );
  app.addHook('onReady', async () => {
    sweeper = setInterval(sweep, SWEEP_MS);
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    if (sweeper) clearInterval(sweeper);
  });

  const tasks = createTaskService({ db: deps.db, repo: createTaskRepo(deps.db), timeZone: tz });
  await app.register(unifiedTaskRoutes, { tasks, stats: createTaskStats(deps.db, tz), db: deps.db });
};
